import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { recordStatements } from "../../../test/statements";
import { isMysql } from "../../db/column-types";
import { seedScaleContent } from "../../db/seed/scale-content";
import { refreshStatistics } from "../../db/statistics";
import { loadTownData } from "../geo/town-data";
import { PROBED_WINDOW, wordGroups } from "./facets";

const SEARCH = `query ($input: MediaSearchInput!) {
  mediaSearch(input: $input) { count countIsMinimum results { id } } }`;

/**
 * A search of two frequent words: the first drives (more than PROBED_WINDOW candidates), the
 * other is a probe. Its pages, read through GraphQL, are the matches in the list's order, also
 * past the first candidates, where the page reads on beyond the probed window.
 */
describe("a search whose criteria are probed, past the probed window", () => {
  const t = useTestPortal();

  it("answers every page as a plain query would, and a count that covers it", async () => {
    const ds = t.portal.dataSource;
    await seedScaleContent(ds, loadTownData("64"), { media: 5000, services: 1, users: 1 });
    const textQuery = "atelier enfants";
    const [drive, probe] = wordGroups(textQuery).map((group) => group.values![0]);
    const words = async (word: string) => {
      const [{ total }] = await ds.query(
        "SELECT COUNT(*) AS total FROM media_facet WHERE facet = 'word' AND value = ? AND published = 1 AND restricted = 0",
        [word],
      );
      return Number(total);
    };
    // The setting this test is about: the driver's candidates do not all fit in the window.
    expect(await words(drive)).toBeGreaterThan(PROBED_WINDOW);
    expect(await words(probe)).toBeGreaterThan(PROBED_WINDOW);
    const expected: string[] = (
      await ds.query(
        "SELECT m.id FROM media m WHERE m.published = 1 AND m.restricted = 0 " +
          "AND m.id IN (SELECT mediaId FROM media_facet WHERE facet = 'word' AND value = ?) " +
          "AND m.id IN (SELECT mediaId FROM media_facet WHERE facet = 'word' AND value = ?) " +
          "ORDER BY m.createdAt DESC, m.id DESC",
        [drive, probe],
      )
    ).map((row: { id: string }) => row.id);
    const pageSize = 100;
    expect(expected.length).toBeGreaterThan(pageSize * 2);

    let beyondWindow = 0;
    let lastPages = 0;
    for (let page = 0; page * pageSize <= expected.length; page++) {
      let answer: { count: number; countIsMinimum: boolean; results: { id: string }[] } | undefined;
      const statements = await recordStatements(ds, async () => {
        const result = await t.graphql<{ mediaSearch: NonNullable<typeof answer> }>(SEARCH, {
          input: { textQuery, page, pageSize },
        });
        expect(result.errors).toBeUndefined();
        answer = result.data!.mediaSearch;
      });
      const ids = expected.slice(page * pageSize, (page + 1) * pageSize);
      expect(
        answer!.results.map((media) => media.id),
        `page ${page}`,
      ).toEqual(ids);
      if (ids.length > 0 && (page + 1) * pageSize >= expected.length) {
        // The last page, read on past the window to the end of the list, knows the count.
        expect(answer!, `page ${page}`).toMatchObject({ count: expected.length, countIsMinimum: false });
        lastPages++;
      } else {
        // Some matches lie beyond the window: the count is a minimum that covers the page.
        expect(answer!.countIsMinimum).toBe(true);
        expect(answer!.count).toBeGreaterThanOrEqual(page * pageSize + ids.length);
        expect(answer!.count).toBeLessThanOrEqual(expected.length);
      }
      // The sizes, the window (page and count), the rows; and the page read on past the window.
      if (statements.length === 4) beyondWindow++;
      else expect(statements.length, `page ${page}`).toBe(3);
    }
    expect(beyondWindow).toBeGreaterThan(0);
    expect(lastPages).toBe(1);
    // Two frequent words that no item has together: an exact « none », not « at least none ».
    const [apart] = await ds.query(
      "SELECT a.value AS first, b.value AS second FROM " +
        "(SELECT value FROM media_facet WHERE facet = 'word' AND published = 1 AND restricted = 0 GROUP BY value HAVING COUNT(*) > ?) a " +
        "JOIN (SELECT value FROM media_facet WHERE facet = 'word' AND published = 1 AND restricted = 0 GROUP BY value HAVING COUNT(*) > ?) b " +
        "ON a.value < b.value WHERE NOT EXISTS (SELECT 1 FROM media_facet x JOIN media_facet y ON y.mediaId = x.mediaId " +
        "AND y.facet = 'word' AND y.value = b.value WHERE x.facet = 'word' AND x.value = a.value) ORDER BY a.value, b.value LIMIT 1",
      [PROBED_WINDOW, PROBED_WINDOW],
    );
    expect(apart).toBeDefined();
    const none = await t.rest("POST", "/api/media/search", {
      textQuery: `${apart.first} ${apart.second}`,
      page: 0,
      pageSize: 15,
    });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ count: 0, countIsMinimum: false, results: [] });
    // A REST client is told too that the count is a minimum.
    const rest = await t.rest("POST", "/api/media/search", { textQuery, page: 0, pageSize: 15 });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ countIsMinimum: true });
    expect(rest.body.count).toBeGreaterThanOrEqual(16);
  }, 120_000);

  it.skipIf(!isMysql())(
    "probes the window's candidates by the primary key in the statement's own join (MySQL/MariaDB)",
    async () => {
      const ds = t.portal.dataSource;
      await seedScaleContent(ds, loadTownData("64"), { media: 5000, services: 1, users: 1 });
      await refreshStatistics(ds);
      const statements = await recordStatements(ds, async () => {
        const result = await t.graphql(SEARCH, { input: { textQuery: "atelier enfants", page: 0, pageSize: 15 } });
        expect(result.errors).toBeUndefined();
      });
      const probed = statements.find(({ query }) => query.includes("COUNT(*) OVER ()"));
      expect(probed?.query).toMatch(/\bIN \(SELECT/);
      // Each of the window's candidates is looked up by the primary key in the statement's own
      // join (not a dependent subquery set up per candidate), and the probed word's rows are not
      // read whole into a temporary table (a materialized subquery).
      const plan: Array<{ select_type: string; table: string; type: string; key: string | null }> = await ds.query(
        `EXPLAIN ${probed!.query}`,
        probed!.parameters,
      );
      const steps = plan.map((row) => `${row.select_type} ${row.table} ${row.type} ${row.key}`).join("\n");
      expect(steps).not.toMatch(/DEPENDENT SUBQUERY|MATERIALIZED/);
      expect(steps).toMatch(/^PRIMARY media_facet_c0 (eq_ref|ref) PRIMARY$/m);
    },
    120_000,
  );
});
