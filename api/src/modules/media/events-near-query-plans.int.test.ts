import { describe, expect, it } from "vitest";
import { buildMedia, Category } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { rowsAtScale } from "../../../test/scale";
import { recordStatements } from "../../../test/statements";
import { isMysql } from "../../db/column-types";
import { seedScaleContent } from "../../db/seed/scale-content";
import { refreshStatistics } from "../../db/statistics";
import { loadTownData } from "../geo/town-data";

/** A few thousand in npm test, 10,000 under npm run test:scale. */
const MEDIA = rowsAtScale(3000, 10_000);
const TABLES = ["media_facet", "media"];

/** The table an alias of the query stands for (`FROM media m`, `media_facet media_facet_n0`). */
function tableOf(query: string, alias: string): string | undefined {
  if (TABLES.includes(alias)) return alias;
  if (/^media_facet_/.test(alias)) return "media_facet";
  const match = new RegExp(`\\b(media_facet|media)\\W?\\s+(?:AS\\s+)?\\W?${alias}\\W?(?:\\s|$)`, "i").exec(query);
  return match?.[1];
}

interface Step {
  table: string;
  /** Reads a whole table or index. */
  scan: boolean;
  /** Reads rows beside its index (MySQL/MariaDB: no « Using index »; not told by SQLite). */
  rowReads: boolean;
  text: string;
}

/**
 * A statement's plan on the media tables: MySQL/MariaDB's EXPLAIN (a scan is `ALL` or `index`),
 * SQLite's EXPLAIN QUERY PLAN (`SCAN <table>`; SEARCH is a range or a key). Derived tables (a
 * bounded window of candidates) are not tables.
 */
async function planSteps(
  run: (sql: string, parameters: unknown[]) => Promise<Array<Record<string, unknown>>>,
  query: string,
  parameters: unknown[],
): Promise<Step[]> {
  if (isMysql()) {
    const plan = await run(`EXPLAIN ${query}`, parameters);
    return plan.flatMap((row) => {
      const table = tableOf(query, String(row.table));
      if (!table) return [];
      const text = `${row.table} : ${row.type} ${row.key ?? ""} (${row.rows} lignes) ${row.Extra ?? ""}`;
      const scan = row.type === "ALL" || row.type === "index";
      return [{ table, scan, rowReads: !/Using index(?! condition)/.test(String(row.Extra ?? "")), text }];
    });
  }
  const plan = await run(`EXPLAIN QUERY PLAN ${query}`, parameters);
  return plan.flatMap((row) => {
    const text = String(row.detail);
    const step = /^(SEARCH|SCAN) (\w+)/.exec(text);
    const table = step && tableOf(query, step[2]);
    return table ? [{ table, scan: step[1] === "SCAN", rowReads: false, text }] : [];
  });
}

/**
 * A search of events around a place reads the range of its box in the position index (or of a
 * date index, which holds the position too), and probes the facet index: on generated media
 * (3,000, or 10,000 at scale), on either engine, no statement of it reads a whole table or
 * index, and (MySQL/MariaDB) every step of the statements that read the box reads index
 * entries, not rows. The next event after an empty period too.
 */
describe(`query plans of events around a place (${isMysql() ? "MySQL/MariaDB" : "SQLite"})`, () => {
  const t = useTestPortal();

  it(`reads no whole table or index among ${MEDIA.toLocaleString("en")} media`, async () => {
    const ds = t.portal.dataSource;
    const towns = loadTownData("64");
    // One year of content: a few upcoming events among them (of eight years, a handful).
    await seedScaleContent(ds, towns, { media: MEDIA, services: 0, users: 50, years: 1 });
    await refreshStatistics(ds);
    const pau = towns.towns.find((town) => town.city === "Pau")!;
    const near = { lat: pau.latitude, lon: pau.longitude, radiusKm: 20 };
    // A minute after every generated event, and one event ten days later: its start is named.
    const day = 86_400_000;
    const empty = new Date(Math.floor(Date.now() / 1000) * 1000 + 200 * day);
    const emptyNight = { eventFrom: empty.toISOString(), eventTo: new Date(empty.getTime() + 60_000).toISOString() };
    const later = new Date(empty.getTime() + 10 * day);
    await buildMedia(ds, {
      title: "Atelier des familles à Pau",
      categories: [Category.EVENT],
      eventFrom: later,
      eventTo: new Date(later.getTime() + 3_600_000),
      latitude: pau.latitude,
      longitude: pau.longitude,
    });
    const query =
      "query ($input: MediaSearchInput!, $place: GeoPointInput!) { mediaSearch(input: $input) { count nextEventFrom results { id title distanceKm(from: $place) } } }";
    const searches: Array<{ input: Record<string, unknown>; found: boolean }> = [
      { input: { near, categories: ["EVENT"] }, found: true },
      { input: { near, eventTiming: "UPCOMING", categories: ["EVENT"] }, found: true },
      { input: { near, eventTiming: "PAST", categories: ["EVENT"], page: 3 }, found: true },
      { input: { near, eventTiming: "UPCOMING", ages: ["PETITE_ENFANCE"], textQuery: "atelier" }, found: true },
      { input: { near: { ...near, radiusKm: 50 }, eventTiming: "PAST", page: 20 }, found: true },
      { input: { near, eventTiming: "UPCOMING", ...emptyNight }, found: false },
      { input: { near, eventTiming: "UPCOMING", textQuery: "atelier", ...emptyNight }, found: false },
      { input: { eventTiming: "UPCOMING", categories: ["EVENT"], ...emptyNight }, found: false },
    ];
    for (const { input, found } of searches) {
      let answer: { count: number; nextEventFrom: string | null } = { count: 0, nextEventFrom: null };
      const statements = await recordStatements(ds, async () => {
        const result = await t.graphql<{ mediaSearch: typeof answer }>(query, {
          input,
          place: { lat: near.lat, lon: near.lon },
        });
        expect(result.errors).toBeUndefined();
        answer = result.data!.mediaSearch;
      });
      const label = JSON.stringify(input);
      if (found) expect(answer.count, label).toBeGreaterThan(0);
      else expect(answer, label).toMatchObject({ count: 0, nextEventFrom: later.toISOString() });
      const selects = statements.filter(({ query: sql }) => /^\s*SELECT/i.test(sql));
      const reading = selects.filter(({ query: sql }) => /eventLatitudeBand\W* IN|eventFrom\W* > /.test(sql));
      expect(reading.length, `${label}\n${selects.map((s) => s.query).join("\n")}`).toBeGreaterThan(0);
      for (const { query: sql, parameters } of selects) {
        const steps = await planSteps((text, values) => ds.query(text, values), sql, parameters);
        expect(
          steps.filter((step) => step.scan).map((step) => step.text),
          `${label}\n${sql}`,
        ).toEqual([]);
        if (!reading.some((statement) => statement.query === sql)) continue;
        expect(
          steps.filter((step) => step.rowReads).map((step) => step.text),
          `${label}\n${sql}`,
        ).toEqual([]);
      }
    }
    const [{ total }] = await ds.query("SELECT COUNT(*) AS total FROM media");
    expect(Number(total)).toBe(MEDIA + 1);
  }, 300_000);
});
