// npm run bench:api [-- --requests 200 --warmup 20 --duration 10 --warmup-load 12 --connections 32 --json out.json]
//                    [-- --statements: only print each request's SQL statements and their own p50/p95]
//
// Measures the portal's searches on the database it is given (DATABASE_URL, else the SQLite file in
// DATA_DIR), filled beforehand by `npm run seed:scale`. In one run:
//   1. records the SQL statements each request runs (an in-process portal, the data source's logger);
//   2. starts the built portal as a separate process (NODE_ENV=production, `npm start`'s node
//      flags) and measures serial latency (p50, p95) of each request through REST and GraphQL,
//      of the same SQL run directly (mysql2 or better-sqlite3, one connection, no HTTP): the floor
//      (a REST call that runs other statements than the GraphQL one has its own floor), and of
//      the bare handler (floor-server.mjs: node:http alone, the same SQL on a pool of the app's
//      size, the app's JSON), what HTTP itself costs on this machine; they are taken in turns,
//      so that each sees the same moments of a noisy machine;
//   3. measures throughput at N connections (autocannon) of a GraphQL search against the bare
//      handler; each takes the load for `--warmup-load` seconds to warm up (uncounted: a freshly
//      started portal needs about 10 s of load to reach its steady rate), then the two take it in
//      turns (portal, floor, floor, portal).
// Prints one table with the ratios app/floor. The machine may be noisy: compare ratios, not runs.
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Buffer } from "node:buffer";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { serverNodeFlags } from "../bin/server-flags.mjs";
import { targetsReport } from "./targets.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const require = createRequire(import.meta.url);
require("reflect-metadata");
const { loadConfig } = require(join(dist, "config.js"));
const { startPortal } = require(join(dist, "portal.js"));
const { hashPassword } = require(join(dist, "modules/auth/password-hash.js"));

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    duration: { type: "string", default: "10" },
    "warmup-load": { type: "string", default: "12" },
    connections: { type: "string", default: "32" },
    json: { type: "string" },
    statements: { type: "boolean", default: false },
  },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const DURATION = Number(args.duration);
const WARMUP_LOAD = Number(args["warmup-load"]);
const CONNECTIONS = Number(args.connections);

if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const databaseUrl = process.env.DATABASE_URL ?? null;
const dataDir = resolve(process.env.DATA_DIR ?? "data");
const mysql = databaseUrl !== null && /^(mysql|mariadb):/i.test(databaseUrl);

const CARD = `id title description createdAt mainPicture categories eventFrom eventTo eventAddress city location { lat lon }`;
const MEDIA_SEARCH = `query MediaSearch($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { ${CARD} } } }`;
const SERVICE_SEARCH = `query ServiceSearch($input: ServiceSearchInput!) { services(input: $input) { count results {
  id serviceName serviceManager fullAddress city zip phone types ages location { lat lon } } } }`;
const SERVICE_NEAR = `query ServiceNear($input: ServiceSearchInput!, $place: GeoPointInput!) { services(input: $input) {
  count results { id serviceName serviceManager fullAddress city zip phone types ages location { lat lon }
  distanceKm(from: $place) coversPlace(at: $place) } } }`;
const MEDIA_DETAIL = `query MediaDetail($id: ID!) { media(id: $id) { ${CARD} article ages thematics epci networks userIds
  files { path name type } } }`;
const USERS = `query Users($input: UserSearchInput!) { users(input: $input) { total waiting users {
  id name surname email role status expiration networks createdAt } } }`;

