import { describe, expect, it } from "vitest";
import { buildMedia, Category, Age, Network } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { recordStatements } from "../../../test/statements";
import { Thematic } from "../reference/reference.data";

const SEARCH = `query ($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { id title categories networks } } }`;
const DETAIL = `query ($id: ID!) { media(id: $id) { id title location { lat lon } } }`;

describe("media through GraphQL", () => {
  const t = useTestPortal();
  const search = async (input: Record<string, unknown>) => {
    const result = await t.graphql<{ mediaSearch: { count: number; results: { title: string }[] } }>(SEARCH, { input });
    expect(result.errors).toBeUndefined();
    return result.data!.mediaSearch;
  };

  it("answers an empty page on an empty database", async () => {
    expect(await search({})).toEqual({ count: 0, results: [] });
  });

  it("filters by category, age, thematic and location, newest first", async () => {
    const ds = t.portal.dataSource;
    await buildMedia(ds, {
      title: "Atelier bébé",
      categories: [Category.EVENT],
      ages: [Age.PETITE_ENFANCE],
      city: ["Pau"],
    });
    await buildMedia(ds, {
      title: "Guide ados",
      categories: [Category.RESOURCE],
      ages: [Age.ADOLESCENCE],
      thematics: [Thematic.HOUSING],
      epci: ["CA du Pays Basque"],
    });
    await buildMedia(ds, { title: "Nouvelle crèche", categories: [Category.NEW], ages: [Age.PETITE_ENFANCE] });

    expect((await search({ categories: ["NEW", "EVENT"] })).results.map((m) => m.title)).toEqual([
      "Nouvelle crèche",
      "Atelier bébé",
    ]);
    expect((await search({ ages: ["ADOLESCENCE"] })).results.map((m) => m.title)).toEqual(["Guide ados"]);
    expect((await search({ thematics: ["HOUSING"] })).count).toBe(1);
    expect((await search({ locations: ["Pau", "CA du Pays Basque"] })).count).toBe(2);
    expect((await search({ categories: ["EVENT"], ages: ["ADOLESCENCE"] })).count).toBe(0);
  });

  it("finds text without accents or capitals", async () => {
    await buildMedia(t.portal.dataSource, { title: "Ouverture de la Crèche des Évènements" });
    await buildMedia(t.portal.dataSource, { title: "Autre sujet" });
    expect((await search({ textQuery: "creche evenements" })).results.map((m) => m.title)).toEqual([
      "Ouverture de la Crèche des Évènements",
    ]);
    expect((await search({ textQuery: "CRÈCHE introuvable" })).count).toBe(0);
  });

  it("pages 15 at a time", async () => {
    for (let i = 0; i < 17; i++) await buildMedia(t.portal.dataSource);
    const first = await search({});
    const second = await search({ page: 1 });
    expect(first.count).toBe(17);
    expect(first.results).toHaveLength(15);
    expect(second.results).toHaveLength(2);
  });

  it("never shows network-restricted media to a visitor, in search or detail", async () => {
    const hidden = await buildMedia(t.portal.dataSource, { title: "Réservé EAJE", networks: [Network.EAJE] });
    await buildMedia(t.portal.dataSource, { title: "Public" });
    const page = await search({});
    expect(page.results.map((m) => m.title)).toEqual(["Public"]);
    expect(page.count).toBe(1);
    expect((await search({ networks: ["EAJE"] })).count).toBe(0);

    const detail = await t.graphql(DETAIL, { id: hidden.id });
    expect(detail.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(detail.errors?.[0].message).toBe("Cet article est introuvable.");
  });

  it("answers NOT_FOUND for an unknown id and the location for a known one", async () => {
    const media = await buildMedia(t.portal.dataSource, { latitude: 43.3, longitude: -0.37 });
    const found = await t.graphql<{ media: { location: unknown } }>(DETAIL, { id: media.id });
    expect(found.data?.media.location).toEqual({ lat: 43.3, lon: -0.37 });
    const missing = await t.graphql(DETAIL, { id: "inconnu" });
    expect(missing.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("finds a media by its id written in capitals, through GraphQL and REST, on either engine", async () => {
    const media = await buildMedia(t.portal.dataSource, { title: "Atelier cuisine" });
    const capitals = media.id.toUpperCase();
    expect(capitals).not.toBe(media.id);
    const found = await t.graphql<{ media: { id: string; title: string } }>(
      `query ($id: ID!) { media(id: $id) { id title } }`,
      { id: capitals },
    );
    expect(found.data?.media).toEqual({ id: media.id, title: "Atelier cuisine" });
    const inline = await t.graphql<{ media: { id: string } }>(`{ media(id: "${capitals}") { id } }`);
    expect(inline.data?.media.id).toBe(media.id);
    const legacy = await t.rest("GET", `/api/media/current/${capitals}`);
    expect(legacy.status).toBe(200);
    expect(legacy.body.id).toBe(media.id);
  });

  it("rejects bad input with a French message", async () => {
    const tooBig = await t.graphql(SEARCH, { input: { pageSize: 1000 } });
    expect(tooBig.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(tooBig.errors?.[0].message).toBe("La taille de page doit être comprise entre 1 et 100.");
    const wrongEnum = await t.graphql(SEARCH, { input: { ages: ["BÉBÉ"] } });
    expect(wrongEnum.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(wrongEnum.errors?.[0].message).toMatch(/^Requête invalide/);
  });

  it("reads a page's article only when it is asked (cards show none), on GraphQL and REST", async () => {
    await buildMedia(t.portal.dataSource, { title: "Atelier cuisine" });
    const read = async (run: () => Promise<void>) =>
      (await recordStatements(t.portal.dataSource, run)).map(({ query }) => query).join("\n");
    const cards = await read(async () => {
      const result = await t.graphql<{ mediaSearch: { results: unknown[] } }>(
        `{ mediaSearch(input: {}) { results { id title description } } }`,
      );
      expect(result.data!.mediaSearch.results).toHaveLength(1);
    });
    expect(cards).toMatch(/title/);
    expect(cards).not.toMatch(/article|searchText/);
    // Legacy clients get whole media, body included.
    let body: { results: Array<{ article: unknown }> } = { results: [] };
    const legacy = await read(async () => {
      body = (await t.rest("POST", "/api/media/search", { page: 0, pageSize: 15 })).body;
    });
    expect(legacy).toMatch(/`?article`?/);
    expect(body.results[0].article).toBeTruthy();
  });

  it("reads a detail's article but not its search columns (the search text repeats the article)", async () => {
    const media = await buildMedia(t.portal.dataSource, { title: "Atelier cuisine" });
    const statements = await recordStatements(t.portal.dataSource, async () => {
      const result = await t.graphql<{ media: { title: string; article: string } }>(
        `query ($id: ID!) { media(id: $id) { title article } }`,
        { id: media.id },
      );
      expect(result.data?.media).toEqual({ title: "Atelier cuisine", article: media.article });
    });
    const read = statements.map(({ query }) => query).join("\n");
    expect(read).toMatch(/`?article`?/);
    expect(read).not.toMatch(/searchText|eventAddressText|categoryBits|eventEnd/);
  });
});
