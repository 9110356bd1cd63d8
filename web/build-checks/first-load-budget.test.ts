// Reads the production build (web/dist, written by `npm run build`) and holds the public
// pages to their first-load budget: the JavaScript a phone downloads for the page to work.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { ChunkStats } from "../build/bundle-stats";

const DIST = join(import.meta.dirname, "..", "dist");

/** 200 KiB of JavaScript, gzip (default level), for the entry and the page's own chunks. */
export const FIRST_LOAD_BUDGET = 200 * 1024;

/** The public routes and the page module each renders. */
const PUBLIC_ROUTES: Record<string, string> = {
  "/ and /actualites": "src/pages/NewsListPage.tsx",
  "/ressources": "src/pages/ResourcesListPage.tsx",
  "/services": "src/pages/SheetsListPage.tsx",
  "/actualites/{id} and /ressources/{id}": "src/pages/MediaDetailPage.tsx",
  "/services/{id}": "src/pages/SheetPage.tsx",
};

/** What a public page must never carry unless it asks for it with a dynamic import. */
const FORBIDDEN: Array<[string, RegExp]> = [
  ["the map libraries", /node_modules\/(maplibre-gl|mapbox-gl)\//],
  [
    "the article editor",
    /node_modules\/(quill|react-quill-new|quill-delta|parchment)\/|web\/src\/modules\/media\/editor\//,
  ],
  ["the GraphQL explorer", /node_modules\/(graphiql|@graphiql\/[^/]+|monaco-editor|prettier)\/|web\/src\/explorer\//],
  [
    "dialogs and drawers",
    /components\/(dialog|drawer)\/|web\/src\/(ui|modules\/[^/]+)\/[A-Za-z]*(Dialog|Drawer)\.tsx$/,
  ],
  ["administration", /web\/src\/(modules\/users\/|pages\/(UsersAdminPage|ProfilePage)\.tsx)/],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

function readBuild() {
  const manifestFile = join(DIST, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) throw new Error("No production build in web/dist: run `npm run build` first.");
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestFile, "utf8"));
  const stats: ChunkStats[] = JSON.parse(readFileSync(join(DIST, ".vite", "bundle-stats.json"), "utf8"));
  return { manifest, chunks: new Map(stats.map((chunk) => [chunk.file, chunk])) };
}

const { manifest, chunks } = readBuild();
const gzipSize = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;

/** The chunks loaded with these manifest entries, following static imports only. */
function firstLoad(entries: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  return [...files].filter((file) => file.endsWith(".js"));
}

/** A page loads the boot script, the application (src/main.tsx, imported once painted) and its own chunks. */
const pageFiles = (page: string) => firstLoad(["index.html", "src/main.tsx", page]);

/** Each module's share of the gzip size of its chunk, largest first. */
function largestModules(files: string[], count = 12): string[] {
  const sizes = files.flatMap((file) => {
    const chunk = chunks.get(file);
    if (!chunk) return [];
    const total = Object.values(chunk.modules).reduce((sum, bytes) => sum + bytes, 0) || 1;
    const gzip = gzipSize(file);
    return Object.entries(chunk.modules).map(([id, bytes]) => ({ id, gzip: (gzip * bytes) / total }));
  });
  return sizes
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, count)
    .map(({ id, gzip }) => `${(gzip / 1024).toFixed(1)} KiB ${id}`);
}

describe("first-load JavaScript of the public pages (production build)", () => {
  it.each(Object.entries(PUBLIC_ROUTES))("%s stays within 200 KiB gzip", (_route, page) => {
    const files = pageFiles(page);
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
    const report = `${(total / 1024).toFixed(1)} KiB; largest modules:\n  ${largestModules(files).join("\n  ")}`;
    expect(total, report).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it.each(Object.entries(PUBLIC_ROUTES))("%s loads no map, editor, explorer, dialog or admin code", (_route, page) => {
    const modules = pageFiles(page).flatMap((file) => Object.keys(chunks.get(file)?.modules ?? {}));
    const found = FORBIDDEN.flatMap(([what, pattern]) =>
      modules.filter((id) => pattern.test(id)).map((id) => `${what}: ${id}`),
    );
    expect(found).toEqual([]);
  });

  it("keeps the heavy parts in chunks of their own, loaded on demand", () => {
    // The rules above can only fail if the build still holds these parts somewhere.
    const all = [...chunks.values()].flatMap((chunk) => Object.keys(chunk.modules));
    for (const [, pattern] of FORBIDDEN.slice(0, 4)) expect(all.some((id) => pattern.test(id))).toBe(true);
  });
});
