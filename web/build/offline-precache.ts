import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import type { VitePWAOptions } from "vite-plugin-pwa";
import type { ChunkStats } from "./bundle-stats.ts";

/**
 * What the service worker does not keep on the device although a page may load it, and why.
 * The heavy parts (maps, the article editor, the GraphQL explorer): no chunk holding one of
 * their modules, matched on every module of a chunk (the build keeps them in chunks of their own).
 */
export const HEAVY: Array<[string, RegExp]> = [
  [
    "the map libraries",
    /node_modules\/(maplibre-gl|mapbox-gl)\/|web\/src\/modules\/maps\/(MapView|ResultsMap|maplibre-locale)\b/,
  ],
  [
    "the article editor",
    /node_modules\/(quill|react-quill-new|quill-delta|parchment)\/|web\/src\/modules\/media\/editor\//,
  ],
  ["the GraphQL explorer", /node_modules\/(graphiql|@graphiql\/[^/]+|monaco-editor)\/|web\/src\/explorer\//],
];

/**
 * The signed-in side (partner and administration pages, sign-in and password forms, the editing
 * dialogs): the chunks these modules start, and what only they load. Matched on a chunk's own
 * module (its entry), not on the small shared pieces the build may put beside public ones.
 */
export const SIGNED_IN_ENTRIES =
  /^src\/(pages\/(ProfilePage|ContactPage|NewArticlePage|UsersAdminPage|SheetsToReviewPage|ReportsAdminPage|ConfirmSheetPage|LoginPage|JoinPage|ForgotPasswordPage|SetPasswordPage)\.tsx|modules\/(users\/|audit\/HistoryDialog|sheets\/(sheet-form|hours-editor)\/|media\/EditMediaDialog|auth\/Session))/;

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions["injectManifest"]>["manifestTransforms"]>[number];

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The files of the public side: everything the portal's page (index.html) may load, statically
 * or on demand, without going through a heavy chunk or one the signed-in side starts.
 */
export function publicShellFiles(dist: string): Set<string> {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(dist, ".vite", "manifest.json"), "utf8"),
  );
  const stats: ChunkStats[] = JSON.parse(readFileSync(join(dist, ".vite", "bundle-stats.json"), "utf8"));
  const modulesOf = new Map(stats.map((chunk) => [chunk.file, Object.keys(chunk.modules)]));
  const excluded = (chunk: ManifestChunk) =>
    (chunk.src !== undefined && SIGNED_IN_ENTRIES.test(chunk.src)) ||
    (modulesOf.get(chunk.file) ?? []).some((id) => HEAVY.some(([, pattern]) => pattern.test(id)));

  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (excluded(chunk)) return;
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    chunk.assets?.forEach((file) => files.add(file));
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.forEach(visit);
  };
  visit("index.html");
  return files;
}

/**
 * Workbox's precache list, cut to the public side: built files outside it are left out (they
 * load from the network when asked); the icons, the favicon and the web-app manifest stay. The
 * plugin reads where this build writes (`--outDir` included).
 */
export function publicShellOnly(): { plugin: Plugin; transform: ManifestTransform } {
  let dist = "";
  return {
    plugin: {
      name: "portail-offline-precache",
      apply: "build",
      configResolved(config) {
        dist = resolve(config.root, config.build.outDir);
      },
    },
    transform: (entries) => {
      const shell = publicShellFiles(dist);
      const manifest = entries.filter((entry) => !entry.url.startsWith("assets/") || shell.has(entry.url));
      return { manifest, warnings: [] };
    },
  };
}
