import { describe, expect, it } from "vitest";
import { Age, buildSheet, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { isMysql } from "../../db/column-types";
import { loadTownData } from "../geo/town-data";
import { SERVICE_PHRASES, SERVICE_SYNONYMS } from "./service-words";

/**
 * Geodesic distance on the WGS 84 ellipsoid (Vincenty's inverse formula), in km: the
 * reference the portal's great-circle distances are checked against.
 */
function vincentyKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const b = (1 - f) * a;
  const rad = Math.PI / 180;
  const L = (lon2 - lon1) * rad;
  const U1 = Math.atan((1 - f) * Math.tan(lat1 * rad));
  const U2 = Math.atan((1 - f) * Math.tan(lat2 * rad));
  const [sinU1, cosU1, sinU2, cosU2] = [Math.sin(U1), Math.cos(U1), Math.sin(U2), Math.cos(U2)];
  let lambda = L;
  let sinSigma = 0,
    cosSigma = 0,
    sigma = 0,
    cos2Alpha = 0,
    cos2SigmaM = 0;
  for (let i = 0; i < 200; i++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    sinSigma = Math.sqrt((cosU2 * sinLambda) ** 2 + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) ** 2);
    cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    cos2Alpha = 1 - sinAlpha ** 2;
    cos2SigmaM = cosSigma - (2 * sinU1 * sinU2) / cos2Alpha;
    const C = (f / 16) * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda =
      L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM ** 2)));
    if (Math.abs(lambda - previous) < 1e-12) break;
  }
  const u2 = (cos2Alpha * (a * a - b * b)) / (b * b);
  const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
  const B = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
  const deltaSigma =
    B *
    sinSigma *
    (cos2SigmaM +
      (B / 4) *
        (cosSigma * (-1 + 2 * cos2SigmaM ** 2) -
          (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)));
  return (b * A * (sigma - deltaSigma)) / 1000;
}

const towns = loadTownData("64").towns;
const town = (city: string) => {
  const found = towns.find((record) => record.city === city);
  if (!found?.latitude || !found.longitude) throw new Error(`${city} sans position`);
  return {
    city,
    zip: found.postcodes[0],
    epci: found.epci ?? "",
    latitude: found.latitude,
    longitude: found.longitude,
  };
};
const LESCAR = town("Lescar");
const PAU = town("Pau");
const BAYONNE = town("Bayonne");
const OLORON = town("Oloron-Sainte-Marie");

const SEARCH = `query ($input: ServiceSearchInput!, $place: GeoPointInput!) {
  services(input: $input) { count results { id serviceName distanceKm(from: $place) coversPlace(at: $place) types } } }`;

interface Hit {
  id: string;
  serviceName: string;
  distanceKm: number | null;
  coversPlace: boolean | null;
  types: string[];
}

