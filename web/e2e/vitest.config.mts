import { defineConfig } from "vitest/config";

// Browser journeys against the built portal (run `npm run build` first; `npm test` does).
// After the API and web files (group 1), three files at a time: each spends much of its time
// waiting on its portal and its browser, so three keep two cores busy. Each file has a portal
// and a database of its own (startBuiltPortal), and no journey waits on time, only on the
// page's own signals (docs/testing.md); the longest start first (the root config's sequencer).
// 120 s per journey: the longest take 20 to 30 s alone.
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
    sequence: { groupOrder: 1 },
  },
});
