import { defineConfig } from "vitest/config";

// `npm test` runs the three projects; `vitest run --project api` runs one.
export default defineConfig({
  test: {
    projects: ["api/vitest.config.mts", "web/vitest.config.mts", "web/e2e/vitest.config.mts"],
  },
});