/** The requests measured: the REST call a legacy client makes and the GraphQL the web sends. */
function cases(sample) {
  const media = (label, body, input) => ({
    label,
    rest: { method: "POST", path: "/api/media/search", body },
    graphql: { query: MEDIA_SEARCH, variables: { input } },
  });
  return [
    media("médias, sans filtre, page 0", { page: 0, pageSize: 15 }, { page: 0, pageSize: 15 }),
    media(
      "médias, texte « crèche »",
      { textQuery: "crèche", page: 0, pageSize: 15 },
      { textQuery: "crèche", pageSize: 15 },
    ),
    media(
      `médias, « atelier » + âge + ${sample.town}`,
      { textQuery: "atelier", ages: ["ADOLESCENCE"], locations: [sample.town], page: 0, pageSize: 15 },
      { textQuery: "atelier", ages: ["ADOLESCENCE"], locations: [sample.town], pageSize: 15 },
    ),
    // The deepest page served: the first RESULT_WINDOW (10,000) results can be paged.
    media(
      "médias, sans filtre, page 666 (la plus lointaine)",
      { page: 666, pageSize: 15 },
      { page: 666, pageSize: 15 },
    ),
    media(
      "évènements seuls, page 0",
      { categories: ["event"], page: 0, pageSize: 15 },
      { categories: ["EVENT"], pageSize: 15 },
    ),
    {
      label: `services, crèches à ${sample.town}`,
      rest: {
        method: "POST",
        path: "/api/services/search",
        body: { type: ["CRECHE"], locations: [sample.town], page: 0, pageSize: 15 },
      },
      graphql: {
        query: SERVICE_SEARCH,
        variables: { input: { types: ["CRECHE"], locations: [sample.town], pageSize: 15 } },
      },
    },
    {
      label: `services autour de ${sample.town} (10 km)`,
      rest: {
        method: "POST",
        path: "/api/services/search",
        body: { near: { ...sample.place, radiusKm: 10 }, page: 0, pageSize: 15 },
      },
      graphql: {
        query: SERVICE_NEAR,
        variables: { input: { near: { ...sample.place, radiusKm: 10 }, pageSize: 15 }, place: sample.place },
      },
    },
    {
      label: "services, texte « relais »",
      rest: { method: "POST", path: "/api/services/search", body: { textQuery: "relais", page: 0, pageSize: 15 } },
      graphql: { query: SERVICE_SEARCH, variables: { input: { textQuery: "relais", pageSize: 15 } } },
    },
    {
      label: "détail d'un média",
      rest: { method: "GET", path: `/api/media/current/${sample.mediaId}` },
      graphql: { query: MEDIA_DETAIL, variables: { id: sample.mediaId } },
    },
    {
      label: "comptes (administration), « mar »",
      admin: true,
      rest: { method: "GET", path: "/api/users/search?size=10&from=0&textQuery=mar&orderBy=name&orderDirection=asc" },
      graphql: { query: USERS, variables: { input: { size: 10, from: 0, textQuery: "mar", orderBy: "name" } } },
    },
  ];
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const PAUSE_MS = 5;

/**
 * Serial timings of several ways to run the same request, taken in turns (one of each, then the
 * next round), so that each sees the same moments of a noisy machine.
 */
async function timedInTurns(runs) {
  const names = Object.keys(runs);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    for (const name of names) {
      // A pause between runs: the portal finishes its work after answering (GC, sockets), and
      // the next run, the floor's included, starts on a quiet machine.
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const start = performance.now();
      const check = await runs[name]();
      if (i >= WARMUP) times[name].push(performance.now() - start);
      // The answer is checked once its time is taken (decoding it is the client's work).
      if (typeof check === "function") check();
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const sorted = times[name].sort((a, b) => a - b);
      return [name, { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }];
    }),
  );
}
const timed = async (run) => (await timedInTurns({ run })).run;

