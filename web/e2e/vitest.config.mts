import { defineConfig } from "vitest/config";

// Browser journeys against the built portal (run `npm run build` first; `npm test` does).
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
