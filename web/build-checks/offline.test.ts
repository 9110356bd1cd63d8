// Reads the production build (web/dist) for what makes the portal installable and readable
// offline: the web-app manifest and its icons, and what the service worker keeps on the device.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PORTAL_DESCRIPTION, PORTAL_NAME } from "../../api/src/shared/rules";
import type { ChunkStats } from "../build/bundle-stats";
import { HEAVY, SIGNED_IN_ENTRIES } from "../build/offline-precache";

const DIST = join(import.meta.dirname, "..", "dist");

/** What the service worker's precache may weigh (gzip): the public side's code and icons. */
const PRECACHE_BUDGET = 500 * 1024;

/** The public pages, whose first load must work from the precache alone. */
const PUBLIC_PAGES = [
  "src/pages/NewsListPage.tsx",
  "src/pages/ResourcesListPage.tsx",
  "src/pages/SheetsListPage.tsx",
  "src/pages/MediaDetailPage.tsx",
  "src/pages/SheetPage.tsx",
  "src/pages/StaticPages.tsx",
];

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const read = (file: string) => readFileSync(join(DIST, file));
const pngSize = (file: string) => {
  const bytes = read(file);
  expect(bytes.subarray(1, 4).toString(), file).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
};

function readBuild() {
  if (!existsSync(join(DIST, "sw.js"))) throw new Error("No service worker in web/dist: run `npm run build` first.");
  const manifest: Record<string, ManifestChunk> = JSON.parse(read(".vite/manifest.json").toString());
  const stats: ChunkStats[] = JSON.parse(read(".vite/bundle-stats.json").toString());
  const worker = read("sw.js").toString();
  // Workbox writes the precache list into the worker as a JSON array of { url, revision }.
  const list = /\[\{"(?:url|revision)":.*?\}\]/.exec(worker)?.[0];
  if (!list) throw new Error("No precache list found in dist/sw.js");
  const precache = (JSON.parse(list) as Array<{ url: string }>).map((entry) => entry.url);
  return { manifest, stats, worker, precache };
}

const { manifest, stats, worker, precache } = readBuild();

/** The files a page's first load takes (static imports from the boot script, the application and the page). */
function firstLoad(page: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    chunk.imports?.forEach(visit);
  };
  ["index.html", "src/main.tsx", "src/ui/framework-start.ts", page].forEach(visit);
  return [...files];
}

describe("installable and readable offline (production build)", () => {
  it("describes the portal in a web-app manifest", () => {
    const webApp = JSON.parse(read("manifest.webmanifest").toString());
    expect(webApp).toMatchObject({
      name: PORTAL_NAME,
      description: PORTAL_DESCRIPTION,
      start_url: "/",
      scope: "/",
      display: "standalone",
      lang: "fr",
      theme_color: "#1d4f91",
      background_color: "#ffffff",
    });
    expect(webApp.short_name.length).toBeLessThanOrEqual(12);
    const icons = webApp.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      expect(icon.type).toBe("image/png");
      expect(pngSize(icon.src.slice(1))).toBe(icon.sizes);
    }
    expect(pngSize("icons/apple-touch-icon.png")).toBe("180x180");
  });

  it("keeps every file of each public page's first load in the precache", () => {
    expect(precache).toEqual(expect.arrayContaining(["icons/icon-192.png", "favicon.svg"]));
    for (const page of PUBLIC_PAGES) {
      const missing = firstLoad(page).filter((file) => !precache.includes(file));
      expect(missing, page).toEqual([]);
    }
    // The worker's registration, loaded last, and the notification bar, loaded on demand.
    for (const source of ["src/modules/offline/register.ts", "src/ui/ToasterView.tsx"]) {
      expect(precache, source).toContain(manifest[source].file);
    }
  });

  it("leaves out maps, the editor, the explorer and the signed-in side, and stays small", () => {
    const modulesOf = new Map(stats.map((chunk) => [chunk.file, Object.keys(chunk.modules)]));
    const heavy = precache.flatMap((file) =>
      (modulesOf.get(file) ?? []).flatMap((id) =>
        HEAVY.filter(([, pattern]) => pattern.test(id)).map(([what]) => `${what}: ${id} in ${file}`),
      ),
    );
    expect(heavy).toEqual([]);
    // The rule above can only fail if the build holds those parts.
    const all = stats.flatMap((chunk) => Object.keys(chunk.modules));
    for (const [what, pattern] of HEAVY)
      expect(
        all.some((id) => pattern.test(id)),
        what,
      ).toBe(true);
    const signedIn = Object.values(manifest).filter((chunk) => chunk.src && SIGNED_IN_ENTRIES.test(chunk.src));
    expect(signedIn.length).toBeGreaterThan(10);
    expect(signedIn.filter((chunk) => precache.includes(chunk.file)).map((chunk) => chunk.src)).toEqual([]);
    for (const source of ["src/pages/UsersAdminPage.tsx", "src/pages/ProfilePage.tsx", "explorer.html"]) {
      expect(precache, source).not.toContain(manifest[source].file);
    }
    // Pages are kept as visitors open them, never in advance.
    expect(precache.filter((file) => file.endsWith(".html"))).toEqual([]);
    const size = precache.reduce((sum, file) => sum + gzipSync(read(file)).length, 0);
    expect(size, `${(size / 1024).toFixed(1)} KiB`).toBeLessThanOrEqual(PRECACHE_BUDGET);
  });

  it("is one classic script, built from Workbox", () => {
    expect(worker).not.toMatch(/^\s*(import|export)\s/m);
    expect(worker).not.toContain("importScripts");
    expect(worker).toContain("workbox");
  });
});