/**
 * The bench's client: node:http on one kept-alive connection, accepting brotli and gzip like a
 * browser. A request's time ends with its last byte; the answer is decoded and checked after.
 * (fetch's own machinery added about 0.7 ms p50 / 1.3 ms p95 to every request on this machine.)
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function request(base, cookie, spec) {
  const { method, path, body } = spec;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      base + path,
      {
        method,
        agent,
        headers: {
          "accept-encoding": "br, gzip",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode, headers: response.headers, bytes: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const graphqlSpec = (graphql) => ({ method: "POST", path: "/graphql", body: graphql });

function expectOk(response, label) {
  const encoding = response.headers["content-encoding"];
  const bytes =
    encoding === "br"
      ? brotliDecompressSync(response.bytes)
      : encoding === "gzip"
        ? gunzipSync(response.bytes)
        : response.bytes;
  const text = bytes.toString("utf8");
  if (response.status >= 300 || text.includes('"errors"'))
    throw new Error(`${label}: ${response.status} ${text.slice(0, 300)}`);
  return text;
}

// ── 0. Configuration, bench account, sample values ────────────────────────────────────────────
const BENCH_EMAIL = "bench-admin@exemple.fr";
const BENCH_PASSWORD = `Bench-${randomBytes(9).toString("base64url")}`;
const baseEnv = {
  ...process.env,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: dataDir,
  DEMO_CONTENT: "false",
  GEOCODE_TOWNS: "false",
  NODE_ENV: "production",
  SESSION_SECRET: randomBytes(32).toString("hex"),
  // A new secret each run, on a database the bench has to itself: recorded anew (see shared-secret.ts).
  SESSION_SECRET_ROTATE: "true",
  // Nothing leaves the machine: the basemap probe answers "unavailable" at once.
  BASEMAP_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
  // The bench is one anonymous address sending thousands of requests: the limiter still counts
  // each one (its cost is measured), but never refuses.
  API_RATE_LIMIT: "1000000",
};

const recorder = await startPortal(loadConfig({ ...baseEnv, PORT: "0" }));
const ds = recorder.dataSource;
const [{ total: mediaTotal }] = await ds.query("SELECT COUNT(*) AS total FROM media");
if (Number(mediaTotal) < 1000) {
  console.error(`La base ne contient que ${mediaTotal} médias : remplissez-la d'abord (npm run seed:scale).`);
  await recorder.close();
  process.exit(1);
}
const [{ city: town }] = await ds.query(
  "SELECT value AS city FROM media_facet WHERE facet = 'location' AND value IN (SELECT city FROM town) GROUP BY value ORDER BY COUNT(*) DESC LIMIT 1",
);
const [{ id: mediaId }] = await ds.query(
  "SELECT id FROM media WHERE restricted = 0 ORDER BY createdAt DESC LIMIT 1 OFFSET 500",
);
await ds.query("DELETE FROM users WHERE email = ?", [BENCH_EMAIL]);
// SQLite stores TypeORM's UTC text form; MySQL takes the Date.
const now = mysql ? new Date() : new Date().toISOString().replace("T", " ").replace("Z", "");
await ds.query(
  "INSERT INTO users (id, name, surname, email, phone, role, status, createdAt, updatedAt, networks, passwordHash, searchText) VALUES (?, ?, ?, ?, ?, 'ADMIN', 'CONFIRMED', ?, ?, '[]', ?, ?)",
  [
    randomUUID(),
    "Banc",
    "Mesure",
    BENCH_EMAIL,
    "05 00 00 00 00",
    now,
    now,
    await hashPassword(BENCH_PASSWORD),
    "banc mesure",
  ],
);
const [{ latitude, longitude }] = await ds.query("SELECT latitude, longitude FROM town WHERE city = ?", [town]);
const measured = cases({ town, mediaId, place: { lat: Number(latitude), lon: Number(longitude) } });

async function signIn(base) {
  const response = await request(base, null, {
    method: "POST",
    path: "/api/auth/login",
    body: { email: BENCH_EMAIL, password: BENCH_PASSWORD, remember: false },
  });
  expectOk(response, "connexion");
  return response.headers["set-cookie"][0].split(";")[0];
}

/** Runs statements directly, on one connection (mysql2 or better-sqlite3): the floor. */
async function directSql() {
  let runSql;
  let closeSql;
  if (mysql) {
    const mysql2 = require("mysql2/promise");
    const connection = await mysql2.createConnection({
      uri: databaseUrl.replace(/^mariadb:/i, "mysql:"),
      timezone: "Z",
      charset: "utf8mb4_unicode_ci",
    });
    runSql = async (statements) => {
      for (const { query, parameters } of statements) await connection.query(query, parameters);
    };
    closeSql = () => connection.end();
  } else {
    const Database = require("better-sqlite3");
    const db = new Database(join(dataDir, "portail.sqlite"), { readonly: true });
    runSql = async (statements) => {
      for (const { query, parameters } of statements) {
        const statement = db.prepare(query);
        if (statement.reader) statement.all(...parameters);
      }
    };
    closeSql = async () => db.close();
  }
  return { runSql, closeSql };
}

