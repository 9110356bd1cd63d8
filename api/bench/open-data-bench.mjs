// npm run bench:open-data [-- --kind services]
//
// Measures the open-data export (GET /api/open-data/services or /structures, JSON and CSV) on the
// database it is given (DATABASE_URL, else the SQLite file in DATA_DIR), filled beforehand with
// `npm run seed:scale -- --media 0 --services 100000`. In one run, with the portal in this process:
//   - the export is downloaded and its lines counted, while the process's memory is sampled every
//     250 ms after a collection (live memory): the peak of heap and RSS above what they were before is printed, with the rows;
//   - the floor: the same rows and columns read directly with the same keyset batches (no mapping,
//     no HTTP).
// Memory that stays flat while the rows grow is what "bounded" means here: compare the peak with
// the size of the answer.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { setInterval, clearInterval } from "node:timers";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const require = createRequire(import.meta.url);
require("reflect-metadata");
const { loadConfig } = require(join(dist, "config.js"));
const { startPortal } = require(join(dist, "portal.js"));
const { OPEN_DATA_FIELDS } = require(join(dist, "modules", "open-data", "data-inclusion.js"));

const { values: args } = parseArgs({ options: { kind: { type: "string", default: "services" } } });
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const config = loadConfig({
  ...process.env,
  PORT: "0",
  DEMO_CONTENT: "false",
  GEOCODE_TOWNS: "false",
  API_RATE_LIMIT: "1000000",
});
const portal = await startPortal(config);
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);

async function measure(label, run) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  // Live memory: a collection first (node --expose-gc), so that garbage not yet collected is not counted.
  const timer = setInterval(() => {
    globalThis.gc?.();
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 250);
  const started = performance.now();
  const { rows, bytes } = await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  console.log(
    `${label.padEnd(34)} ${String(rows).padStart(7)} rows  ${mib(bytes).padStart(7)} MiB sent  ${seconds.toFixed(1).padStart(6)} s` +
      `  heap +${mib(peakHeap - before.heapUsed).padStart(6)} MiB  rss +${mib(peakRss - before.rss).padStart(6)} MiB`,
  );
  return seconds;
}

async function download(path) {
  const response = await fetch(`${portal.url}${path}`);
  const reader = response.body.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
  }
  return { rows: lines, bytes };
}

// The columns the export reads (OPEN_DATA_FIELDS), as the export's own statements name them.
const columns = OPEN_DATA_FIELDS.map((field) => portal.dataSource.driver.escape(field)).join(", ");

async function floor() {
  let rows = 0;
  let bytes = 0;
  let after = null;
  for (;;) {
    const batch = await portal.dataSource.query(
      `SELECT ${columns} FROM service ${after === null ? "" : "WHERE id > ?"} ORDER BY id LIMIT 500`,
      after === null ? [] : [after],
    );
    if (batch.length === 0) break;
    rows += batch.length;
    bytes += JSON.stringify(batch).length;
    after = batch[batch.length - 1].id;
  }
  return { rows, bytes };
}

const kind = args.kind;
const app = await measure(`GET /api/open-data/${kind}`, () => download(`/api/open-data/${kind}`));
await measure(`GET /api/open-data/${kind}.csv`, () => download(`/api/open-data/${kind}.csv`));
const base = await measure("floor: the same rows, keyset batches", floor);
console.log(`ratio app/floor (time): ${(app / base).toFixed(1)}`);
await portal.close();
