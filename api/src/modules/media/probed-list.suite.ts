import { expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { type SearchPage, walkPages } from "../../../test/walk-pages";
import { seedScaleContent } from "../../db/seed/scale-content";
import { bitsOf } from "../common/bits";
import { CANDIDATE_CAP, PROBED_WINDOW } from "../common/facets";
import { COUNT_CAP } from "../common/search-page";
import { Age } from "../reference/reference.data";
import { dateParameter } from "../common/search-page";
import { loadTownData } from "../geo/town-data";

const SEARCH = `query ($input: MediaSearchInput!) {
  mediaSearch(input: $input) { count countIsMinimum results { id } } }`;

/** The EPCI every generated media of these tests is in (through its towns, or itself). */
const EPCI = "CC du Haut Béarn";

/**
 * Searches on a place whose candidates are more than a window of them holds (a town and its EPCI
 * are several values): events listed by date, and media newest first with an event-date
 * criterion. Every page, walked to the end through GraphQL, is the matches in the list's order
 * (none left out past the first candidates), and every count covers the pages served.
 */
export function probedListSuite(): void {
  const t = useTestPortal();

  const seed = async () => {
    const ds = t.portal.dataSource;
    const data = loadTownData("64");
    // Every media in the EPCI: a third are events, 95 % of them carry the EPCI.
    const towns = { ...data, towns: data.towns.filter((town) => town.epci === EPCI) };
    await seedScaleContent(ds, towns, { media: 7200, services: 1, users: 1 });
    const [{ events }] = await ds.query(
      "SELECT COUNT(DISTINCT mediaId) AS events FROM media_facet WHERE facet = 'location' AND value = ? " +
        "AND (categoryBits & 2) <> 0 AND published = 1 AND restricted = 0",
      [EPCI],
    );
    // The setting these tests are about: more candidates than a window holds.
    expect(Number(events)).toBeGreaterThan(CANDIDATE_CAP);
    expect(CANDIDATE_CAP).toBeGreaterThan(PROBED_WINDOW);
  };

  /** The media of the EPCI (through a town or itself) matching `where`, in `order`. */
  const expected = async (where: string, order: string, parameters: unknown[] = []) =>
    (
      (await t.portal.dataSource.query(
        "SELECT m.id FROM media m WHERE m.published = 1 AND m.restricted = 0 " +
          "AND m.id IN (SELECT mediaId FROM media_facet WHERE facet = 'location' " +
          "AND (value = ? OR value IN (SELECT city FROM town WHERE epci = ?))) " +
          `AND ${where} ORDER BY ${order}`,
        [
          EPCI,
          EPCI,
          ...parameters.map((value) => (value instanceof Date ? dateParameter(t.portal.dataSource, value) : value)),
        ],
      )) as { id: string }[]
    ).map((row) => row.id);

  /** Walks every page of a search and compares it with `ids`. */
  const walk = (input: Record<string, unknown>, ids: string[]) =>
    walkPages(async (page, pageSize) => {
      const result = await t.graphql<{ mediaSearch: SearchPage }>(SEARCH, { input: { ...input, page, pageSize } });
      expect(result.errors).toBeUndefined();
      return result.data!.mediaSearch;
    }, ids);

  // One seed for both lists: 7,200 media take a few seconds to write.
  it("lists every event of the place by date (upcoming first, past after, each part alone), and with an event-date criterion", async () => {
    await seed();
    const now = new Date();
    const upcoming = await expected("m.eventEnd >= ?", "m.eventFrom ASC, m.id ASC", [now]);
    const past = await expected("m.eventEnd < ?", "m.eventFrom DESC, m.id DESC", [now]);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(CANDIDATE_CAP);

    await walk({ categories: ["EVENT"], locations: [EPCI] }, [...upcoming, ...past]);
    await walk({ categories: ["EVENT"], locations: [EPCI], eventTiming: "PAST" }, past);
    // The upcoming events are few: their count is exact.
    const last = await walk({ categories: ["EVENT"], locations: [EPCI], eventTiming: "UPCOMING" }, upcoming);
    expect(last).toMatchObject({ count: upcoming.length, countIsMinimum: false });

    // Every event of the place: more than COUNT_CAP, counted from the place's index.
    const first = await t.graphql<{ mediaSearch: SearchPage }>(SEARCH, {
      input: { categories: ["EVENT"], locations: [EPCI], pageSize: 15 },
    });
    expect(first.data!.mediaSearch.count).toBe(COUNT_CAP);
    expect(first.data!.mediaSearch.countIsMinimum).toBe(true);
    // Those of one age: fewer than COUNT_CAP, more than a window holds, counted exactly.
    let counted = 0;
    for (const age of Object.values(Age)) {
      const bit = bitsOf(Object.values(Age), [age]);
      const aged = [
        ...(await expected(`m.eventEnd >= ? AND (m.ageBits & ${bit}) <> 0`, "m.eventFrom ASC, m.id ASC", [now])),
        ...(await expected(`m.eventEnd < ? AND (m.ageBits & ${bit}) <> 0`, "m.eventFrom DESC, m.id DESC", [now])),
      ];
      if (aged.length < PROBED_WINDOW || aged.length > COUNT_CAP) continue;
      const last = await walk({ categories: ["EVENT"], locations: [EPCI], ages: [age] }, aged);
      expect(last).toMatchObject({ count: aged.length, countIsMinimum: false });
      counted++;
    }
    expect(counted).toBeGreaterThan(0);

    // Event dates without a category keep events only, listed as events are: upcoming first.
    const from = new Date("2020-01-01T00:00:00Z");
    const dated = [
      ...(await expected("m.eventEnd >= ? AND m.eventEnd >= ?", "m.eventFrom ASC, m.id ASC", [from, now])),
      ...(await expected("m.eventEnd >= ? AND m.eventEnd < ?", "m.eventFrom DESC, m.id DESC", [from, now])),
    ];
    expect(dated.length).toBeGreaterThan(PROBED_WINDOW);
    await walk({ locations: [EPCI], eventFrom: from.toISOString() }, dated);
  }, 240_000);
}
