import { defineConfig } from "vitest/config";

// Browser journeys against the built portal (run `npm run build` first; `npm test` does).
// Two files run side by side, each on a portal, a scratch database and a browser of its own,
// once the API and web files are done: a journey run beside the API tests took twice its time.
// Two at a time, a journey takes up to 1.5 times as long as alone (the longest, 35 to 55 s
// alone): 120 s leaves a slow machine room and still stops a journey that hangs.
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    sequence: { groupOrder: 1 },
  },
});
