import { createRequire } from "node:module";
import { configDefaults, defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

/** The files that run on the embedded database whatever DATABASE_URL says (test/embedded-engine.ts). */
export const EMBEDDED_ENGINE_FILES = ["src/**/*.sqlite.*test.ts", "test/**/*.sqlite.*test.ts"];

/** The API's test project; `embedded` gives the project of the files above. */
export function apiProject(embedded: boolean) {
  return defineConfig({
    resolve: {
      // One copy of graphql, or type-graphql and Apollo see two different realms.
      alias: { graphql: require.resolve("graphql") },
    },
    test: {
      name: embedded ? "api-sqlite" : "api",
      root: import.meta.dirname,
      include: embedded ? EMBEDDED_ENGINE_FILES : ["src/**/*.test.ts", "test/**/*.test.ts"],
      exclude: [...configDefaults.exclude, ...(embedded ? [] : EMBEDDED_ENGINE_FILES)],
      setupFiles: ["test/setup.ts"],
      env: { NODE_ENV: "test" },
      pool: "forks",
      // A worker loads TypeORM, TypeGraphQL and Apollo once for all the files it runs (each file
      // importing them afresh cost about 3 minutes over a run). The engine's column types are
      // fixed when the entities load (db/column-types.ts): the embedded-engine files, which
      // switch the engine for their process, keep a process of their own each. No file resets
      // the module registry (a lint rule says why).
      isolate: embedded,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default apiProject(false);
