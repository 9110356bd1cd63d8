import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defineConfig } from "vite";

const api = process.env.API_URL ?? "http://localhost:4000";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    sourcemap: false,
    rollupOptions: {
      // The portal, and the GraphQL explorer as a separate page served at GET /graphql.
      input: { main: resolve(__dirname, "index.html"), explorer: resolve(__dirname, "explorer.html") },
    },
  },
  server: {
    proxy: { "/graphql": api, "/api": api, "/healthz": api },
  },
});
