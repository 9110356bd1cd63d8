import type { PageMeta } from "./page-head";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { logger } from "../../logger";

/** What the web's server renderer (web/src/entry-server.tsx) answers for a URL. */
export type PageResult =
  | {
      kind: "page";
      status: number;
      html: string;
      /** The page's styles: one `<style>` element for its head. */
      styles: string;
      state: unknown;
      title: string | null;
      modules: string[];
      leadImage: string | null;
      meta: PageMeta | null;
      noindex: boolean;
    }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "client-only" };

export type ExecuteOperation = (request: {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}) => Promise<{ data?: Record<string, unknown> | null; errors?: ReadonlyArray<unknown> }>;

export type RenderPage = (request: {
  url: string;
  execute: ExecuteOperation;
  signal?: AbortSignal;
}) => Promise<PageResult>;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The production build of the web: the page template, its chunks, and the server renderer. */
export interface WebBuild {
  dist: string;
  /** index.html, cut around its placeholders. */
  template: { beforeHead: string; afterHead: string; afterHtml: string; afterState: string };
  render: RenderPage | null;
  /** The chunks to preload for the given source modules (and what they import), minus those the template loads. */
  preloads(modules: string[]): string[];
}

const PLACEHOLDERS = ["<!--app-head-->", "<!--app-html-->", "<!--app-state-->"] as const;

/**
 * Loads web/dist (the browser build) and web/dist-ssr (the server renderer). Without the
 * renderer, pages are sent as the empty shell and rendered by the browser.
 */
export async function loadWebBuild(dist: string): Promise<WebBuild | null> {
  const indexFile = join(dist, "index.html");
  if (!existsSync(indexFile)) return null;
  // The build's own preloads wait behind the page's pictures too (see web-app.ts).
  const html = readFileSync(indexFile, "utf8").replace(
    /<link rel="modulepreload" /g,
    '<link rel="modulepreload" fetchpriority="low" ',
  );
  const [beforeHead, rest1 = ""] = html.split(PLACEHOLDERS[0]);
  const [afterHead, rest2 = ""] = rest1.split(PLACEHOLDERS[1]);
  const [afterHtml, afterState = ""] = rest2.split(PLACEHOLDERS[2]);
  if (!afterState) throw new Error(`${indexFile} lacks the ${PLACEHOLDERS.join(", ")} placeholders`);

  const manifestFile = join(dist, ".vite", "manifest.json");
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, "utf8"))
    : {};
  const inTemplate = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]));
  const preloads = (modules: string[]): string[] => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    // The application's own entry, loaded by the boot script once the page is painted.
    ["src/main.tsx", ...modules].forEach(visit);
    return [...files].filter((file) => !inTemplate.has(file)).map((file) => `/${file}`);
  };

  const rendererFile = join(resolve(dist, ".."), "dist-ssr", "entry-server.js");
  let render: RenderPage | null = null;
  if (existsSync(rendererFile)) {
    // The absolute path, not a file: URL: under the development loader (swc) this import becomes
    // a require, which takes a path (and an ES module, since Node 20.19).
    const module = (await import(rendererFile)) as { renderPage: RenderPage };
    render = module.renderPage;
  } else {
    logger.warn("web.renderer_missing", { rendererFile });
  }
  return { dist, template: { beforeHead, afterHead, afterHtml, afterState }, render, preloads };
}
