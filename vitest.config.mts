import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// `npm test` runs the three projects; `vitest run --project api` runs one.
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one free): the API tests spend much of
    // their time waiting on the database, so two files share two cores well. The browser
    // journeys run one file at a time, after them (their project turns file parallelism off).
    maxWorkers: availableParallelism(),
    projects: [
      "api/vitest.config.mts",
      "api/vitest.sqlite.config.mts",
      "web/vitest.config.mts",
      "web/e2e/vitest.config.mts",
    ],
  },
});
