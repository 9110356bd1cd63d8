import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defineConfig } from "vite";

const api = process.env.API_URL ?? "http://localhost:4000";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    sourcemap: false,
    // The explorer page carries the Monaco editor; the portal's own chunks stay small.
    chunkSizeWarningLimit: 3000,
    rollupOptions: {
      onwarn(warning, warn) {
        // GraphiQL ships React-compiler directives that bundling may drop harmlessly.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
      // The portal, and the GraphQL explorer as a separate page served at GET /graphql.
      input: { main: resolve(__dirname, "index.html"), explorer: resolve(__dirname, "explorer.html") },
    },
  },
  server: {
    proxy: { "/graphql": api, "/api": api, "/healthz": api },
  },
});
