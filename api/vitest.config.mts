import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One copy of graphql, or type-graphql and Apollo see two different realms.
    alias: { graphql: require.resolve("graphql") },
  },
  test: {
    name: "api",
    root: import.meta.dirname,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    env: { NODE_ENV: "test" },
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