/** Run by sheets-near.int.test.ts (on SQLite too, by the project api-sqlite). */
export function sheetsNearSuite(): void {
  const label = isMysql() ? "MySQL/MariaDB" : "SQLite";

  describe(`services around a place, by the words parents use (${label})`, () => {
    const t = useTestPortal();
    const search = async (input: Record<string, unknown>) => {
      // Distances and coverage are asked from the place searched around (or from Lescar).
      const near = input.near as { lat: number; lon: number } | undefined;
      const place = near ? { lat: near.lat, lon: near.lon } : { lat: LESCAR.latitude, lon: LESCAR.longitude };
      const result = await t.graphql<{ services: { count: number; results: Hit[] } }>(SEARCH, { input, place });
      expect(result.errors).toBeUndefined();
      return result.data!.services;
    };
    const near = (place: { latitude: number; longitude: number }, radiusKm?: number) => ({
      lat: place.latitude,
      lon: place.longitude,
      ...(radiusKm === undefined ? {} : { radiusKm }),
    });

    it("finds the services within the radius, nearest first, with distances within 1 % of the ellipsoid's", async () => {
      const ds = t.portal.dataSource;
      // Around Lescar: the town itself, Pau (about 7 km) and points placed due north and east.
      await buildSheet(ds, { serviceName: "Crèche de Lescar", ...LESCAR });
      await buildSheet(ds, { serviceName: "Crèche de Pau", ...PAU });
      const rpe = [ServiceType.RPE];
      await buildSheet(ds, {
        serviceName: "Relais au nord",
        types: rpe,
        ...LESCAR,
        latitude: LESCAR.latitude + 0.08,
      });
      await buildSheet(ds, {
        serviceName: "Relais à l'est",
        types: rpe,
        ...LESCAR,
        longitude: LESCAR.longitude + 0.115,
      });
      await buildSheet(ds, { serviceName: "Crèche de Bayonne", ...BAYONNE });
      await buildSheet(ds, { serviceName: "Crèche d'Oloron", ...OLORON });
      await buildSheet(ds, { serviceName: "Crèche sans position", ...LESCAR, latitude: null, longitude: null });

      const { count, results } = await search({ near: near(LESCAR, 10) });
      expect(results.map((hit) => hit.serviceName)).toEqual([
        "Crèche de Lescar",
        "Crèche de Pau",
        "Relais au nord",
        "Relais à l'est",
      ]);
      expect(count).toBe(4);
      const distances = results.map((hit) => hit.distanceKm!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances[0]).toBeCloseTo(0, 6);
      // To the metre, not to fifteen decimals.
      for (const distance of distances) expect(Math.round(distance * 1000) / 1000).toBe(distance);
      expect(distances.some((distance) => distance > 1)).toBe(true);
      const all = await t.portal.dataSource.query("SELECT serviceName, latitude, longitude FROM service");
      for (const hit of results.slice(1)) {
        const row = all.find((service: { serviceName: string }) => service.serviceName === hit.serviceName);
        const reference = vincentyKm(LESCAR.latitude, LESCAR.longitude, row.latitude, row.longitude);
        expect(Math.abs(hit.distanceKm! - reference) / reference, hit.serviceName).toBeLessThan(0.01);
      }
      // The radius is the default's (10 km) when none is given; 50 km reaches Oloron, not Bayonne (about 95 km).
      expect((await search({ near: { lat: LESCAR.latitude, lon: LESCAR.longitude } })).count).toBe(4);
      const wide = await search({ near: near(LESCAR, 50) });
      expect(wide.results.map((hit) => hit.serviceName)).toContain("Crèche d'Oloron");
      expect(wide.results.map((hit) => hit.serviceName)).not.toContain("Crèche de Bayonne");
      // Pages follow the same order; other criteria still apply.
      const second = await search({ near: near(LESCAR, 10), page: 1, pageSize: 3 });
      expect(second).toMatchObject({ count: 4, results: [{ serviceName: "Relais à l'est" }] });
      const relais = await search({ near: near(LESCAR, 10), types: ["RPE"] });
      expect(relais.results.map((hit) => hit.serviceName)).toEqual(["Relais au nord", "Relais à l'est"]);
      const crecheOnly = await search({ near: near(LESCAR, 10), textQuery: "crèche" });
      expect(crecheOnly.results.map((hit) => hit.serviceName)).toEqual(["Crèche de Lescar", "Crèche de Pau"]);
    });

    it("adds the services that declare to cover the place's EPCI, wherever they are, marked as such", async () => {
      const ds = t.portal.dataSource;
      await buildSheet(ds, { serviceName: "Crèche de Lescar", ...LESCAR });
      await buildSheet(ds, {
        serviceName: "Médiation familiale Adour",
        types: [ServiceType.FAMILY_MEDIATION],
        ages: [Age.FAMMILY],
        ...BAYONNE,
        coveredLocations: [LESCAR.epci],
      });
      await buildSheet(ds, {
        serviceName: "Aide à domicile sans adresse précise",
        types: [ServiceType.DAILY_LIFE],
        ...OLORON,
        latitude: null,
        longitude: null,
        coveredLocations: [LESCAR.epci],
      });
      await buildSheet(ds, { serviceName: "Crèche de Bayonne", ...BAYONNE });

      const { count, results } = await search({ near: near(LESCAR, 10) });
      expect(results.map((hit) => [hit.serviceName, hit.coversPlace])).toEqual([
        ["Crèche de Lescar", false],
        ["Médiation familiale Adour", true],
        ["Aide à domicile sans adresse précise", true],
      ]);
      expect(count).toBe(3);
      expect(results[1].distanceKm).toBeGreaterThan(80);
      expect(results[2].distanceKm).toBeNull();
      // Criteria apply to covering services too.
      const mediation = await search({ near: near(LESCAR, 10), textQuery: "médiation" });
      expect(mediation.results.map((hit) => hit.serviceName)).toEqual(["Médiation familiale Adour"]);
      // Outside a search around a place, the fields still answer for the point asked.
      const plain = await search({ types: ["FAMILY_MEDIATION"] });
      expect(plain.results).toMatchObject([{ serviceName: "Médiation familiale Adour", coversPlace: true }]);
      expect(plain.results[0].distanceKm).toBeCloseTo(results[1].distanceKm!, 9);
    });

    it("sorts a covering service by where it is now, once its sheet has moved", async () => {
      const ds = t.portal.dataSource;
      const covering = { types: [ServiceType.FAMILY_MEDIATION], coveredLocations: [LESCAR.epci] };
      await buildSheet(ds, { serviceName: "Crèche de Lescar", ...LESCAR });
      const far = await buildSheet(ds, { serviceName: "Médiation A", ...covering, ...BAYONNE });
      const nearer = await buildSheet(ds, { serviceName: "Médiation B", ...covering, ...OLORON });
      const before = await search({ near: near(LESCAR, 10) });
      expect(before.results.map((hit) => hit.serviceName)).toEqual(["Crèche de Lescar", "Médiation B", "Médiation A"]);

      // A moves within the radius (Pau), B moves away (Bayonne): saved as an editor saves them.
      await buildSheet(ds, { ...far, ...covering, ...PAU });
      await buildSheet(ds, { ...nearer, ...covering, ...BAYONNE });
      const after = await search({ near: near(LESCAR, 10) });
      expect(after.results.map((hit) => [hit.serviceName, hit.coversPlace])).toEqual([
        ["Crèche de Lescar", false],
        ["Médiation A", true],
        ["Médiation B", true],
      ]);
      // Within the radius, A is counted once (by the radius part, not again as covering).
      expect(after.count).toBe(3);
      expect(after.results[1].distanceKm).toBeLessThan(10);
      expect(after.results[2].distanceKm).toBeGreaterThan(80);
    });

    it("refuses a point out of range in a result's distance or coverage, in French", async () => {
      await buildSheet(t.portal.dataSource, { serviceName: "Crèche de Lescar", ...LESCAR });
      for (const [field, place, message, key] of [
        ["distanceKm(from: $place)", { lat: 95, lon: 0 }, "Latitude invalide.", "lat"],
        ["coversPlace(at: $place)", { lat: 43, lon: -200 }, "Longitude invalide.", "lon"],
      ] as const) {
        const result = await t.graphql(
          `query ($input: ServiceSearchInput!, $place: GeoPointInput!) { services(input: $input) { results { id ${field} } } }`,
          { input: {}, place },
        );
        expect(result.errors?.[0]).toMatchObject({
          message,
          extensions: { code: "BAD_USER_INPUT", fields: { [key]: message } },
        });
      }
    });

    it("answers the same through the REST path, `near` being an optional extension of the body", async () => {
      const ds = t.portal.dataSource;
      await buildSheet(ds, { serviceName: "Crèche de Lescar", ...LESCAR });
      await buildSheet(ds, { serviceName: "Crèche de Pau", ...PAU });
      await buildSheet(ds, { serviceName: "Crèche de Bayonne", ...BAYONNE });
      const body = { textQuery: "", type: [], locations: [], ages: [], page: 0, pageSize: 15 };
      const graphql = await search({ near: near(LESCAR, 20) });
      const rest = await t.rest("POST", "/api/services/search", { ...body, near: near(LESCAR, 20) });
      expect(rest.status).toBe(200);
      expect(rest.body.count).toBe(graphql.count);
      expect(rest.body.results.map((row: Hit) => [row.id, row.distanceKm, row.coversPlace])).toEqual(
        graphql.results.map((hit) => [hit.id, hit.distanceKm, hit.coversPlace]),
      );
      // Without `near`, the legacy answer is unchanged: no distance fields.
      const legacy = await t.rest("POST", "/api/services/search", body);
      expect(legacy.body.count).toBe(3);
      expect(legacy.body.results[0]).not.toHaveProperty("distanceKm");
      // A radius left blank is the default one, as every blank optional field.
      const byDefault = await search({ near: near(LESCAR) });
      for (const radiusKm of ["", null]) {
        const blank = await t.rest("POST", "/api/services/search", { ...body, near: { ...near(LESCAR), radiusKm } });
        expect(blank.status, String(radiusKm)).toBe(200);
        expect(blank.body.count, String(radiusKm)).toBe(byDefault.count);
      }
      // Numbers sent as text, as a form sends them (a French comma too), are read as numbers.
      const asText = (value: number) => String(value);
      const typed = await t.rest("POST", "/api/services/search", {
        ...body,
        near: { lat: asText(LESCAR.latitude), lon: asText(LESCAR.longitude).replace(".", ","), radiusKm: "20" },
      });
      expect(typed.status).toBe(200);
      expect(typed.body.results.map((row: Hit) => [row.id, row.distanceKm])).toEqual(
        graphql.results.map((hit) => [hit.id, hit.distanceKm]),
      );
      // A wrong radius or position is refused with a French message.
      for (const wrong of [
        { ...near(LESCAR), radiusKm: 0 },
        { ...near(LESCAR), radiusKm: 500 },
        { lat: 95, lon: 0 },
      ]) {
        const refused = await t.rest("POST", "/api/services/search", { ...body, near: wrong });
        expect(refused.status, JSON.stringify(wrong)).toBe(400);
        expect(JSON.stringify(refused.body)).toMatch(/rayon|Latitude/i);
      }
    });

    it("finds « crèche lescar »: a type's words and a town's name, whatever the accents, case and plural", async () => {
      const ds = t.portal.dataSource;
      await buildSheet(ds, { serviceName: "Les Petits Loups", types: [ServiceType.CRECHE], ...LESCAR });
      await buildSheet(ds, { serviceName: "Les Lucioles", types: [ServiceType.MICRO_CRECHE], ...LESCAR });
      await buildSheet(ds, { serviceName: "Les Coccinelles", types: [ServiceType.CRECHE], ...PAU });
      await buildSheet(ds, { serviceName: "Relais du Béarn", types: [ServiceType.RPE], ...LESCAR });
      for (const query of ["crèche lescar", "CRECHES Lescar", "lescar creche"]) {
        const { results } = await search({ textQuery: query });
        expect(results.map((hit) => hit.serviceName).sort(), query).toEqual(["Les Lucioles", "Les Petits Loups"]);
      }
      expect((await search({ textQuery: "micro-crèches" })).results.map((hit) => hit.serviceName)).toEqual([
        "Les Lucioles",
      ]);
      expect((await search({ textQuery: "nounou" })).results.map((hit) => hit.serviceName)).toEqual([
        "Relais du Béarn",
      ]);
      // The word itself still counts: a service named after it, whatever its type.
      await buildSheet(ds, { serviceName: "Ludothèque de la crèche", types: [ServiceType.TOY_LIBRARY], ...PAU });
      expect((await search({ textQuery: "creche pau" })).results.map((hit) => hit.serviceName).sort()).toEqual([
        "Les Coccinelles",
        "Ludothèque de la crèche",
      ]);
    });

    it("finds, for every phrase of the synonym table and every type label, the services of its types", async () => {
      expect(SERVICE_SYNONYMS.length).toBeGreaterThanOrEqual(30);
      const ds = t.portal.dataSource;
      const idOfType = new Map<string, string>();
      for (const type of Object.values(ServiceType)) {
        // Neutral names: only the type can make a service match.
        const service = await buildSheet(ds, { types: [type], serviceName: "Fiche", serviceManager: "Équipe" });
        idOfType.set(type, service.id);
      }
      const wrong: string[] = [];
      for (const [phrase, types] of SERVICE_PHRASES) {
        const { results } = await search({ textQuery: phrase, pageSize: 50 });
        const found = results.flatMap((hit) => hit.types).sort();
        if (JSON.stringify(found) !== JSON.stringify([...types].sort())) {
          wrong.push(`« ${phrase} » : ${found.join(", ")} au lieu de ${[...types].sort().join(", ")}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(SERVICE_PHRASES.size).toBeGreaterThan(150);
    });
  });
}
