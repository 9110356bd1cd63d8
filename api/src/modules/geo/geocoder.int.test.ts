import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeGeocoder } from "../../../test/fake-geocoder";
import { useTestPortal } from "../../../test/portal";
import { In, IsNull } from "typeorm";
import { Town } from "./town.entity";

const SUGGEST = `query ($query: String!, $townCode: String) {
  addressSuggestions(query: $query, townCode: $townCode) { label street postcode city inseeCode epci location { lat lon } } }`;

const fake = new FakeGeocoder();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.mode = "ok";
  fake.requests.length = 0;
});

describe("address suggestions through the national address API", () => {
  const t = useTestPortal(() => ({ GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: "300" }));

  it("suggests the department's addresses, with postcode, town, EPCI and location", async () => {
    const { data, errors } = await t.graphql<any>(SUGGEST, { query: "rue des cordeliers" });
    expect(errors).toBeUndefined();
    // Bordeaux (33) is left out: the portal covers one department.
    expect(data.addressSuggestions.map((s: { city: string }) => s.city)).toEqual(["Pau", "Pau", "Bayonne"]);
    expect(data.addressSuggestions[0]).toEqual({
      label: "12 Rue des Cordeliers 64000 Pau",
      street: "12 Rue des Cordeliers",
      postcode: "64000",
      city: "Pau",
      inseeCode: "64445",
      epci: "CA Pau Béarn Pyrénées",
      location: { lat: 43.2951, lon: -0.3696 },
    });
    expect(fake.requests[0].searchParams.get("autocomplete")).toBe("1");
    expect(fake.requests[0].searchParams.get("index")).toBe("address");
  });

  it("restricts to the chosen town and caches answers", async () => {
    const first = await t.graphql<any>(SUGGEST, { query: "cordeliers", townCode: "64102" });
    expect(first.data.addressSuggestions.map((s: { city: string }) => s.city)).toEqual(["Bayonne"]);
    expect(fake.requests.at(-1)!.searchParams.get("citycode")).toBe("64102");
    const calls = fake.requests.length;
    const again = await t.graphql<any>(SUGGEST, { query: "  CORDELIERS ", townCode: "64102" });
    expect(again.data).toEqual(first.data);
    expect(fake.requests.length).toBe(calls);
  });

  it("asks nothing for fewer than 3 characters", async () => {
    const { data } = await t.graphql<any>(SUGGEST, { query: "ru" });
    expect(data.addressSuggestions).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it.each(["slow", "error", "garbage"] as const)("answers a clear message when the service is %s", async (mode) => {
    fake.mode = mode;
    const started = Date.now();
    const { errors } = await t.graphql(SUGGEST, { query: `boulevard ${mode}` });
    expect(errors?.[0].extensions?.code).toBe("SERVICE_UNAVAILABLE");
    expect(errors?.[0].message).toMatch(/^Le service de recherche d'adresses ne répond pas/);
    expect(Date.now() - started).toBeLessThan(1500);
    const rest = await t.rest("GET", "/healthz");
    expect(rest.status).toBe(200);
  });

  it("fills, once, the coordinates of towns the list left empty", async () => {
    const towns = t.portal.dataSource.getRepository(Town);
    await towns.update({ inseeCode: "64001" }, { latitude: null, longitude: null, coordinatesSource: null });
    const result = await t.portal.services.addresses.fillTownCoordinates();
    const aast = await towns.findOneByOrFail({ inseeCode: "64001" });
    expect(aast).toMatchObject({ latitude: 43.2886, longitude: -0.0869, coordinatesSource: "geocoder" });
    expect(result.filled).toBeGreaterThanOrEqual(1);
    // Stored: a second run does not ask again for Aast.
    fake.requests.length = 0;
    await t.portal.services.addresses.fillTownCoordinates();
    expect(fake.requests.some((r) => r.searchParams.get("citycode") === "64001")).toBe(false);
  });

  it("stops filling at the first failure, keeping what it had", async () => {
    // Every town of the committed list has a point: two lose theirs, as towns it could not locate.
    const towns = t.portal.dataSource.getRepository(Town);
    await towns.update(
      { inseeCode: In(["64002", "64003"]) },
      { latitude: null, longitude: null, coordinatesSource: null },
    );
    fake.mode = "error";
    const result = await t.portal.services.addresses.fillTownCoordinates();
    expect(result.filled).toBe(0);
    expect(fake.requests).toHaveLength(1);
    expect(await towns.countBy({ inseeCode: In(["64002", "64003"]), latitude: IsNull() })).toBe(2);
  });
});

describe("address suggestions through Mapbox when a token is set", () => {
  const t = useTestPortal(() => ({
    MAPBOX_TOKEN: "pk.test",
    MAPBOX_GEOCODER_URL: fake.url,
    GEOCODER_TIMEOUT_MS: "300",
  }));

  it("uses the Mapbox adapter, keeps the department's postcodes and finds the towns", async () => {
    const { data, errors } = await t.graphql<any>(SUGGEST, { query: "rue des cordeliers" });
    expect(errors).toBeUndefined();
    expect(data.addressSuggestions.map((s: { inseeCode: string }) => s.inseeCode)).toEqual(["64445", "64445", "64102"]);
    const request = fake.requests[0];
    expect(request.pathname).toBe("/geocoding/v5/mapbox.places/rue%20des%20cordeliers.json");
    expect(request.searchParams.get("access_token")).toBe("pk.test");
    expect(request.searchParams.get("country")).toBe("fr");
  });
});
