// npm run bench:alerts [-- --alerts 20000 --media 100000 --services 20000 --fresh]
//
// One pass of the alerts' digests (DigestService.run) at a département's scale, on the MariaDB/MySQL
// database DATABASE_URL names (its own: the bench rewrites its content):
//   - seeds the generated content (seed:scale's, 100,000 media and 20,000 services by default) when the
//     database does not hold that many generated media already (--fresh: always anew);
//   - writes the alerts (« bench-…@exemple.test », varied criteria: lists, towns, places around,
//     ages, words, service types, « avec des places »), their `since` one day ago, and marks a day's
//     worth of items new: articles and events published, sheets created, places given;
//   - runs ONE pass with the mailer writing to a sink (counted, nothing leaves), and prints the run
//     time, the SQL statements sent (the data source's logger), the alerts read, the e-mails sent
//     and the peak memory (RSS and heap, sampled every 100 ms).
// Small scale to try it: --alerts 2000 --media 10000 --services 2000.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { randomUUID } from "node:crypto";
import { setInterval, clearInterval } from "node:timers";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const require = createRequire(import.meta.url);
require("reflect-metadata");
const { loadConfig } = require(join(dist, "config.js"));
const { openDatabase } = require(join(dist, "db", "data-source.js"));
const { isMysql } = require(join(dist, "db", "column-types.js"));
const { removeScaleContent, seedScaleContent } = require(join(dist, "db", "seed", "scale-content.js"));
const { refreshStatistics } = require(join(dist, "db", "statistics.js"));
const { loadTownData } = require(join(dist, "modules", "geo", "town-data.js"));
const { GeoService } = require(join(dist, "modules", "geo", "geo.service.js"));
const { DigestService } = require(join(dist, "modules", "alerts", "digest.js"));

const { values: args } = parseArgs({
  options: {
    alerts: { type: "string", default: "20000" },
    media: { type: "string", default: "100000" },
    services: { type: "string", default: "20000" },
    fresh: { type: "boolean", default: false },
  },
});
const wanted = { alerts: Number(args.alerts), media: Number(args.media), services: Number(args.services) };
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
if (!isMysql(process.env.DATABASE_URL)) {
  console.error("DATABASE_URL doit désigner une base MariaDB/MySQL réservée à ce banc (son contenu est réécrit).");
  process.exit(1);
}
const config = loadConfig({ ...process.env, DEMO_CONTENT: "false", GEOCODE_TOWNS: "false" });
const towns = loadTownData(config.departmentCode);
const dataSource = await openDatabase(config);
const geo = new GeoService(dataSource, towns);
await geo.syncTowns();

/** A small deterministic generator (the same alerts every run). */
let state = 46;
const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(next() * list.length)];
const DAY = 86_400_000;
const now = new Date();

// 1. Content: seed:scale's, reused when the database already holds as many generated media.
const [{ generated }] = await dataSource.query(`SELECT COUNT(*) AS generated FROM media WHERE title LIKE '[Généré]%'`);
if (args.fresh || Number(generated) !== wanted.media) {
  console.log(`Contenu généré : ${wanted.media} articles, ${wanted.services} services…`);
  if (Number(generated) > 0) await removeScaleContent(dataSource);
  await seedScaleContent(dataSource, towns, { media: wanted.media, services: wanted.services, users: 2000 });
  await refreshStatistics(dataSource);
}

// 2. A day of news: articles and events published in the last 24 hours (0.05 % of the media, 50 a day for 100,000),
// sheets created (0.25 %) and child care sheets giving places (1 %). Facet rows follow createdAt.
// What an earlier run marked (or the seed placed in the last day) goes back two days first: each run
// starts from the same day of news.
const dayAgo = new Date(now.getTime() - DAY);
await dataSource.query(
  `UPDATE media_facet SET sortAt = sortAt - INTERVAL 2 DAY WHERE mediaId IN (SELECT id FROM media WHERE createdAt > ?)`,
  [dayAgo],
);
await dataSource.query(`UPDATE media SET createdAt = createdAt - INTERVAL 2 DAY WHERE createdAt > ?`, [dayAgo]);
await dataSource.query(`UPDATE service SET createdAt = createdAt - INTERVAL 2 DAY WHERE createdAt > ?`, [dayAgo]);
await dataSource.query(
  `UPDATE service SET availabilityGivenAt = availabilityGivenAt - INTERVAL 2 DAY WHERE availabilityGivenAt > ?`,
  [dayAgo],
);
const recent = () => new Date(now.getTime() - 60_000 - Math.floor(next() * (DAY - 120_000)));
const freshMedia = await dataSource.query(
  `SELECT id FROM media WHERE published = 1 AND restricted = 0 ORDER BY id LIMIT ${Math.round(wanted.media * 0.0005)}`,
);
for (const { id } of freshMedia) {
  const at = recent();
  await dataSource.query(`UPDATE media SET createdAt = ? WHERE id = ?`, [at, id]);
  await dataSource.query(`UPDATE media_facet SET sortAt = ? WHERE mediaId = ?`, [at, id]);
}
const sheets = await dataSource.query(
  `SELECT id, types FROM service ORDER BY id LIMIT ${Math.round(wanted.services * 0.05)}`,
);
let newSheets = 0;
let placesGiven = 0;
for (const [n, { id, types }] of sheets.entries()) {
  if (n % 20 === 0) {
    await dataSource.query(`UPDATE service SET createdAt = ? WHERE id = ?`, [recent(), id]);
    newSheets++;
  } else if (n % 5 === 0 && /CRECHE|MAM|NURSERY|KINDERGARTEN/.test(types)) {
    const groups = [{ ageGroup: "UNDER_18_MONTHS", status: "VACANCIES", vacancies: 1 + (n % 3) }];
    await dataSource.query(`UPDATE service SET availabilityGroups = ?, availabilityGivenAt = ? WHERE id = ?`, [
      JSON.stringify(groups),
      recent(),
      id,
    ]);
    placesGiven++;
  }
}

