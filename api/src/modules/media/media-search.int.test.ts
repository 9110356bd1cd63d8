import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { actor, type Agent } from "../../../test/agent";
import { Age, buildMedia, buildUser, Category, Network } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { countStatements } from "../../../test/statements";
import { Role, Thematic } from "../reference/reference.data";

const SEARCH = `query ($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { id title } } }`;
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("media search", () => {
  const t = useTestPortal();

  /** Titles and count of one search, by a visitor unless an agent is given. */
  const search = async (input: Record<string, unknown>, agent?: Agent) => {
    const result = agent
      ? await agent.graphql<{ mediaSearch: { count: number; results: { title: string }[] } }>(SEARCH, { input })
      : await t.graphql<{ mediaSearch: { count: number; results: { title: string }[] } }>(SEARCH, { input });
    expect(result.errors).toBeUndefined();
    const { count, results } = result.data!.mediaSearch;
    return { count, titles: results.map((media) => media.title) };
  };
  const titles = async (input: Record<string, unknown>, agent?: Agent) => (await search(input, agent)).titles;

  /**
   * A small catalogue, newest first: F, G (restricted), A, D, B, C, E.
   * Events: D (20 May), C (10-12 June), E (1-3 July), all in 2030.
   */
  const seed = async (owners: { author?: string; coMember?: string } = {}) => {
    const ds = t.portal.dataSource;
    const someone = randomUUID();
    await buildMedia(ds, {
      title: "Ouverture de la crèche des Lilas",
      article: JSON.stringify({ ops: [{ insert: "Les horaires d'accueil changent en septembre.\n" }] }),
      categories: [Category.NEW],
      ages: [Age.PETITE_ENFANCE],
      thematics: [Thematic.PARENT_CHILD_RELATIONSHIPS],
      city: ["Pau"],
      userIds: [owners.author ?? someone],
      createdAt: day("2026-03-01"),
    });
    await buildMedia(ds, {
      title: "Guide du logement des jeunes",
      description: "Un guide pratique pour trouver un studio.",
      categories: [Category.RESOURCE],
      ages: [Age.YOUNG_ADULT],
      thematics: [Thematic.HOUSING],
      epci: ["CA du Pays Basque"],
      createdAt: day("2026-02-01"),
    });
    await buildMedia(ds, {
      title: "Fête des familles",
      categories: [Category.EVENT],
      ages: [Age.FAMMILY, Age.ENFANCE],
      thematics: [Thematic.HOLIDAYS_LEISURE],
      city: ["Pau"],
      eventFrom: new Date("2030-06-10T10:00:00Z"),
      eventTo: new Date("2030-06-12T18:00:00Z"),
      eventAddress: "Parc Lawrance, avenue de Buros, 64000 Pau",
      createdAt: day("2026-01-15"),
    });
    await buildMedia(ds, {
      title: "Atelier parents-ados",
      categories: [Category.EVENT],
      ages: [Age.ADOLESCENCE],
      thematics: [Thematic.PARENT_CHILD_RELATIONSHIPS, Thematic.FAMILY_CHANGES],
      city: ["Bayonne"],
      eventFrom: new Date("2030-05-20T14:00:00Z"),
      eventAddress: "Médiathèque, 64100 Bayonne",
      userIds: [someone, owners.coMember ?? randomUUID()],
      createdAt: day("2026-02-15"),
    });
    await buildMedia(ds, {
      title: "Conférence sur le handicap",
      categories: [Category.EVENT],
      ages: [Age.ENFANCE],
      thematics: [Thematic.DISABILITY],
      epci: ["CA Pau Béarn Pyrénées"],
      eventFrom: new Date("2030-07-01T08:00:00Z"),
      eventTo: new Date("2030-07-03T16:00:00Z"),
      eventAddress: "Palais Beaumont, PAU",
      createdAt: day("2026-01-01"),
    });
    await buildMedia(ds, {
      title: "Réunion du réseau EAJE",
      networks: [Network.EAJE],
      createdAt: day("2026-03-10"),
    });
    await buildMedia(ds, {
      title: "Note à tous les réseaux",
      networks: [Network.ALL],
      createdAt: day("2026-03-05"),
    });
  };
  const A = "Ouverture de la crèche des Lilas";
  const B = "Guide du logement des jeunes";
  const C = "Fête des familles";
  const D = "Atelier parents-ados";
  const E = "Conférence sur le handicap";
  const F = "Réunion du réseau EAJE";
  const G = "Note à tous les réseaux";

  it("lists the newest first, and events alone in the order they take place", async () => {
    await seed();
    expect(await search({})).toEqual({ count: 5, titles: [A, D, B, C, E] });
    expect(await titles({ categories: ["EVENT"] })).toEqual([D, C, E]);
    // Events among other categories: newest first again.
    expect(await titles({ categories: ["EVENT", "RESOURCE"] })).toEqual([D, B, C, E]);
  });

  it("filters on each criterion alone", async () => {
    await seed();
    const admin = (await actor(t, Role.ADMIN)).agent;
    expect(await titles({ categories: ["NEW", "RESOURCE"] })).toEqual([A, B]);
    expect(await titles({ ages: ["ENFANCE"] })).toEqual([C, E]);
    expect(await titles({ ages: ["YOUNG_ADULT", "ADOLESCENCE"] })).toEqual([D, B]);
    expect(await titles({ thematics: ["PARENT_CHILD_RELATIONSHIPS"] })).toEqual([A, D]);
    expect(await titles({ networks: ["EAJE"] }, admin)).toEqual([F]);
    expect(await titles({ networks: ["ALL"] }, admin)).toEqual([G]);
    expect(await titles({ networks: ["EAJE", "ALL"] }, admin)).toEqual([F, G]);
    // A town also finds what concerns its whole EPCI; an EPCI also finds what names one of its towns.
    expect(await titles({ locations: ["Pau"] })).toEqual([A, C, E]);
    expect(await titles({ locations: ["CA Pau Béarn Pyrénées"] })).toEqual([A, C, E]);
    expect(await titles({ locations: ["Bayonne", "CA du Pays Basque"] })).toEqual([D, B]);
    expect(await titles({ locations: ["Oloron-Sainte-Marie"] })).toEqual([]);
    // Place names as people type them: any case, without accents or hyphens, with spaces around.
    expect(await titles({ locations: ["pau"] })).toEqual([A, C, E]);
    expect(await titles({ locations: [" PAU "] })).toEqual([A, C, E]);
    expect(await titles({ locations: ["ca pau bearn pyrenees"] })).toEqual([A, C, E]);
    expect(await titles({ locations: ["BAYONNE"] })).toEqual([D, B]);
    expect(await titles({ locations: ["oloron sainte marie"] })).toEqual([]);
    expect(await titles({ locations: ["Paris"] })).toEqual([]);
    expect(await titles({ textQuery: "lilas" })).toEqual([A]);
  });

  it("lists upcoming events by start date and past ones apart (eventTiming), on GraphQL and REST", async () => {
    const ds = t.portal.dataSource;
    const dayMs = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * dayMs);
    // Created in an order unrelated to their dates: the lists must follow the dates.
    const events: Array<[string, number, number | null, string]> = [
      ["Atelier en cours", -2, 2, "Pau"],
      ["Atelier passé récent", -12, -10, "Pau"],
      ["Atelier dans un mois", 30, null, "Bayonne"],
      ["Spectacle passé ancien", -40, -40, "Pau"],
      ["Atelier dans cinq jours", 5, 5, "Pau"],
    ];
    for (const [index, [title, from, to, city]] of events.entries()) {
      await buildMedia(ds, {
        title,
        categories: [Category.EVENT],
        city: [city],
        eventFrom: at(from),
        eventTo: to === null ? null : at(to),
        createdAt: at(-100 + index),
      });
    }
    await buildMedia(ds, { title: "Atelier : une actualité", categories: [Category.NEW], city: ["Pau"] });
    const [ongoing, recentPast, inAMonth, oldPast, inFiveDays] = events.map(([title]) => title);

    expect(await titles({ categories: ["EVENT"] })).toEqual([ongoing, inFiveDays, inAMonth, recentPast, oldPast]);
    // Event dates keep events only, and list them as events are (not by creation), with or without a category.
    const since = at(-60).toISOString();
    expect(await titles({ eventFrom: since })).toEqual([ongoing, inFiveDays, inAMonth, recentPast, oldPast]);
    expect(await titles({ eventTo: at(10).toISOString(), locations: ["Pau"] })).toEqual([
      ongoing,
      inFiveDays,
      recentPast,
      oldPast,
    ]);
    expect(await search({ eventTiming: "UPCOMING" })).toEqual({ count: 3, titles: [ongoing, inFiveDays, inAMonth] });
    expect(await search({ categories: ["EVENT"], eventTiming: "PAST" })).toEqual({
      count: 2,
      titles: [recentPast, oldPast],
    });
    expect(await search({ eventTiming: "UPCOMING", pageSize: 2, page: 1 })).toEqual({ count: 3, titles: [inAMonth] });
    // Driven by a facet (a word, a town): same orders, the news item never among them.
    expect(await titles({ eventTiming: "UPCOMING", textQuery: "atelier" })).toEqual([ongoing, inFiveDays, inAMonth]);
    expect(await titles({ eventTiming: "PAST", locations: ["Pau"] })).toEqual([recentPast, oldPast]);
    expect(await titles({ eventTiming: "UPCOMING", locations: ["Pau"], ages: [] })).toEqual([ongoing, inFiveDays]);

    const rest = async (body: Record<string, unknown>) => {
      const response = await t.rest("POST", "/api/media/search", body);
      expect(response.status).toBe(200);
      return response.body.results.map((media: { title: string }) => media.title);
    };
    expect(await rest({ categories: ["event"], eventTiming: "past" })).toEqual([recentPast, oldPast]);
    expect(await rest({ eventTiming: "UPCOMING", pageSize: 1 })).toEqual([ongoing]);
    expect(await rest({ categories: ["event"], eventTiming: "" })).toHaveLength(5);
    const wrong = await t.rest("POST", "/api/media/search", { eventTiming: "bientot" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("BAD_USER_INPUT");
  });

  it("keeps the events whose period meets [eventFrom, eventTo]", async () => {
    await seed();
    // Still running or to come on 11 June: C ends on the 12th, E starts in July; D (20 May, no end) is over.
    expect(await titles({ eventFrom: "2030-06-11T00:00:00Z" })).toEqual([C, E]);
    // An event without an end counts as its start day.
    expect(await titles({ eventFrom: "2030-05-20T14:00:00Z" })).toEqual([D, C, E]);
    expect(await titles({ eventFrom: "2030-05-20T14:00:01Z" })).toEqual([C, E]);
    // Starting by 10 June noon.
    expect(await titles({ eventTo: "2030-06-10T12:00:00Z" })).toEqual([D, C]);
    expect(await titles({ eventTo: "2030-05-20T13:59:59Z" })).toEqual([]);
    // Both: the periods that overlap 11-30 June.
    expect(await titles({ eventFrom: "2030-06-11T00:00:00Z", eventTo: "2030-06-30T23:59:59Z" })).toEqual([C]);
    expect(await titles({ eventFrom: "2030-06-13T00:00:00Z", eventTo: "2030-06-30T23:59:59Z" })).toEqual([]);
    expect(await titles({ eventFrom: "2030-07-02T00:00:00Z", eventTo: "2030-07-02T23:59:59Z" })).toEqual([E]);
  });

  it("keeps the events whose address has every word of eventPlace, without accents or capitals", async () => {
    await seed();
    expect(await titles({ eventPlace: "pau" })).toEqual([C, E]);
    expect(await titles({ eventPlace: "Parc BUROS" })).toEqual([C]);
    expect(await titles({ eventPlace: "mediatheque bayonne" })).toEqual([D]);
    expect(await titles({ eventPlace: "MÉDIATHÈQUE" })).toEqual([D]);
    expect(await titles({ eventPlace: "parc bayonne" })).toEqual([]);
    expect(await titles({ eventPlace: "Lilas" })).toEqual([]);
    // As a text's words: a beginning from three letters, and plurals; no word at all filters nothing.
    expect(await titles({ eventPlace: "médiath" })).toEqual([D]);
    expect(await titles({ eventPlace: "les parcs de Pau" })).toEqual([C]);
    expect(await titles({ eventPlace: "à" })).toEqual([A, D, B, C, E]);
    // An event whose address changes is found by its new one only.
    const [{ id }] = await t.portal.dataSource.query("SELECT id FROM media WHERE title = ?", [D]);
    const admin = (await actor(t, Role.ADMIN)).agent;
    const current = await admin.rest("GET", `/api/media/current/${id}`);
    const moved = await admin.rest("PUT", `/api/media/update/${id}`, {
      ...current.body,
      eventAddress: "Salle des fêtes, Anglet",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(300);
    expect(await titles({ eventPlace: "mediatheque" })).toEqual([]);
    expect(await titles({ eventPlace: "salle fete anglet" })).toEqual([D]);
  });

  it("keeps the signed-in author's media with mine=true (co-members included)", async () => {
    const author = await actor(t, Role.NEWS_PARTNER);
    const coMember = await actor(t, Role.FULL_PARTNER);
    const other = await actor(t, Role.NEWS_PARTNER);
    await seed({ author: author.user!.id, coMember: coMember.user!.id });
    expect(await search({ mine: true }, author.agent)).toEqual({ count: 1, titles: [A] });
    expect(await search({ mine: true }, coMember.agent)).toEqual({ count: 1, titles: [D] });
    expect(await search({ mine: true }, other.agent)).toEqual({ count: 0, titles: [] });
    expect(await titles({ mine: false }, author.agent)).toEqual([A, D, B, C, E]);
    expect(await titles({ mine: true, categories: ["EVENT"] }, coMember.agent)).toEqual([D]);

    const visitor = await t.graphql(SEARCH, { input: { mine: true } });
    expect(visitor.errors?.[0]).toMatchObject({
      message: "Vous devez être connecté pour effectuer cette action.",
      extensions: { code: "UNAUTHENTICATED" },
    });
  });

  it("combines filters (every one must match)", async () => {
    await seed();
    expect(await titles({ categories: ["EVENT"], ages: ["ENFANCE"] })).toEqual([C, E]);
    expect(await titles({ categories: ["EVENT"], ages: ["ENFANCE"], locations: ["Pau"] })).toEqual([C, E]);
    expect(await titles({ categories: ["EVENT"], ages: ["ENFANCE"], locations: ["Bayonne"] })).toEqual([]);
    expect(await titles({ categories: ["EVENT"], thematics: ["DISABILITY"], eventPlace: "beaumont" })).toEqual([E]);
    expect(await titles({ categories: ["NEW", "EVENT"], thematics: ["PARENT_CHILD_RELATIONSHIPS"] })).toEqual([A, D]);
    expect(await titles({ categories: ["NEW"], ages: ["ADOLESCENCE"] })).toEqual([]);
    expect(
      await titles({
        textQuery: "fete",
        categories: ["EVENT"],
        ages: ["FAMMILY"],
        thematics: ["HOLIDAYS_LEISURE"],
        locations: ["Pau"],
        eventFrom: "2030-06-01T00:00:00Z",
        eventTo: "2030-06-30T00:00:00Z",
        eventPlace: "lawrance",
      }),
    ).toEqual([C]);
    expect(await titles({ textQuery: "fete", ages: ["ADOLESCENCE"] })).toEqual([]);
  });

  it("pages: count is the total, results the page", async () => {
    await seed();
    expect(await search({ pageSize: 2 })).toEqual({ count: 5, titles: [A, D] });
    expect(await search({ pageSize: 2, page: 1 })).toEqual({ count: 5, titles: [B, C] });
    expect(await search({ pageSize: 2, page: 2 })).toEqual({ count: 5, titles: [E] });
    expect(await search({ pageSize: 2, page: 3 })).toEqual({ count: 5, titles: [] });
    expect(await search({ categories: ["EVENT"], pageSize: 2, page: 1 })).toEqual({ count: 3, titles: [E] });
    expect(await search({ ages: ["ENFANCE"], pageSize: 1 })).toEqual({ count: 2, titles: [C] });
  });

  it("pages through the first 10,000 results, and says so beyond, on GraphQL and REST", async () => {
    await seed();
    expect(await search({ pageSize: 15, page: 666 })).toEqual({ count: 5, titles: [] });
    const message = "Seuls les 10 000 premiers résultats peuvent être parcourus : précisez la recherche.";
    const deep = await t.graphql(SEARCH, { input: { pageSize: 15, page: 667 } });
    expect(deep.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
    const rest = await fetch(`${t.url}/api/media/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ page: 100, pageSize: 100 }),
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ message });
  });

  it("finds words in the title, description and body, without accents or capitals, as prefixes", async () => {
    const ds = t.portal.dataSource;
    const body = (text: string) => JSON.stringify({ ops: [{ insert: `${text}\n` }] });
    await buildMedia(ds, { title: "Crèche Les Petits Loups", createdAt: day("2026-01-05") });
    await buildMedia(ds, {
      title: "Places disponibles",
      description: "Inscriptions en creche familiale",
      createdAt: day("2026-01-04"),
    });
    await buildMedia(ds, {
      title: "Agenda",
      article: body("Un Évènement à ne pas manquer"),
      createdAt: day("2026-01-03"),
    });
    await buildMedia(ds, { title: "Œuvres d'enfants exposées", createdAt: day("2026-01-02") });
    await buildMedia(ds, { title: "Autre sujet", article: body("Rien à voir"), createdAt: day("2026-01-01") });
    const loups = "Crèche Les Petits Loups";

    expect(await titles({ textQuery: "creche" })).toEqual([loups, "Places disponibles"]);
    expect(await titles({ textQuery: "CRÈCHE" })).toEqual([loups, "Places disponibles"]);
    expect(await titles({ textQuery: "Crèche" })).toEqual([loups, "Places disponibles"]);
    expect(await titles({ textQuery: "crech" })).toEqual([loups, "Places disponibles"]);
    expect(await titles({ textQuery: "evenement" })).toEqual(["Agenda"]);
    expect(await titles({ textQuery: "ÉVÈNEMENT" })).toEqual(["Agenda"]);
    expect(await titles({ textQuery: "évène" })).toEqual(["Agenda"]);
    expect(await titles({ textQuery: "familiale" })).toEqual(["Places disponibles"]);
    expect(await titles({ textQuery: "creche familiale" })).toEqual(["Places disponibles"]);
    // A word being typed among whole words: measured with them, then looked for as a beginning.
    expect(await titles({ textQuery: "familiale crech" })).toEqual(["Places disponibles"]);
    expect(await titles({ textQuery: "petits lou" })).toEqual([loups]);
    expect(await titles({ textQuery: "petits loups" })).toEqual([loups]);
    expect(await titles({ textQuery: "oeuvres" })).toEqual(["Œuvres d'enfants exposées"]);
    expect(await titles({ textQuery: "œuvre exposees" })).toEqual(["Œuvres d'enfants exposées"]);
    expect(await titles({ textQuery: "creche introuvable" })).toEqual([]);
    expect(await titles({ textQuery: "reche" })).toEqual([]);
    // Punctuation alone is no query at all.
    expect((await search({ textQuery: " !? " })).count).toBe(5);
  });

  it("searches through POST /api/media/search with the legacy payload", async () => {
    await seed();
    const admin = (await actor(t, Role.ADMIN)).agent;
    const restTitles = async (body: Record<string, unknown>, agent?: Agent) => {
      const response = agent
        ? await agent.rest("POST", "/api/media/search", body)
        : await t.rest("POST", "/api/media/search", body);
      expect(response.status).toBe(200);
      return { count: response.body.count, titles: response.body.results.map((m: { title: string }) => m.title) };
    };
    expect(await restTitles({ page: 0, pageSize: 15 })).toEqual({ count: 5, titles: [A, D, B, C, E] });
    expect(await restTitles({ categories: ["event"] })).toEqual({ count: 3, titles: [D, C, E] });
    expect(await restTitles({ categories: ["new", "resource"], page: 0, pageSize: 1 })).toEqual({
      count: 2,
      titles: [A],
    });
    expect(await restTitles({ thematic: ["PARENT_CHILD_RELATIONSHIPS"], ages: ["PETITE_ENFANCE"] })).toEqual({
      count: 1,
      titles: [A],
    });
    expect(await restTitles({ locations: ["Bayonne", "CA du Pays Basque"], pageSize: 1, page: 1 })).toEqual({
      count: 2,
      titles: [B],
    });
    expect(await restTitles({ textQuery: "FETE des" })).toEqual({ count: 1, titles: [C] });
    expect(await restTitles({ networks: ["all"] }, admin)).toEqual({ count: 1, titles: [G] });
    expect(await restTitles({ networks: ["EAJE", "all"] }, admin)).toEqual({ count: 2, titles: [F, G] });
    expect(await restTitles({ networks: ["all"] })).toEqual({ count: 0, titles: [] });
    // Legacy values in the answer too.
    const page = await t.rest("POST", "/api/media/search", { categories: ["event"], pageSize: 1 });
    // Counted to the end (an extension says so: false).
    expect(page.body).toMatchObject({ count: 3, countIsMinimum: false });
    expect(page.body.results[0]).toMatchObject({ title: D, categories: ["event"], networks: [], city: ["Bayonne"] });

    const unknownCategory = await t.rest("POST", "/api/media/search", { categories: ["news"] });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.code).toBe("BAD_USER_INPUT");
    expect(unknownCategory.body.message).toMatch(/^Requête invalide/);
  });

  it("costs the same number of SQL queries for a page of 2 and a page of 15, owners included", async () => {
    const ds = t.portal.dataSource;
    for (let i = 0; i < 15; i++) {
      const owner = await buildUser(ds, { name: `Auteur${i}`, surname: `Prénom${i}` });
      await buildMedia(ds, { userIds: [owner.id, randomUUID()] });
    }
    const admin = (await actor(t, Role.ADMIN)).agent;
    const query = `query ($input: MediaSearchInput!) {
      mediaSearch(input: $input) { count results { id owner { name surname } viewerCan { update } } } }`;

    const countQueries = (pageSize: number) =>
      countStatements(ds, async () => {
        const result = await admin.graphql(query, { input: { pageSize } });
        expect(result.errors).toBeUndefined();
        const { count, results } = result.data.mediaSearch;
        expect(count).toBe(15);
        expect(results).toHaveLength(pageSize);
        for (const media of results)
          expect(media.owner).toEqual({
            name: expect.stringMatching(/^Auteur\d+$/),
            surname: expect.stringMatching(/^Prénom\d+$/),
          });
      });

    const small = await countQueries(2);
    const full = await countQueries(15);
    expect(small).toBeGreaterThan(0);
    expect(full).toBe(small);
    // The session, its user, the page of ids, the count, the page's rows and one batch of owners.
    expect(full).toBeLessThanOrEqual(6);
  });
});
