import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { recordStatements } from "../../../test/statements";
import { isMysql } from "../../db/column-types";
import { seedScaleContent } from "../../db/seed/scale-content";
import { rowsAtScale } from "../../../test/scale";
import { refreshStatistics } from "../../db/statistics";
import { loadTownData } from "../geo/town-data";

/** A few thousand in npm test, 10,000 under npm run test:scale. */
const SERVICES = rowsAtScale(3000, 10_000);
const TABLES = ["service_facet", "service"];

/** The table an alias of the query stands for (`FROM service s`, `JOIN service_facet c`). */
function tableOf(query: string, alias: string): string | undefined {
  if (TABLES.includes(alias)) return alias;
  const match = new RegExp(`\\b(service_facet|service)\\W?\\s+(?:AS\\s+)?\\W?${alias}\\W?(?:\\s|$)`, "i").exec(query);
  return match?.[1];
}

/** One step of a statement's plan, on one of the service tables. */
interface Step {
  table: string;
  /** Reads a whole table or index. */
  scan: boolean;
  /** Reads rows beside its index (MySQL/MariaDB: no « Using index »; not told by SQLite). */
  rowReads: boolean;
  text: string;
}

/**
 * A statement's plan, on the service tables: MySQL/MariaDB's EXPLAIN (a scan is `ALL` or
 * `index`), SQLite's EXPLAIN QUERY PLAN (`SCAN <table>`, with or without an index: SEARCH is a
 * range or a key). Derived tables (the bounded candidates of a page) are not tables.
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
      const text = `${row.table} : ${row.type} (${row.rows} lignes) ${row.Extra ?? ""}`;
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
 * A search around a place reads the range of its box in the position index, and the covering
 * services from the facet index: on generated services (3,000, or 10,000 at scale), no statement of it reads a whole
 * table or index (run by the .int and .sqlite.int test files, one per engine).
 */
export function sheetsNearPlansSuite(): void {
  describe(`query plans of a search around a place (${isMysql() ? "MySQL/MariaDB" : "SQLite"})`, () => {
    const t = useTestPortal();

    it(`reads no whole table or index among ${SERVICES.toLocaleString("en")} services`, async () => {
      const ds = t.portal.dataSource;
      const towns = loadTownData("64");
      await seedScaleContent(ds, towns, { media: 0, services: SERVICES, users: 50 });
      await refreshStatistics(ds);
      const lescar = towns.towns.find((town) => town.city === "Lescar")!;
      const input = {
        near: { lat: lescar.latitude, lon: lescar.longitude, radiusKm: 10 },
        types: ["CRECHE", "MICRO_CRECHE"],
      };
      const query =
        "query ($input: ServiceSearchInput!, $place: GeoPointInput!) { services(input: $input) { count results { id distanceKm(from: $place) coversPlace(at: $place) } } }";
      for (const variables of [
        { input },
        { input: { ...input, textQuery: "crèche" } },
        { input: { near: input.near } },
        // Open on a Tuesday at 10:00 in Paris, around the place.
        { input: { near: input.near, openAt: "2026-12-08T09:00:00Z" } },
      ]) {
        let found = 0;
        const statements = await recordStatements(ds, async () => {
          const place = { lat: input.near.lat, lon: input.near.lon };
          const result = await t.graphql<{ services: { count: number } }>(query, { ...variables, place });
          expect(result.errors).toBeUndefined();
          found = result.data!.services.count;
        });
        expect(found, JSON.stringify(variables)).toBeGreaterThan(0);
        const selects = statements.filter(({ query: sql }) => /^\s*SELECT/i.test(sql));
        expect(
          selects.some(({ query: sql }) => /latitude\W* BETWEEN/.test(sql)),
          selects.map((s) => s.query).join("\n"),
        ).toBe(true);
        for (const { query: sql, parameters } of selects) {
          const steps = await planSteps((text, values) => ds.query(text, values), sql, parameters);
          expect(
            steps.filter((step) => step.scan).map((step) => step.text),
            sql,
          ).toEqual([]);
          if (!/latitude\W* BETWEEN/.test(sql)) continue;
          // The covering services come from their facet rows alone: the service table is read by
          // the radius part only, and (MySQL/MariaDB) every step reads index entries, not rows.
          expect(
            steps.filter((step) => step.table === "service"),
            sql,
          ).toHaveLength(1);
          expect(
            steps.filter((step) => step.rowReads).map((step) => step.text),
            sql,
          ).toEqual([]);
        }
      }
      const [{ total }] = await ds.query("SELECT COUNT(*) AS total FROM service");
      expect(Number(total)).toBe(SERVICES);
    }, 300_000);
  });
}