// 3. The alerts, varied as families set them, all due with `since` a day ago.
await dataSource.query(`DELETE FROM alert_delivery`);
await dataSource.query(`DELETE FROM search_alert`);
const placed = towns.towns.filter((town) => town.latitude !== null);
const WORDS = ["atelier", "creche", "parents", "lecture", "musique", "sport", "eveil", "jeux", "bebe", "vacances"];
const AGES = ["PETITE_ENFANCE", "ENFANCE", "ADOLESCENCE"];
const CARE = ["CRECHE", "MICRO_CRECHE", "MAM", "FAMILY_CRECHE"];
const OTHER = ["RPE", "LAEP", "LEISURE_CENTRE", "TOY_LIBRARY"];
const rows = [];
for (let n = 0; n < wanted.alerts; n++) {
  const roll = next();
  const list = roll < 0.35 ? "NEWS" : roll < 0.55 ? "EVENTS" : roll < 0.65 ? "RESOURCES" : "SERVICES";
  const town = pick(placed);
  const criteria = {};
  const where = next();
  if (where < 0.55) criteria.locations = [town.city];
  else if (where < 0.97) criteria.near = { lat: town.latitude, lon: town.longitude, radiusKm: pick([5, 10, 20]) };
  if (next() < 0.6) criteria.ages = [pick(AGES)];
  if (next() < 0.15) criteria.textQuery = pick(WORDS);
  if (list === "EVENTS") criteria.categories = ["event"];
  if (list === "SERVICES") {
    const care = next() < 0.6;
    criteria.types = care ? [pick(CARE), pick(CARE)] : [pick(OTHER)];
    if (care && next() < 0.5) criteria.withVacancies = true;
    delete criteria.ages;
  }
  if (list === "EVENTS" && criteria.near === undefined && next() < 0.5)
    criteria.near = { lat: town.latitude, lon: town.longitude, radiusKm: 10 };
  rows.push({
    id: randomUUID(),
    email: `bench-${n}@exemple.test`,
    list,
    criteria: JSON.stringify(criteria),
    label: `Alerte ${n} · ${town.city}`,
    placeLabel: town.city,
    rhythm: next() < 0.7 ? "DAILY" : "WEEKLY",
    status: "ACTIVE",
    createdAt: new Date(now.getTime() - 30 * DAY),
    confirmedAt: new Date(now.getTime() - 30 * DAY),
    since: new Date(now.getTime() - DAY),
    lastSentAt: null,
    lastOpenedAt: null,
    bounces: 0,
    endedAt: null,
    endReason: null,
  });
}
for (let start = 0; start < rows.length; start += 1000) {
  await dataSource
    .createQueryBuilder()
    .insert()
    .into("search_alert")
    .values(rows.slice(start, start + 1000))
    .execute();
}
await dataSource.query(`ANALYZE TABLE search_alert, alert_delivery, media, service`);
console.log(
  `Prêt : ${wanted.alerts} alertes ; nouveau depuis un jour : ${freshMedia.length} articles, ${newSheets} fiches, ${placesGiven} fiches avec des places.`,
);

// 4. One pass, the mail to a sink; statements counted by the data source's logger.
let statements = 0;
let mails = 0;
const counting = {
  logQuery: () => void statements++,
  logQueryError: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};
const digests = new DigestService(dataSource, {
  clock: { now: () => new Date() },
  mailer: { send: async () => void mails++ },
  geo,
  publicUrl: config.publicUrl,
  secret: config.sessionSecret,
  instanceId: "bench",
});
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 100);
dataSource.logger = counting;
const started = performance.now();
const run = await digests.run();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
console.log(`Passe des résumés : ${seconds.toFixed(1)} s, ${statements} requêtes SQL`);
console.log(
  `Alertes lues ${run.alerts}, avec du nouveau ${run.withNews}, réservées ${run.claimed}, e-mails envoyés ${mails} (${run.sent})`,
);
console.log(
  `Mémoire : RSS ${mib(before.rss)} → pic ${mib(peakRss)} ; tas ${mib(before.heapUsed)} → pic ${mib(peakHeap)}`,
);
await dataSource.destroy();
