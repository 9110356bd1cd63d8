// `npm run bench:long-tasks`: how long the main thread is held while a public page of the
// production build loads and comes alive, on a phone-like CPU. Debian's Chromium at 390 × 844,
// its CPU slowed 6 × (CDP `Emulation.setCPUThrottlingRate`), opens each public page of the portal
// (served on a scratch SQLite database with the demo content) several times, each in a fresh
// context (nothing cached), and reads the browser's own long-task entries (`longtask`,
// buffered) from the navigation until the page is live and quiet: the page says it is live
// (`<html data-live>`, no form or button still waiting for its code), no request is under way and
// the browser has found idle time. Per page: the longest task and the blocking time (the time of
// each task beyond 50 ms) of every run, their medians, and whether they meet the targets.
//
// Options: --runs N (default 5), --rate N (CPU slowdown, default 6), --only a,b (pages whose
// path contains one of these), --json FILE (every task of every run), --why (what ran in the
// long frames of each page's first run, as the browser names it: Long Animation Frames, cheap
// enough not to change the figures), --trace DIR (a Chrome trace of each page's first run, with
// JavaScript sampled: it slows the page, read its proportions). CHROMIUM_PATH overrides
// /usr/bin/chromium. The machine's own speed is printed too (Lighthouse's benchmarkIndex, without
// and with the slowdown): figures of two runs compare only at a similar host index.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromium } from "playwright-core";
import { demoIds, median, startPortal } from "./bench-portal.mjs";

/** No single task longer than this (ms)… */
export const LONGEST_TASK_LIMIT_MS = 120;
/** …and at most this much blocking in all (ms): the time of each task beyond 50 ms. */
export const BLOCKING_LIMIT_MS = 200;
const BLOCKING_FROM_MS = 50;

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    rate: { type: "string", default: "6" },
    only: { type: "string" },
    json: { type: "string" },
    why: { type: "boolean", default: false },
    trace: { type: "string" },
  },
});
const RUNS = Number(args.runs);
const RATE = Number(args.rate);
const PHONE = { width: 390, height: 844 };

/** Every public page: the lists, one detail page of each kind, the static pages and forms. */
async function publicPages(url) {
  const ids = await demoIds(url);
  const all = [
    ["/", "/"],
    ["/actualites", "/actualites"],
    ["/ressources", "/ressources"],
    ["/services", "/services"],
    ["/actualites/{id} (évènement)", `/actualites/${ids.event}`],
    ["/ressources/{id}", `/ressources/${ids.resource}`],
    ["/services/{id}", `/services/${ids.sheet}`],
    ["/qui-sommes-nous", "/qui-sommes-nous"],
    ["/que-propose-ce-portail", "/que-propose-ce-portail"],
    ["/mentions-legales", "/mentions-legales"],
    ["/conditions-generales-d-utilisation", "/conditions-generales-d-utilisation"],
    ["/accessibilite", "/accessibilite"],
    ["/donnees-ouvertes", "/donnees-ouvertes"],
    ["/nous-rejoindre", "/nous-rejoindre"],
    ["/connexion", "/connexion"],
  ];
  if (!args.only) return all;
  const wanted = args.only.split(",");
  return all.filter(([label]) => wanted.some((part) => label.includes(part)));
}

/**
 * Runs before any script of the page: records every long task from the navigation on, and
 * resolves `window.__benchLive` once the page says it is live (`<html data-live>`) and no form
 * or « Filtres » button still waits for its code, as `web/e2e/portal.ts` waits. The bench reads
 * both through the DevTools protocol: Playwright's own waiting helpers would inject their
 * script into the page, a long task of their own.
 */
function recordLongTasks() {
  /* global window, document, PerformanceObserver, MutationObserver */
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }
  }).observe({ type: "longtask", buffered: true });
  // What ran in them, as the browser names it (Long Animation Frames), for --why.
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longFrames.push({
        start: Math.round(entry.startTime),
        duration: Math.round(entry.duration),
        blocking: Math.round(entry.blockingDuration),
        render: Math.round(entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0),
        scripts: entry.scripts.map((script) => ({
          duration: Math.round(script.duration),
          compile: Math.round(script.executionStart - script.startTime),
          what: [script.invoker, script.sourceFunctionName, script.sourceURL.split("/").pop()]
            .filter(Boolean)
            .join(" "),
        })),
      });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
  window.__benchLive = new Promise((resolve) => {
    const live = () =>
      document.documentElement.dataset.live !== undefined &&
      document.querySelector('fieldset[aria-busy="true"], button[data-loading]') === null;
    const observer = new MutationObserver(() => {
      if (!live()) return;
      observer.disconnect();
      resolve(true);
    });
    observer.observe(document, {
      attributes: true,
      subtree: true,
      attributeFilter: ["data-live", "aria-busy", "data-loading"],
    });
  });
}

/** Evaluates `expression` in the page through the DevTools protocol, awaiting its promise. */
async function evaluate(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value;
}

/**
 * Waits until the page is live and quiet: its own signal (see recordLongTasks), then no
 * request under way and an idle period of the browser, again until no request started
 * meanwhile (a part loaded when idle, a query sent once live).
 */
async function settled(cdp, inFlight) {
  await evaluate(cdp, "window.__benchLive");
  for (;;) {
    const started = inFlight.started;
    await inFlight.idle();
    await evaluate(cdp, "new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve)))");
    if (inFlight.started === started && inFlight.count === 0) return;
  }
}

/** Counts the page's requests under way; `idle()` resolves when none is. */
function trackRequests(page) {
  const state = { count: 0, started: 0, waiters: [] };
  const done = () => {
    state.count--;
    if (state.count === 0) for (const wake of state.waiters.splice(0)) wake();
  };
  page.on("request", () => {
    state.count++;
    state.started++;
  });
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    get count() {
      return state.count;
    },
    get started() {
      return state.started;
    },
    idle: () => (state.count === 0 ? Promise.resolve() : new Promise((resolve) => state.waiters.push(resolve))),
  };
}

