import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest browser journeys, started first in their group so that none runs alone at the end
 * (a fresh clone has no timings for Vitest to sort by).
 */
const LONGEST_FIRST = ["phone-access", "axe-accounts", "axe-visitor", "services-near", "accounts", "publishing"];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.e2e.ts`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** Whether the tests' database is MySQL/MariaDB (CI); otherwise the API's tests already run on SQLite. */
const onMysql = /^(mysql|mariadb):/i.test(process.env.DATABASE_URL ?? "");

// `npm test` runs every project; `vitest run --project api` runs one.
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one free): the API tests spend much of
    // their time waiting on the database, so two files share two cores well. The browser
    // journeys run after them, three at a time (web/e2e/vitest.config.mts).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    projects: [
      "api/vitest.config.mts",
      // On MySQL, the API's integration tests run on SQLite too: the engines cannot drift apart.
      ...(onMysql ? ["api/vitest.sqlite.config.mts"] : []),
      "web/vitest.config.mts",
      "web/build-checks/vitest.config.mts",
      "web/e2e/vitest.config.mts",
    ],
  },
});
