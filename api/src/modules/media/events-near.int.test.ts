import { describe, expect, it } from "vitest";
import { buildMedia, Category, Network } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { distanceKm } from "../geo/distance";
import { loadTownData } from "../geo/town-data";

const towns = loadTownData("64").towns;
const town = (city: string) => {
  const found = towns.find((record) => record.city === city);
  if (!found?.latitude || !found.longitude) throw new Error(`${city} sans position`);
  return { latitude: found.latitude, longitude: found.longitude };
};
const LESCAR = town("Lescar");
const PAU = town("Pau");
const BAYONNE = town("Bayonne");

const DAY = 24 * 3_600_000;
/** A Paris-independent instant some days from now, at a round hour. */
const inDays = (days: number, hour = 10) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(hour, 0, 0, 0);
  return at;
};

const SEARCH = `query ($input: MediaSearchInput!, $place: GeoPointInput!) {
  mediaSearch(input: $input) { count nextEventFrom results { id title eventFrom distanceKm(from: $place) } } }`;

interface Hit {
  id: string;
  title: string;
  eventFrom: string | null;
  distanceKm: number | null;
}

describe("events around a place", () => {
  const t = useTestPortal();
  const near = (radiusKm?: number) => ({
    lat: LESCAR.latitude,
    lon: LESCAR.longitude,
    ...(radiusKm === undefined ? {} : { radiusKm }),
  });
  const search = async (input: Record<string, unknown>) => {
    const place = { lat: LESCAR.latitude, lon: LESCAR.longitude };
    const result = await t.graphql<{ mediaSearch: { count: number; nextEventFrom: string | null; results: Hit[] } }>(
      SEARCH,
      { input, place },
    );
    expect(result.errors).toBeUndefined();
    return result.data!.mediaSearch;
  };
  const event = (title: string, at: { latitude: number; longitude: number } | null, from: Date, fields = {}) =>
    buildMedia(t.portal.dataSource, {
      title,
      categories: [Category.EVENT],
      eventFrom: from,
      eventTo: new Date(from.getTime() + 2 * 3_600_000),
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      ...fields,
    });

  /** Around Lescar: two events in Lescar, one in Pau (about 7 km), one far, one without position, news. */
  const seed = async () => {
    await event("Pau, le 9", PAU, inDays(9));
    await event("Lescar, le 3", LESCAR, inDays(3));
    await event("Lescar, le 12", LESCAR, inDays(12));
    await event("Bayonne, le 2", BAYONNE, inDays(2));
    await event("Sans position, le 1", null, inDays(1));
    await event("Lescar, passé", LESCAR, inDays(-20));
    await event("Lescar, réservé au réseau", LESCAR, inDays(4), { networks: [Network.RPE] });
    await buildMedia(t.portal.dataSource, { title: "Actualité de Lescar", ...LESCAR });
  };

  it("finds the events within the radius in date order, each with its distance", async () => {
    await seed();
    const upcoming = await search({ near: near(10), eventTiming: "UPCOMING" });
    expect(upcoming.results.map((hit) => hit.title)).toEqual(["Lescar, le 3", "Pau, le 9", "Lescar, le 12"]);
    expect(upcoming.count).toBe(3);
    expect(upcoming.nextEventFrom).toBeNull();
    const [lescar, pau] = upcoming.results;
    expect(lescar.distanceKm).toBeCloseTo(0, 6);
    const expected = distanceKm(
      { lat: LESCAR.latitude, lon: LESCAR.longitude },
      { lat: PAU.latitude, lon: PAU.longitude },
    );
    expect(pau.distanceKm!).toBeGreaterThan(3);
    expect(Math.abs(pau.distanceKm! - expected)).toBeLessThan(0.001);

    // Without a timing: upcoming first, then the past ones; the default radius is 10 km.
    const all = await search({ near: near(), categories: ["EVENT"] });
    expect(all.results.map((hit) => hit.title)).toEqual([
      "Lescar, le 3",
      "Pau, le 9",
      "Lescar, le 12",
      "Lescar, passé",
    ]);
    // A wide radius reaches Bayonne (about 95 km); the same search without a place lists them all.
    const wide = await search({ near: near(100), eventTiming: "UPCOMING" });
    expect(wide.results.map((hit) => hit.title)).toEqual([
      "Bayonne, le 2",
      "Lescar, le 3",
      "Pau, le 9",
      "Lescar, le 12",
    ]);
    expect((await search({ eventTiming: "UPCOMING" })).count).toBe(5);
  });

  it("names the next date that has events when a period holds none, within the place's radius", async () => {
    await seed();
    // Days 5 to 7: nothing within 10 km of Lescar; the next one there is Pau's, on day 9 (Bayonne's
    // on day 2 and the one without position are not around the place, nor before).
    const empty = await search({
      near: near(10),
      eventTiming: "UPCOMING",
      eventFrom: inDays(5, 0).toISOString(),
      eventTo: inDays(7, 23).toISOString(),
    });
    expect(empty).toMatchObject({ count: 0, results: [] });
    expect(empty.nextEventFrom).toBe(inDays(9).toISOString());
    // The same other criteria: a word only Lescar's events have.
    const word = await search({
      near: near(10),
      textQuery: "lescar",
      eventTiming: "UPCOMING",
      eventFrom: inDays(5, 0).toISOString(),
      eventTo: inDays(7, 23).toISOString(),
    });
    expect(word.nextEventFrom).toBe(inDays(12).toISOString());
    // Without a place, after day 1: Bayonne's, on day 2.
    const anywhere = await search({
      eventTiming: "UPCOMING",
      categories: ["EVENT"],
      eventFrom: inDays(1, 13).toISOString(),
      eventTo: inDays(1, 23).toISOString(),
    });
    expect(anywhere).toMatchObject({ count: 0, nextEventFrom: inDays(2).toISOString() });
    // A period with events, or without an end, or nothing after it: no next date.
    expect((await search({ near: near(10), eventTo: inDays(3, 23).toISOString() })).nextEventFrom).toBeNull();
    expect((await search({ near: near(10), eventFrom: inDays(13).toISOString() })).nextEventFrom).toBeNull();
    const after = await search({
      near: near(10),
      eventFrom: inDays(13).toISOString(),
      eventTo: inDays(20).toISOString(),
    });
    expect(after).toMatchObject({ count: 0, nextEventFrom: null });
  });

  it("answers the same through the REST path, `near` and `nextEventFrom` being extensions", async () => {
    await seed();
    const body = { categories: ["event"], eventTiming: "upcoming", page: 0, pageSize: 15 };
    const rest = await t.rest("POST", "/api/media/search", {
      ...body,
      near: { lat: String(LESCAR.latitude), lon: String(LESCAR.longitude).replace(".", ","), radiusKm: "10" },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.results.map((hit: Hit) => hit.title)).toEqual(["Lescar, le 3", "Pau, le 9", "Lescar, le 12"]);
    const graphql = await search({ near: near(10), eventTiming: "UPCOMING", categories: ["EVENT"] });
    expect(rest.body.results.map((hit: Hit) => hit.distanceKm)).toEqual(graphql.results.map((hit) => hit.distanceKm));
    expect(rest.body).not.toHaveProperty("nextEventFrom");

    // The legacy answer is unchanged: no distance, no next date.
    const legacy = await t.rest("POST", "/api/media/search", { categories: ["event"], page: 0, pageSize: 15 });
    expect(legacy.body.results[0]).not.toHaveProperty("distanceKm");
    expect(Object.keys(legacy.body).sort()).toEqual(["count", "countIsMinimum", "results"]);
    // A blank place (a form with nothing picked) is no place.
    const blank = await t.rest("POST", "/api/media/search", { ...body, near: { lat: "", lon: "" } });
    expect(blank.body.count).toBe(5);

    // An empty period names the next event around the place (days as the REST path takes them).
    const day = (days: number) => inDays(days).toISOString().slice(0, 10);
    const empty = await t.rest("POST", "/api/media/search", {
      ...body,
      near: { lat: LESCAR.latitude, lon: LESCAR.longitude },
      eventFrom: day(5),
      eventTo: day(7),
    });
    expect(empty.body).toMatchObject({ count: 0, results: [], nextEventFrom: inDays(9).toISOString() });

    // A radius out of range is refused in French, and nothing is searched.
    const refused = await t.rest("POST", "/api/media/search", { ...body, near: { ...near(), radiusKm: 500 } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Le rayon doit être compris entre 0,1 et 100 km.");
  });
});
