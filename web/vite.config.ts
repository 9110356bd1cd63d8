import react from "@vitejs/plugin-react";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { defaultClientConditions, defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { PORTAL_DESCRIPTION, PORTAL_NAME } from "../api/src/shared/rules.ts";
import { bundleStats } from "./build/bundle-stats.ts";
import { chakraLazyGlobal } from "./build/chakra-lazy-global.ts";
import { publicShellOnly } from "./build/offline-precache.ts";

/**
 * The libraries every page of the portal loads (React, the router, Apollo, Emotion, Chakra's
 * style engine and the components every page's header, footer and text are made of: alone,
 * each of those would be a chunk of 0.1 to 0.8 KiB, paying its own request and compression).
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@apollo[\\/]client|rxjs|@wry[\\/][^\\/]+|optimism|tslib|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|react-is|@pandacss[\\/]is-valid-prop|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|utils|preset-base|components[\\/](box|text|link|heading|stack|button|span|loader|absolute-center|spinner|badge)))[\\/]/;

/** The portal's own modules every page loads (see `framework`). */
const SHELL =
  /(web[\\/]src[\\/](ui[\\/](LazyPart|LoadFailureBoundary|ErrorState|lazy-load|useHydrated|usePageTitle)|ssr[\\/]render-context|generated[\\/](accounts|reference))|api[\\/]src[\\/]shared[\\/]rules)\.tsx?$/;

const api = process.env.API_URL ?? "http://localhost:4000";

/** The brand blue of the header's logo and buttons (ui/theme-config.ts, brand.600). */
const THEME_COLOR = "#1d4f91";

/**
 * The web-app manifest and the service worker (docs/offline.md): the worker is our own source
 * (src/modules/offline/sw.ts, on Workbox's modules), built to dist/sw.js with the list of files
 * it keeps on the device; the page registers it itself, late (src/boot.ts), not through a script
 * of the plugin's.
 */
const offline = () => {
  const precache = publicShellOnly();
  return [
    precache.plugin,
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/modules/offline",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: PORTAL_NAME,
        short_name: "Parentalité",
        description: PORTAL_DESCRIPTION,
        lang: "fr",
        dir: "ltr",
        start_url: "/",
        scope: "/",
        id: "/",
        display: "standalone",
        theme_color: THEME_COLOR,
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      // The icons are in the precache once, through the pattern below.
      includeManifestIcons: false,
      injectManifest: {
        // The public side's code, styles and pictures, the icons; never the pages themselves (the
        // worker keeps those as visitors open them) nor the explorer's page.
        globPatterns: ["assets/*.{js,css,svg}", "icons/*.png", "favicon.svg"],
        // Every built file is measured by the transform below, which leaves the heavy ones out
        // (Workbox would refuse the explorer's editor, 2.8 MB, before the transform sees it).
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [precache.transform],
        // A classic script: every browser that has service workers runs it.
        rollupFormat: "iife",
      },
    }),
  ];
};

/**
 * React Router publishes its production build beside the development one without an export
 * condition to pick it: the builds take it by name (the same code, its development warnings
 * off and left out, 0.3 KiB less of the first load); `vite` in development keeps the warnings.
 */
const routerDist = join(dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist");
const productionRouter = [
  { find: /^react-router$/, replacement: join(routerDist, "production", "index.mjs") },
  { find: /^react-router\/dom$/, replacement: join(routerDist, "production", "dom-export.mjs") },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [chakraLazyGlobal(), bundleStats(), ...offline()])],
  resolve: {
    alias: command === "build" ? productionRouter : [],
    // RxJS (under Apollo Client) publishes ES2015 modules under the `es2015` condition; its default
    // is ES5 with tslib's helpers: 1.7 KiB more of every page's first load, gzip.
    conditions: ["es2015", ...defaultClientConditions],
  },
  build: isSsrBuild
    ? {
        // The server's renderer of public pages (src/entry-server.tsx), loaded by the API.
        outDir: "dist-ssr",
        sourcemap: false,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: resolve(import.meta.dirname, "src/entry-server.tsx") },
      }
    : {
        outDir: "dist",
        sourcemap: false,
        // The server reads it to preload the chunks of the page it renders.
        manifest: true,
        // Pictures stay files (cached once), not text inside the scripts.
        assetsInlineLimit: 0,
        // The explorer page carries the Monaco editor; the portal's own chunks stay small.
        chunkSizeWarningLimit: 3000,
        rollupOptions: {
          onwarn(warning, warn) {
            // GraphiQL ships React-compiler directives that bundling may drop harmlessly.
            if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
            warn(warning);
          },
          // Chakra's theme module builds its full default theme with defineConfig(); marking the
          // call pure lets the bundler drop the recipes the portal does not use (see ui/theme-config.ts).
          treeshake: { manualPureFunctions: ["defineConfig"] },
          output: {
            codeSplitting: {
              groups: [
                // What every page runs on, in one chunk: fewer requests, better compression.
                { name: "framework", test: FRAMEWORK },
                // The portal's own pieces every page shows or may show (its frame's boundaries and
                // failure states): alone, each was a chunk of 0.2 to 1 KiB.
                { name: "shell", test: SHELL },
              ],
            },
          },
          // The portal, and the GraphQL explorer as a separate page served at GET /graphql.
          input: {
            main: resolve(import.meta.dirname, "index.html"),
            explorer: resolve(import.meta.dirname, "explorer.html"),
          },
        },
      },
  server: {
    proxy: { "/graphql": api, "/api": api, "/healthz": api },
  },
}));
