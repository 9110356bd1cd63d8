// npm run bench:abuse [-- --duration 30 --clients 40 --aliases 14 --page-size 100 --media 3000]
//
// Whether a mix of anonymous queries that every limit allows can starve the database pool
// (issue 43): on a scratch MariaDB/MySQL database of its own (DATABASE_URL names the server; the
// bench uses `<its name>_abuse`, dropped and filled anew with generated content), it starts the
// built portal (api/dist, `npm start`'s node flags, NODE_ENV=production) and, on loopback only,
// for `--duration` seconds:
//   - `--clients` attackers, each from an address of its own (127.0.1.x), send one after the
//     other a `--aliases`-alias mediaSearch of `--page-size` results each;
//   - a visitor (127.0.0.2) runs the web's usual searches, one after the other;
//   - a load balancer's probe (127.0.0.3) asks /healthz twice a second;
// after 5 s of the same with two attackers, uncounted (the portal warms up).
// It prints the visitor's answers (statuses, p50, p95) and the probe's, and whether the targets
// hold (visitors ≥ 99 % answered 200, /healthz 200 throughout): exit code 1 when they do not.
// If the query limits refuse the attackers' query, an allowed variant that still loads the
// database (fewer aliases or smaller pages, the largest product allowed) is run as well.
// The anonymous rate limit is lifted (API_RATE_LIMIT): forty addresses each stay under it anyway.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Buffer } from "node:buffer";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { createConnection } from "mysql2/promise";
import { serverNodeFlags } from "../bin/server-flags.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const require = createRequire(import.meta.url);
require("reflect-metadata");

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "30" },
    clients: { type: "string", default: "40" },
    aliases: { type: "string", default: "14" },
    "page-size": { type: "string", default: "100" },
    media: { type: "string", default: "3000" },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const CLIENTS = Number(args.clients);
const ALIASES = Number(args.aliases);
const PAGE_SIZE = Number(args["page-size"]);
const MEDIA = Number(args.media);
/** How long a client waits for an answer before counting it as none (a hung request). */
const CLIENT_TIMEOUT_MS = 15_000;
const VISITOR_PAUSE_MS = 150;
const PROBE_EVERY_MS = 500;
const WARMUP_MS = 5_000;

const base = process.env.DATABASE_URL;
if (!base || !/^(mysql|mariadb):/i.test(base)) {
  console.error("DATABASE_URL doit désigner un serveur MySQL ou MariaDB (mysql://root@127.0.0.1:3306/portail).");
  process.exit(1);
}

// ── The scratch database, filled ───────────────────────────────────────────────────────────────
const url = new URL(base.replace(/^mariadb:/i, "mysql:"));
const scratchName = `${url.pathname.replace(/^\//, "") || "portail"}_abuse`.replace(/[^a-zA-Z0-9_]/g, "_");
{
  const admin = await createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
  await admin.query(`DROP DATABASE IF EXISTS \`${scratchName}\``);
  await admin.query(`CREATE DATABASE \`${scratchName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
}
url.pathname = `/${scratchName}`;
const databaseUrl = url.toString();
const dataDir = mkdtempSync(join(tmpdir(), "portail-abuse-"));
{
  const { loadConfig } = require(join(dist, "config.js"));
  const { openDatabase } = require(join(dist, "db/data-source.js"));
  const { seedScaleContent } = require(join(dist, "db/seed/scale-content.js"));
  const { loadTownData } = require(join(dist, "modules/geo/town-data.js"));
  const { GeoService } = require(join(dist, "modules/geo/geo.service.js"));
  const { refreshStatistics } = require(join(dist, "db/statistics.js"));
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_CONTENT: "false" });
  const towns = loadTownData(config.departmentCode);
  const dataSource = await openDatabase(config);
  await new GeoService(dataSource, towns).syncTowns();
  const counts = await seedScaleContent(dataSource, towns, { media: MEDIA, services: 500, users: 50, years: 3 });
  await refreshStatistics(dataSource);
  await dataSource.destroy();
  console.log(`Base ${scratchName} : ${counts.media} médias, ${counts.services} services.`);
}

// ── The built portal, in its own process ───────────────────────────────────────────────────────
const port = 4900 + Math.floor(Math.random() * 300);
const portal = fork(join(dist, "server.js"), [], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SESSION_SECRET_ROTATE: "true",
    DEMO_CONTENT: "false",
    GEOCODE_TOWNS: "false",
    BASEMAP_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
    API_RATE_LIMIT: "1000000",
    WEB_DIST: join(dataDir, "no-web-build"),
  },
  execArgv: serverNodeFlags(),
  stdio: ["ignore", "ignore", "pipe", "ipc"],
});
// The portal's log (one JSON line per event) is kept, not printed: its last lines if it stops.
let portalLog = "";
portal.stderr.on("data", (chunk) => {
  portalLog = (portalLog + chunk).slice(-4000);
});
portal.once("exit", (code) => {
  console.error(`Le portail s'est arrêté (${code}) :\n${portalLog}`);
  process.exit(1);
});
const origin = `http://127.0.0.1:${port}`;

