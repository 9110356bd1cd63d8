import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/** The longest files, started first so that none runs alone at the end (a fresh clone has no timings). */
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

// Browser journeys against the built portal (run `npm run build` first; `npm test` does).
// After the API and web files (group 1), three files at a time: each spends much of its time
// waiting on its portal and its browser, so three keep two cores busy. Each file has a portal
// and a database of its own (startBuiltPortal), and no journey waits on time, only on the page's
// own signals (docs/testing.md). 120 s per journey: the longest take 20 to 30 s alone.
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits on the page for 1 s by default: too short beside two other journeys.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 3,
    sequence: { groupOrder: 1, sequencer: LongestFirst },
  },
});
