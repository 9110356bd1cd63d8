import { defineConfig } from "vitest/config";

// Checks of the production build that need no browser (run `npm run build` first; `npm test`
// does): the first-load budget of the public pages, what HTTP delivers (encodings, cache
// headers, server-rendered HTML, status codes) and what each page says of itself. They run with
// the API and web files, before the browser journeys.
export default defineConfig({
  test: {
    name: "build",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
