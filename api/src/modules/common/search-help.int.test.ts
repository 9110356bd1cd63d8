import { describe, expect, it } from "vitest";
import { buildMedia, buildSheet, Category, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";

const MEDIA = `query ($input: MediaSearchInput!) { mediaSearch(input: $input) {
  count results { title } ignoredQuery suggestion { textQuery eventPlace } } }`;
const SERVICES = `query ($input: ServiceSearchInput!) { services(input: $input) {
  count results { serviceName } ignoredQuery suggestion { textQuery eventPlace } } }`;
const CLOSEST = `query ($text: String!) { closestTown(text: $text) { city postcodes location { lat lon } } }`;

interface Found {
  count: number;
  names: string[];
  ignoredQuery: string | null;
  suggestion: { textQuery: string | null; eventPlace: string | null } | null;
}

describe("what a list says about the words searched", () => {
  const t = useTestPortal();

  const media = async (input: Record<string, unknown>): Promise<Found> => {
    const { data, errors } = await t.graphql<{ mediaSearch: any }>(MEDIA, { input });
    expect(errors).toBeUndefined();
    const page = data!.mediaSearch;
    return { ...page, names: page.results.map((item: { title: string }) => item.title) };
  };
  const services = async (input: Record<string, unknown>): Promise<Found> => {
    const { data, errors } = await t.graphql<{ services: any }>(SERVICES, { input });
    expect(errors).toBeUndefined();
    const page = data!.services;
    return { ...page, names: page.results.map((item: { serviceName: string }) => item.serviceName) };
  };
  const catalogue = async () => {
    const ds = t.portal.dataSource;
    await buildMedia(ds, { title: "Atelier d'éveil musical à Lescar", categories: [Category.NEW] });
    await buildMedia(ds, { title: "Guide des modes de garde", categories: [Category.RESOURCE] });
    await buildMedia(ds, {
      title: "Fête du jeu",
      categories: [Category.EVENT],
      eventFrom: new Date("2030-06-10T10:00:00Z"),
      eventAddress: "Salle des fêtes, 64230 Lescar",
    });
    await buildSheet(ds, { serviceName: "Les Petits Loups", city: "Lescar", types: [ServiceType.FAMILY_CRECHE] });
    await buildSheet(ds, { serviceName: "Ludothèque du Hédas", city: "Pau", types: [ServiceType.TOY_LIBRARY] });
  };

  it("answers a text of stop words, punctuation or emoji as an empty search, and says so", async () => {
    await catalogue();
    const everything = await media({});
    expect(everything.count).toBe(3);
    expect(everything.ignoredQuery).toBeNull();
    for (const text of ["le la les", "???", "👶", " de, à ! ", "x"]) {
      const found = await media({ textQuery: text });
      expect(found.count, text).toBe(3);
      expect(found.ignoredQuery, text).toBe(text.trim());
      const sheets = await services({ textQuery: text });
      expect(sheets.count, text).toBe(2);
      expect(sheets.ignoredQuery, text).toBe(text.trim());
    }
    // A text with a word searched is not ignored, whatever else it holds.
    expect(await media({ textQuery: "le jeu 👶" })).toMatchObject({ names: ["Fête du jeu"], ignoredQuery: null });
    expect(await services({ textQuery: "la ludothèque" })).toMatchObject({ count: 1, ignoredQuery: null });
    expect((await media({ textQuery: "" })).ignoredQuery).toBeNull();
    // The legacy REST answer keeps its fields (the whole list, as it always had).
    const rest = await t.rest("POST", "/api/media/search", { textQuery: "le la", page: 0, pageSize: 15 });
    expect(rest.body.count).toBe(3);
    expect(rest.body).not.toHaveProperty("ignoredQuery");
  });

  it("proposes the closest town or service type when a search finds nothing, and the proposal finds", async () => {
    await catalogue();
    const misspelt = await media({ textQuery: "atelier Lesacr" });
    expect(misspelt).toMatchObject({ count: 0, suggestion: { textQuery: "atelier Lescar", eventPlace: null } });
    expect((await media({ textQuery: "atelier Lescar" })).names).toEqual(["Atelier d'éveil musical à Lescar"]);

    const place = await media({ categories: ["EVENT"], eventPlace: "Lesacr" });
    expect(place).toMatchObject({ count: 0, suggestion: { textQuery: null, eventPlace: "Lescar" } });
    expect((await media({ categories: ["EVENT"], eventPlace: "Lescar" })).names).toEqual(["Fête du jeu"]);

    const type = await services({ textQuery: "creche familliale" });
    expect(type).toMatchObject({ count: 0, suggestion: { textQuery: "crèche familiale" } });
    expect((await services({ textQuery: "crèche familiale" })).names).toEqual(["Les Petits Loups"]);
    expect(await services({ textQuery: "ludotheque Pua" })).toMatchObject({ count: 0, suggestion: null });
    expect((await services({ textQuery: "Lesacr" })).suggestion).toEqual({ textQuery: "Lescar", eventPlace: null });

    // Results, or nothing close: no proposal.
    expect((await media({ textQuery: "Lescar" })).suggestion).toBeNull();
    expect((await media({ textQuery: "zzzzzz" })).suggestion).toBeNull();
  });

  it("names the town closest to a place typed with a mistake, none for a town's own name", async () => {
    const { data, errors } = await t.graphql<{ closestTown: any }>(CLOSEST, { text: "Lesacr" });
    expect(errors).toBeUndefined();
    expect(data!.closestTown).toMatchObject({ city: "Lescar", postcodes: ["64230"] });
    expect(data!.closestTown.location.lat).toBeCloseTo(43.33, 1);
    for (const text of ["Lescar", "lescar", "xyzzy", "", "a".repeat(200)]) {
      expect((await t.graphql<{ closestTown: unknown }>(CLOSEST, { text })).data?.closestTown, text).toBeNull();
    }
    expect(
      (await t.graphql<{ closestTown: { city: string } }>(CLOSEST, { text: "st jean de lus" })).data?.closestTown,
    ).toMatchObject({ city: "Saint-Jean-de-Luz" });
  });
});
