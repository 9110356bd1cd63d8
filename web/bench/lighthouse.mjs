// `npm run bench:web`: Lighthouse (mobile, default simulated throttling) on the public
// pages of the production build, served by the portal on a scratch SQLite database
// with the demo content. Three runs per page; the table shows medians.
//
// Options: --runs N (default 3), --json FILE (raw figures), --skip-build is handled by
// the npm script (it builds first). CHROMIUM_PATH overrides /usr/bin/chromium.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { demoIds, median, startPortal } from "./bench-portal.mjs";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "3" }, json: { type: "string" } },
});
const RUNS = Number(args.runs);

/** The pages measured: the three public lists and one detail page of each kind. */
async function pages(url) {
  const ids = await demoIds(url);
  return [
    ["/", "/"],
    ["/actualites", "/actualites"],
    ["/actualites/{id} (évènement)", `/actualites/${ids.event}`],
    ["/services", "/services"],
    ["/services/{id}", `/services/${ids.sheet}`],
  ];
}

async function measure(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  const { categories, audits } = result.lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: audits["first-contentful-paint"].numericValue,
    lcp: audits["largest-contentful-paint"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    bytes: audits["total-byte-weight"].numericValue,
    serverResponse: audits["server-response-time"].numericValue,
    // Lighthouse's own measure of the host's speed: simulated throttling scales with it.
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    failed: Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id),
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const portal = await startPortal();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const raw = {};
  try {
    const rows = [];
    for (const [label, path] of await pages(portal.url)) {
      const runs = [];
      // One unmeasured visit warms the server (first SQL statements, file cache).
      await fetch(`${portal.url}${path}`);
      for (let run = 0; run < RUNS; run++) runs.push(await measure(chrome, `${portal.url}${path}`));
      raw[label] = runs;
      const m = (key) => median(runs.map((r) => r[key]));
      rows.push({
        page: label,
        perf: m("performance"),
        fcp: seconds(m("fcp")),
        lcp: seconds(m("lcp")),
        tbt: `${Math.round(m("tbt"))} ms`,
        cls: m("cls").toFixed(3),
        bytes: `${Math.round(m("bytes") / 1024).toLocaleString("en")} KiB`,
        a11y: m("accessibility"),
        bp: m("bestPractices"),
        seo: m("seo"),
        failed: [...new Set(runs.flatMap((r) => r.failed))].join(", "),
      });
      process.stderr.write(`measured ${label}\n`);
    }
    const header = "| Page | Perf | FCP | LCP | TBT | CLS | Bytes | A11y | BP | SEO |";
    console.log(`\nLighthouse ${RUNS} runs per page (medians), mobile, simulated throttling\n`);
    console.log(header);
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| \`${r.page}\` | ${r.perf} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.bytes} | ${r.a11y} | ${r.bp} | ${r.seo} |`,
      );
    }
    const indexes = Object.values(raw).flatMap((runs) => runs.map((r) => r.benchmarkIndex));
    console.log(
      `\nHost speed (Lighthouse benchmarkIndex): median ${Math.round(median(indexes))}, ` +
        `${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))}`,
    );
    const failing = rows.filter((r) => r.failed);
    if (failing.length) {
      console.log("\nBinary audits failed in at least one run:");
      for (const r of failing) console.log(`- ${r.page}: ${r.failed}`);
    }
    if (args.json) writeFileSync(args.json, JSON.stringify(raw, null, 2));
  } finally {
    await chrome.kill();
    portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