/** What a trace records: the main thread's tasks and what runs in them, JavaScript sampled every ms. */
const TRACE_CATEGORIES = [
  "-*",
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
];

const blocking = (tasks) => tasks.reduce((sum, task) => sum + Math.max(0, task.duration - BLOCKING_FROM_MS), 0);
const longest = (tasks) => tasks.reduce((most, task) => Math.max(most, task.duration), 0);

async function newPhonePage(browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: "fr-FR" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** Lighthouse's measure of the CPU (a page function of a few hundred ms), at the given slowdown. */
async function hostIndex(browser, url, rate) {
  const { context, page, cdp } = await newPhonePage(browser);
  try {
    await page.goto(`${url}/favicon.svg`);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    return await evaluate(cdp, `(${pageFunctions.computeBenchmarkIndex})()`);
  } finally {
    await context.close();
  }
}

/** One load of `url` at the slowdown: its long tasks, from the navigation until the page is live and quiet. */
async function measure(browser, url, tracePath) {
  const { context, page, cdp } = await newPhonePage(browser);
  try {
    await context.addInitScript(recordLongTasks);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
    const inFlight = trackRequests(page);
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url}: ${response?.status()}`);
    await settled(cdp, inFlight);
    if (tracePath) await browser.stopTracing();
    const tasks = await evaluate(cdp, "window.__longTasks");
    return Object.assign(tasks, { frames: await evaluate(cdp, "window.__longFrames") });
  } finally {
    await context.close();
  }
}

const ms = (value) => `${Math.round(value)}`;

/** The long frames of a run and the scripts they ran, longest first (--why). */
function printFrames(label, tasks) {
  process.stderr.write(
    `${label}, premier chargement : tâches longues ${tasks.map((t) => `${t.start}:${t.duration}`).join(" ")}\n`,
  );
  for (const frame of tasks.frames) {
    const scripts = [...frame.scripts].sort((a, b) => b.duration - a.duration).slice(0, 4);
    process.stderr.write(
      `  ${frame.start}:${frame.duration} (bloquant ${frame.blocking}, rendu ${frame.render}) ` +
        `${scripts.map((script) => `${script.what} ${script.duration}${script.compile > 1 ? ` (compilation ${script.compile})` : ""}`).join(" | ")}\n`,
    );
  }
}

async function main() {
  const portal = await startPortal();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  if (args.trace) mkdirSync(args.trace, { recursive: true });
  const raw = {};
  const rows = [];
  const indexes = [];
  try {
    const slowedIndex = await hostIndex(browser, portal.url, RATE);
    for (const [label, path] of await publicPages(portal.url)) {
      // One unmeasured visit warms the server (first SQL statements, file cache).
      await fetch(`${portal.url}${path}`);
      indexes.push(await hostIndex(browser, portal.url, 1));
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const trace =
          args.trace && run === 0 ? join(args.trace, `${label.replace(/[^\w-]+/g, "_") || "home"}.json`) : undefined;
        runs.push(await measure(browser, `${portal.url}${path}`, trace));
      }
      raw[label] = runs.map((tasks) => ({ tasks: [...tasks], frames: tasks.frames }));
      if (args.why) printFrames(label, runs[0]);
      const row = {
        label,
        longest: runs.map(longest),
        blocking: runs.map(blocking),
        count: runs.map((tasks) => tasks.length),
      };
      row.longestMedian = median(row.longest);
      row.blockingMedian = median(row.blocking);
      rows.push(row);
      process.stderr.write(
        `${label}: plus longue ${row.longest.map(ms).join(", ")} ms ; blocage ${row.blocking.map(ms).join(", ")} ms\n`,
      );
    }
    const hostMedian = median(indexes);
    console.log(
      `\nTâches longues au chargement, CPU ralenti ${RATE} ×, 390 × 844, ${RUNS} chargements par page (médianes ; ` +
        `chaque chargement entre parenthèses)\n`,
    );
    console.log("| Page | Tâche la plus longue (ms) | Blocage (ms) | Tâches longues |");
    console.log("|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| \`${r.label}\` | **${ms(r.longestMedian)}** (${r.longest.map(ms).join(", ")}) | ` +
          `**${ms(r.blockingMedian)}** (${r.blocking.map(ms).join(", ")}) | ${median(r.count)} |`,
      );
    }
    console.log(
      `\nIndice de l'hôte (benchmarkIndex de Lighthouse) : médiane ${Math.round(hostMedian)}, ` +
        `${Math.round(Math.min(...indexes))} à ${Math.round(Math.max(...indexes))} ; ` +
        `ralenti ${RATE} × : ${Math.round(slowedIndex)}`,
    );
    console.log(
      `\nCibles : aucune tâche de plus de ${LONGEST_TASK_LIMIT_MS} ms, au plus ${BLOCKING_LIMIT_MS} ms de blocage (médianes)`,
    );
    for (const r of rows) {
      const met = r.longestMedian <= LONGEST_TASK_LIMIT_MS && r.blockingMedian <= BLOCKING_LIMIT_MS;
      console.log(
        `cible ${met ? "atteinte" : "MANQUÉE "} ${r.label} : tâche la plus longue ${ms(r.longestMedian)} ms, ` +
          `blocage ${ms(r.blockingMedian)} ms`,
      );
    }
    if (args.json) writeFileSync(args.json, JSON.stringify({ rate: RATE, hostIndexes: indexes, runs: raw }, null, 2));
  } finally {
    await browser.close();
    portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