/** One request from a given loopback address; resolves with its status and body (or status 0: no answer). */
function send(localAddress, agent, { method = "POST", path = "/graphql", body }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      origin + path,
      {
        method,
        agent,
        localAddress,
        timeout: CLIENT_TIMEOUT_MS,
        headers: body === undefined ? {} : { "content-type": "application/json" },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            ms: performance.now() - started,
            text: Buffer.concat(chunks).toString("utf8"),
            retryAfter: response.headers["retry-after"] ?? null,
          }),
        );
        response.on("error", () => resolve({ status: 0, ms: performance.now() - started, text: "" }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve({ status: 0, ms: performance.now() - started, text: "" }));
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const agentFor = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

for (let attempt = 0; ; attempt++) {
  const answer = await send("127.0.0.3", undefined, { method: "GET", path: "/healthz" });
  if (answer.status === 200) break;
  if (attempt > 300) throw new Error("Le portail ne répond pas sur /healthz.");
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// ── What each client sends ─────────────────────────────────────────────────────────────────────
const CARD = "id title description createdAt mainPicture categories eventFrom eventTo city";
const heavyQuery = (aliases, pageSize) => ({
  query: `query Heavy { ${Array.from(
    { length: aliases },
    (_, i) => `a${i}: mediaSearch(input: { page: ${i}, pageSize: ${pageSize} }) { count results { ${CARD} } }`,
  ).join(" ")} }`,
});
const VISITOR_SEARCHES = [
  {
    body: {
      query: `query MediaSearch($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { ${CARD} } } }`,
      variables: { input: { page: 0, pageSize: 15 } },
    },
  },
  {
    body: {
      query: `query MediaSearch($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { ${CARD} } } }`,
      variables: { input: { textQuery: "atelier", page: 0, pageSize: 15 } },
    },
  },
  {
    body: {
      query: `query ServiceSearch($input: ServiceSearchInput!) { services(input: $input) { count results { id serviceName city zip types } } }`,
      variables: { input: { types: ["CRECHE"], pageSize: 15 } },
    },
  },
  { path: "/api/media/search", body: { textQuery: "crèche", page: 0, pageSize: 15 } },
];
const refusedByLimits = (answer) => answer.status === 400 && answer.text.includes("QUERY_TOO_COMPLEX");

/** The mixes to run: the one asked for, and if the query limits refuse it, the heaviest allowed. */
async function mixes() {
  const asked = { aliases: ALIASES, pageSize: PAGE_SIZE };
  const probe = await send("127.0.0.4", undefined, { body: heavyQuery(ALIASES, PAGE_SIZE) });
  if (!refusedByLimits(probe)) return [asked];
  console.log(`Les limites refusent ${ALIASES} alias × ${PAGE_SIZE} résultats : variante admise cherchée.`);
  let best = null;
  for (let aliases = ALIASES; aliases >= 1; aliases--) {
    for (const pageSize of [100, 75, 50, 40, 30, 20, 15, 10, 5]) {
      if (pageSize > PAGE_SIZE || (best && aliases * pageSize <= best.aliases * best.pageSize)) continue;
      const answer = await send("127.0.0.4", undefined, { body: heavyQuery(aliases, pageSize) });
      if (!refusedByLimits(answer)) best = { aliases, pageSize };
    }
  }
  return best ? [asked, best] : [asked];
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const countBy = (list, key) =>
  list.reduce((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});
/** A status, told apart when a 200 carries errors (a GraphQL answer with some aliases failed). */
const outcome = (answer) => {
  if (answer.status === 0) return "sans réponse";
  if (answer.status === 200 && answer.text.includes('"errors"')) return "200 avec erreurs";
  return String(answer.status);
};

async function run({ aliases, pageSize }, { clients = CLIENTS, durationMs = DURATION_MS } = {}) {
  const attackers = new Worker(join(here, "abuse-attackers.mjs"), {
    workerData: { origin, clients, body: heavyQuery(aliases, pageSize), durationMs, timeoutMs: CLIENT_TIMEOUT_MS },
  });
  const attacked = new Promise((resolve, reject) => {
    attackers.once("message", resolve);
    attackers.once("error", reject);
  });
  const visitor = [];
  const probe = [];
  let running = true;
  const loops = [
    attacked,
    (async () => {
      const agent = agentFor();
      for (let n = 0; running; n++) {
        const search = VISITOR_SEARCHES[n % VISITOR_SEARCHES.length];
        visitor.push(await send("127.0.0.2", agent, search));
        await new Promise((resolve) => setTimeout(resolve, VISITOR_PAUSE_MS));
      }
    })(),
    (async () => {
      const agent = agentFor();
      while (running) {
        const started = performance.now();
        probe.push(await send("127.0.0.3", agent, { method: "GET", path: "/healthz" }));
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (performance.now() - started))),
        );
      }
    })(),
  ];
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  running = false;
  const [attacks] = await Promise.all(loops);

  const times = (list) => list.map((answer) => answer.ms).sort((a, b) => a - b);
  const visitorTimes = times(visitor);
  const probeTimes = times(probe);
  const visitorOk = visitor.filter((answer) => outcome(answer) === "200").length;
  const probeOk = probe.filter((answer) => answer.status === 200).length;
  const refusedWithoutRetryAfter = visitor.filter(
    (answer) => answer.status === 503 && answer.retryAfter === null,
  ).length;
  return {
    mix: `${clients} clients × ${aliases} alias × ${pageSize} résultats`,
    seconds: durationMs / 1000,
    visitor: {
      answers: visitor.length,
      statuses: countBy(visitor, outcome),
      okShare: visitor.length ? visitorOk / visitor.length : 0,
      p50: Math.round(percentile(visitorTimes, 50)),
      p95: Math.round(percentile(visitorTimes, 95)),
      max: Math.round(visitorTimes.at(-1) ?? NaN),
    },
    healthz: {
      answers: probe.length,
      statuses: countBy(probe, outcome),
      p95: Math.round(percentile(probeTimes, 95)),
      max: Math.round(probeTimes.at(-1) ?? NaN),
      allOk: probe.length > 0 && probeOk === probe.length,
    },
    attackers: {
      answers: attacks.answers,
      perSecond: Math.round((10 * attacks.answers) / (durationMs / 1000)) / 10,
      statuses: attacks.statuses,
    },
    refusedWithoutRetryAfter,
  };
}