const ms = (value) => `${value.toFixed(1)}`;

/** The bench account is removed. */
async function removeBenchAccount() {
  const cleanup = await startPortal(loadConfig({ ...baseEnv, PORT: "0" }));
  await cleanup.dataSource.query("DELETE FROM session WHERE userId IN (SELECT id FROM users WHERE email = ?)", [
    BENCH_EMAIL,
  ]);
  await cleanup.dataSource.query("DELETE FROM users WHERE email = ?", [BENCH_EMAIL]);
  await cleanup.close();
}

// ── 1. The SQL of each request, recorded ─────────────────────────────────────────────────────
// The recorder does no background work (scheduled publication, jobs, audit purge), and each
// request is recorded until two runs in a row run the same statements: what is recorded is the
// request's own SQL, not a job's that happened to run beside it (a freshly seeded database has
// 20,000 sheets to remind of).
recorder.services.audit.stopRetention();
recorder.services.publication.stop();
await recorder.services.jobs.stop();
const recorderCookie = await signIn(recorder.url);
async function record(item, spec) {
  const statements = [];
  const original = ds.logger;
  ds.logger = {
    logQuery: (query, parameters) => statements.push({ query, parameters: parameters ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  try {
    const text = expectOk(await request(recorder.url, item.admin ? recorderCookie : null, spec), item.label);
    return { text, statements };
  } finally {
    ds.logger = original;
  }
}
const sameQueries = (a, b) => a.length === b.length && a.every((statement, i) => statement.query === b[i].query);
/** A request's statements, once two runs in a row agree. */
async function recordAgreed(item, spec) {
  let recorded = await record(item, spec);
  for (let attempt = 0; ; attempt++) {
    const again = await record(item, spec);
    if (sameQueries(recorded.statements, again.statements)) return recorded;
    if (attempt === 5) throw new Error(`${item.label} : les requêtes SQL changent d'une fois à l'autre.`);
    recorded = again;
  }
}
for (const item of measured) {
  const recorded = await recordAgreed(item, graphqlSpec(item.graphql));
  item.body = recorded.text;
  item.statements = recorded.statements;
  const data = Object.values(JSON.parse(recorded.text).data)[0];
  item.matches = data.count ?? data.total ?? 1;
  // A REST row may read more (a legacy answer carries the article): its floor is its own SQL.
  const rest = await recordAgreed(item, item.rest);
  item.restStatements = sameQueries(rest.statements, item.statements) ? null : rest.statements;
  item.restBody = rest.text;
}
await recorder.close();

if (args.statements) {
  const { runSql, closeSql } = await directSql();
  for (const item of measured) {
    console.log(`\n## ${item.label} (${item.matches} résultats)`);
    for (const statement of item.statements) {
      const time = await timed(() => runSql([statement]));
      console.log(
        `${ms(time.p50)} / ${ms(time.p95)} ms  ${statement.query} -- ${JSON.stringify(statement.parameters)}`,
      );
    }
  }
  await closeSql();
  await removeBenchAccount();
  process.exit(0);
}

// ── 2. The portal, in its own process, measured in turns with the floor (the same SQL) ───────────
// The servers this run started: stopped whenever the bench ends, so a failed run leaves no server
// holding a port (or the terminal's output) behind.
const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill();
});
function startChild(script, env, execArgv = []) {
  const child = fork(script, [], { env, execArgv, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  children.add(child);
  child.once("exit", (code) => {
    children.delete(child);
    console.error(`${script} s'est arrêté (${code}).`);
    process.exit(1);
  });
  return child;
}
async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} ne répond pas`);
}
// Ports the system hands out free now: a fixed or random range collides with other portals
// running on the machine (a developer's, a test run's).
async function freePort() {
  const server = http.createServer();
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}
const appPort = await freePort();
const app = await startChild(join(dist, "server.js"), { ...baseEnv, PORT: String(appPort) }, serverNodeFlags());
const appUrl = `http://127.0.0.1:${appPort}`;
// The bare handler: each row's statements and answer behind node:http alone (POST /<row>), then
// the REST calls that run statements of their own (POST /<measured.length + k>).
const specFile = join(tmpdir(), `bench-floor-${process.pid}.json`);
// A date parameter stays a date (as JSON, an ISO string the database would compare as text).
const floorRow = (statements, body) => ({
  statements: statements.map(({ query, parameters }) => ({
    query,
    parameters: parameters.map((value) => (value instanceof Date ? { date: value.toISOString() } : value)),
  })),
  body,
});
const restFloorRows = measured.filter((item) => item.restStatements);
writeFileSync(
  specFile,
  JSON.stringify({
    databaseUrl,
    dataDir,
    rows: [
      ...measured.map((item) => floorRow(item.statements, item.body)),
      ...restFloorRows.map((item) => floorRow(item.restStatements, item.restBody)),
    ],
  }),
);
const restFloorPath = (item) => `/${measured.length + restFloorRows.indexOf(item)}`;
const floorPort = await freePort();
const floorUrl = `http://127.0.0.1:${floorPort}`;
const floorServer = startChild(join(here, "floor-server.mjs"), {
  ...process.env,
  FLOOR_SPEC: specFile,
  FLOOR_PORT: String(floorPort),
});
await waitFor(`${appUrl}/healthz`);
await waitFor(`${floorUrl}/`);
const cookie = await signIn(appUrl);

// The floor: the same SQL run directly, on one connection
const { runSql, closeSql } = await directSql();
const rows = [];
try {
  for (const [index, item] of measured.entries()) {
    const c = item.admin ? cookie : null;
    const timings = await timedInTurns({
      rest: async () => {
        const response = await request(appUrl, c, item.rest);
        return () => expectOk(response, item.label);
      },
      graphql: async () => {
        const response = await request(appUrl, c, graphqlSpec(item.graphql));
        return () => expectOk(response, item.label);
      },
      floor: () => runSql(item.statements),
      httpFloor: async () => {
        const response = await request(floorUrl, null, { method: "POST", path: `/${index}`, body: {} });
        return () => expectOk(response, `${item.label} (gestionnaire nu)`);
      },
      ...(item.restStatements
        ? {
            restFloor: () => runSql(item.restStatements),
            httpRestFloor: async () => {
              const response = await request(floorUrl, null, { method: "POST", path: restFloorPath(item), body: {} });
              return () => expectOk(response, `${item.label} (gestionnaire nu, REST)`);
            },
          }
        : {}),
    });
    rows.push({ item, ...timings });
  }
} finally {
  app.removeAllListeners("exit");
  // Its port is taken again below: wait until it is free.
  const exited = new Promise((done) => app.once("exit", done));
  app.kill();
  await exited;
  await closeSql();
}

// ── 3. Throughput at N connections: GraphQL against the bare handler ─────────────────────────
const load = measured[0];
const throughput = async (url, body, duration = DURATION / 2) => {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { rps: result.requests.average, errors: result.errors + result.non2xx };
};
// Both servers run side by side and take the load in turns (portal, floor, floor, portal), each
// for half the duration: a machine that speeds up or slows down during the run weighs on both.
const app2 = await startChild(join(dist, "server.js"), { ...baseEnv, PORT: String(appPort) }, serverNodeFlags());
await waitFor(`${appUrl}/healthz`);
const loadUrl = (side) => (side === "app" ? `${appUrl}/graphql` : `${floorUrl}/0`);
// Each server first takes the load once, uncounted, as the serial rows have their warm-up: the
// portal was just started, and its first seconds (code compiled as it runs, pools filled) are not
// how a running instance serves (its rate, in 2.5 s steps from its start: 283, 339, 383, 407,
// 457, 436, 428, 491 req/s); the bare handler has little to warm, but gets the same.
for (const side of ["app", "floor"]) await throughput(loadUrl(side), load.graphql, WARMUP_LOAD);
const loads = { app: [], floor: [] };
for (const side of ["app", "floor", "floor", "app"]) loads[side].push(await throughput(loadUrl(side), load.graphql));
const together = (runs) => ({
  rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
  turns: runs.map((run) => Math.round(run.rps)),
});
const appLoad = together(loads.app);
const floorLoad = together(loads.floor);
for (const child of [app2, floorServer]) {
  child.removeAllListeners("exit");
  child.kill();
}

// ── Report ─────────────────────────────────────────────────────────────────────────────────────
const ratio = (a, b) => `${(a / b).toFixed(1)}×`;
const engine = mysql ? "MySQL/MariaDB" : "SQLite";
console.log(
  `\n${engine}, ${mediaTotal} médias; ${REQUESTS} requêtes en série par ligne (après ${WARMUP}); temps en ms\n`,
);
console.log(
  "| Requête | Résultats | Requêtes SQL | REST p50 | REST p95 | GraphQL p50 | GraphQL p95 | SQL seul p50 | SQL seul p95 | SQL REST p95 | REST/SQL p95 | GraphQL/SQL p95 | HTTP nu + SQL p50 | HTTP nu + SQL p95 | REST/HTTP nu p95 | GraphQL/HTTP nu p95 |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const { item, rest, graphql, floor, restFloor, httpFloor, httpRestFloor } of rows) {
  // « SQL REST »: the REST call's own statements, when they differ from the GraphQL call's.
  const restBase = restFloor ?? floor;
  console.log(
    `| ${item.label} | ${item.matches} | ${item.statements.length} | ${ms(rest.p50)} | ${ms(rest.p95)} | ${ms(graphql.p50)} | ${ms(graphql.p95)} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${restFloor ? ms(restFloor.p95) : "="} | ${ratio(rest.p95, restBase.p95)} | ${ratio(graphql.p95, floor.p95)} | ${ms(httpFloor.p50)} | ${ms(httpFloor.p95)} | ${ratio(rest.p95, (httpRestFloor ?? httpFloor).p95)} | ${ratio(graphql.p95, httpFloor.p95)} |`,
  );
}
console.log(
  `\nDébit à ${CONNECTIONS} connexions, ${DURATION} s, « ${load.label} » : GraphQL ${Math.round(appLoad.rps)} req/s` +
    ` (${appLoad.errors} erreurs), gestionnaire nu node:http + SQL ${Math.round(floorLoad.rps)} req/s` +
    ` (${floorLoad.errors} erreurs) : ${Math.round((100 * appLoad.rps) / floorLoad.rps)} % du plancher` +
    ` (tours : GraphQL ${appLoad.turns.join(" et ")}, plancher ${floorLoad.turns.join(" et ")} req/s,` +
    ` après un tour de mise en route chacun).`,
);
const measuredRows = rows.map(({ item, rest, graphql, httpFloor, httpRestFloor }) => ({
  label: item.label,
  rest,
  graphql,
  httpFloor,
  httpRestFloor,
}));
console.log(`\n${targetsReport(measuredRows, { app: appLoad, floor: floorLoad })}`);
if (args.json) {
  writeFileSync(
    args.json,
    JSON.stringify(
      {
        engine,
        media: Number(mediaTotal),
        rows: rows.map(({ item, rest, graphql, floor, restFloor, httpFloor, httpRestFloor }) => ({
          label: item.label,
          matches: item.matches,
          statements: item.statements.length,
          rest,
          graphql,
          floor,
          restFloor: restFloor ?? null,
          httpFloor,
          httpRestFloor: httpRestFloor ?? null,
        })),
        throughput: { app: appLoad, floor: floorLoad },
      },
      null,
      2,
    ),
  );
}
await removeBenchAccount();
process.exit(0);
