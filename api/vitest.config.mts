import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

/**
 * The API's test project. `embedded`: the project `api-sqlite`, the integration tests once more
 * on SQLite whatever DATABASE_URL says (test/embedded-engine.ts); the root config adds it when
 * DATABASE_URL names MySQL/MariaDB, so that CI runs the suite on both engines.
 */
export function apiProject(embedded: boolean) {
  return defineConfig({
    resolve: {
      // One copy of graphql, or type-graphql and Apollo see two different realms.
      alias: { graphql: require.resolve("graphql") },
    },
    test: {
      name: embedded ? "api-sqlite" : "api",
      root: import.meta.dirname,
      include: embedded ? ["src/**/*.int.test.ts"] : ["src/**/*.test.ts", "test/**/*.test.ts"],
      // The large seeds run under `npm run test:scale` only (test/scale.ts).
      exclude: process.env.TEST_SCALE === "1" ? [] : ["**/*.scale.int.test.ts"],
      setupFiles: embedded ? ["test/embedded-engine.ts", "test/setup.ts"] : ["test/setup.ts"],
      env: { NODE_ENV: "test" },
      pool: "forks",
      // A worker loads TypeORM, TypeGraphQL and Apollo once for all the files it runs (each file
      // importing them afresh cost about 3 minutes over a run). The engine's column types are
      // fixed when the entities load (db/column-types.ts): each project has workers of its own.
      // No file resets the module registry (a lint rule says why).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default apiProject(false);
