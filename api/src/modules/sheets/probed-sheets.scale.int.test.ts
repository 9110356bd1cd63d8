import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { type SearchPage, walkPages } from "../../../test/walk-pages";
import { seedScaleContent } from "../../db/seed/scale-content";
import { CANDIDATE_CAP } from "../common/facets";
import { loadTownData } from "../geo/town-data";
import { serviceWordGroups } from "./service-words";

const SEARCH = `query ($input: ServiceSearchInput!) {
  services(input: $input) { count countIsMinimum results { id } } }`;

/** The EPCI every generated service of this test is in. */
const EPCI = "CC du Haut Béarn";

/**
 * A search of services on two criteria of several values each, words and a place (« crèche »
 * means several types; an EPCI, its towns), in a place with more services than a window of
 * candidates holds: every page, walked to the end, is the matches by name, none left out.
 */
describe("services on two criteria of several values, past the first candidates", () => {
  const t = useTestPortal();

  it("lists every « crèche » of the EPCI by name, and a count that covers the pages served", async () => {
    const ds = t.portal.dataSource;
    const data = loadTownData("64");
    const towns = { ...data, towns: data.towns.filter((town) => town.epci === EPCI) };
    await seedScaleContent(ds, towns, { media: 1, services: 2600, users: 1 });
    const [words] = serviceWordGroups("crèche");
    expect(new Set(words.values).size).toBeGreaterThan(1);
    const [{ total }] = await ds.query(
      "SELECT COUNT(DISTINCT serviceId) AS total FROM service_facet WHERE facet = 'location' AND value = ?",
      [EPCI],
    );
    // The setting this test is about: the place has more services than a window holds.
    expect(Number(total)).toBeGreaterThan(CANDIDATE_CAP);
    const marks = words.values!.map(() => "?").join(", ");
    const expected = (
      (await ds.query(
        "SELECT s.id FROM service s WHERE s.id IN (SELECT serviceId FROM service_facet WHERE facet = 'word' " +
          `AND value IN (${marks})) AND s.id IN (SELECT serviceId FROM service_facet WHERE facet = 'location' ` +
          "AND (value = ? OR value IN (SELECT city FROM town WHERE epci = ?))) ORDER BY s.serviceName ASC, s.id ASC",
        [...words.values!, EPCI, EPCI],
      )) as { id: string }[]
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(200);

    await walkPages(async (page, pageSize) => {
      const result = await t.graphql<{ services: SearchPage }>(SEARCH, {
        input: { textQuery: "crèche", locations: [EPCI], page, pageSize },
      });
      expect(result.errors).toBeUndefined();
      return result.data!.services;
    }, expected);
  }, 180_000);
});