const results = [];
try {
  const chosen = await mixes();
  // Uncounted: a freshly started portal compiles its code as it runs (a running instance is warm).
  await run(chosen.at(-1), { clients: 2, durationMs: WARMUP_MS });
  for (const mix of chosen) results.push(await run(mix));
} finally {
  portal.removeAllListeners("exit");
  const stopped = new Promise((resolve) => portal.once("exit", resolve));
  portal.kill("SIGTERM");
  await stopped;
  rmSync(dataDir, { recursive: true, force: true });
}

const statuses = (counts) =>
  Object.entries(counts)
    .map(([status, count]) => `${status} × ${count}`)
    .join(", ");
let met = true;
for (const result of results) {
  const visitorMet = result.visitor.okShare >= 0.99;
  met &&= visitorMet && result.healthz.allOk;
  console.log(`\n## ${result.mix}, ${result.seconds} s`);
  console.log(
    `Visiteur : ${result.visitor.answers} recherches, ${(100 * result.visitor.okShare).toFixed(1)} % en 200 (${statuses(result.visitor.statuses)}) ; p50 ${result.visitor.p50} ms, p95 ${result.visitor.p95} ms, max ${result.visitor.max} ms — objectif ≥ 99 % : ${visitorMet ? "atteint" : "manqué"}`,
  );
  console.log(
    `/healthz : ${result.healthz.answers} sondes (${statuses(result.healthz.statuses)}) ; p95 ${result.healthz.p95} ms, max ${result.healthz.max} ms — objectif 200 partout : ${result.healthz.allOk ? "atteint" : "manqué"}`,
  );
  console.log(
    `Attaquants : ${result.attackers.answers} réponses (${result.attackers.perSecond}/s) : ${statuses(result.attackers.statuses)}`,
  );
  if (result.refusedWithoutRetryAfter > 0) console.log(`503 sans Retry-After : ${result.refusedWithoutRetryAfter}`);
}
console.log(`\n${JSON.stringify(results)}`);
process.exit(met ? 0 : 1);
