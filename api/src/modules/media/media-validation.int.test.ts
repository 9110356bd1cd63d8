import { describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { buildMedia, Category, Network } from "../../../test/factories";
import { SAMPLES, storedKeys, uploaded } from "../../../test/files";
import { CREATE_MEDIA, delta, fileInput, mediaInput, mediaSnapshot, refusal, WRITE_ROUTES } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { Role } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { Media } from "./media.entity";

const DAY = 24 * 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const TEXT_ONLY = delta({ insert: "Du texte, sans titre de niveau 1.\n" });

/** The field named in `extensions.fields`, or null when the refusal names none. */
type Refusal = [label: string, fields: Record<string, unknown>, field: string | null, message: string];

/** Refused inputs for an author of the EAJE network: field in error and French message. */
const REFUSALS: Refusal[] = [
  [
    "an empty title and no level-one heading",
    { title: "", article: TEXT_ONLY },
    "title",
    "Le titre est requis (champ titre ou premier titre de niveau 1 de l'article).",
  ],
  [
    "a blank title and only a level-two heading",
    { title: "   ", article: delta({ insert: "Sous-titre" }, { insert: "\n", attributes: { header: 2 } }) },
    "title",
    "Le titre est requis (champ titre ou premier titre de niveau 1 de l'article).",
  ],
  ["an empty article", { article: delta({ insert: "   \n" }) }, "article", "L'article est vide."],
  ["an unreadable article", { article: "<p>Bonjour</p>" }, "article", "Le contenu de l'article est illisible."],
  ["no category", { categories: [] }, "categories", "Choisissez au moins une catégorie."],
  ["no age", { ages: [] }, "ages", "Choisissez au moins une tranche d'âge."],
  ["no thematic", { thematics: [] }, "thematics", "Choisissez au moins une thématique."],
  ["an event without start", { categories: ["EVENT"] }, "eventFrom", "La date de début de l'évènement est requise."],
  [
    "an event that started yesterday",
    { categories: ["EVENT"], eventFrom: inDays(-1.5) },
    "eventFrom",
    "La date de début ne peut pas être dans le passé.",
  ],
  [
    "an event that ends before it starts",
    { categories: ["EVENT"], eventFrom: inDays(30), eventTo: inDays(29) },
    "eventTo",
    "La date de fin doit suivre la date de début.",
  ],
  ["an unknown town", { city: ["Pau", "Gotham City"] }, "city", "Commune inconnue : Gotham City."],
  [
    "an unknown EPCI",
    { epci: ["CA Pau Béarn Pyrénées", "CC Imaginaire"] },
    "epci",
    "Intercommunalité inconnue : CC Imaginaire.",
  ],
  [
    "a network the author is not in",
    { networks: ["EAJE", "RPE"] },
    "networks",
    "Vous ne pouvez réserver un article qu'à vos propres réseaux.",
  ],
  [
    "'all' networks when the author has only some",
    { networks: ["ALL"] },
    "networks",
    "Vous ne pouvez réserver un article qu'à vos propres réseaux.",
  ],
  [
    "a file link that is no upload",
    { files: [{ path: "https://evil.example/virus.pdf", name: "virus.pdf", type: "application/pdf" }] },
    "files",
    "Un fichier joint est introuvable : envoyez-le de nouveau.",
  ],
  [
    "an upload link the portal never gave",
    { files: [{ path: "/uploads/AAAAAAAAAAAAAAAAAAAAAA.pdf", name: "x.pdf", type: "application/pdf" }] },
    "files",
    "Un fichier joint est introuvable : envoyez-le de nouveau.",
  ],
];

describe("media validation", () => {
  const t = useTestPortal();
  const author = () => actor(t, Role.NEWS_PARTNER, { networks: [Network.EAJE] });

  describe.each(WRITE_ROUTES)("through $name", (route) => {
    it.each(REFUSALS)("refuses %s, and changes nothing", async (_label, fields, field, message) => {
      const { agent, user } = await author();
      const existing = await buildMedia(t.portal.dataSource, { userIds: [user!.id], title: "Existant" });
      const before = await mediaSnapshot(t.portal.dataSource);
      const expected = {
        ...refusal(route, "BAD_USER_INPUT", message),
        ...(field ? { fields: expect.objectContaining({ [field]: message }) } : {}),
      };

      expect(await route.create(agent, mediaInput(fields))).toMatchObject(expected);
      expect(await route.update(agent, existing.id, mediaInput(fields))).toMatchObject(expected);
      expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
    });

    it("names every invalid list at once", async () => {
      const { agent } = await author();
      const answer = await route.create(agent, mediaInput({ categories: [], ages: [], thematics: [] }));
      expect(answer).toMatchObject(refusal(route, "BAD_USER_INPUT", "Choisissez au moins une catégorie."));
      expect(answer.fields).toEqual({
        categories: "Choisissez au moins une catégorie.",
        ages: "Choisissez au moins une tranche d'âge.",
        thematics: "Choisissez au moins une thématique.",
      });
      expect(await t.portal.dataSource.getRepository(Media).count()).toBe(0);
    });

    it("refuses more than 6 files, and another partner's upload; accepts 6 of one's own", async () => {
      const { agent } = await author();
      const other = await actor(t, Role.NEWS_PARTNER);
      const files = [];
      for (let i = 0; i < 7; i++) files.push(fileInput(await uploaded(agent, SAMPLES.png)));
      const theirs = fileInput(await uploaded(other.agent, SAMPLES.pdf));
      const before = await mediaSnapshot(t.portal.dataSource);
      const keys = storedKeys(t);

      expect(await route.create(agent, mediaInput({ files }))).toMatchObject({
        ...refusal(route, "BAD_USER_INPUT", "Vous pouvez importer jusqu'à 6 fichiers"),
        fields: { files: "Vous pouvez importer jusqu'à 6 fichiers" },
      });
      expect(await route.create(agent, mediaInput({ files: [files[0], theirs] }))).toMatchObject(
        refusal(route, "BAD_USER_INPUT", "Un fichier joint est introuvable : envoyez-le de nouveau."),
      );
      expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
      // A refused article removes none of the files it named.
      expect(storedKeys(t)).toEqual(keys);

      const accepted = await route.create(agent, mediaInput({ files: files.slice(0, 6) }));
      expect(accepted.code).toBeUndefined();
      const row = await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: accepted.id! });
      expect(row.files.map((file) => file.path)).toEqual(files.slice(0, 6).map((file) => file.path));
    });
  });

  it("takes each file's name and type from what the server stored, not from the client", async () => {
    const { agent } = await author();
    const pdf = await uploaded(agent, SAMPLES.pdf);
    const result = await agent.graphql(CREATE_MEDIA, {
      input: mediaInput({ files: [{ path: pdf.link, name: "<script>alert(1)</script>.html", type: "text/html" }] }),
    });
    expect(result.errors).toBeUndefined();
    const expected = [{ path: pdf.link, name: SAMPLES.pdf.name, type: "application/pdf" }];
    expect(result.data.createMedia.files).toEqual(expected);
    const row = await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: result.data.createMedia.id });
    expect(row.files).toEqual(expected);
    // A PDF is no picture.
    expect(row.mainPicture).toBeNull();
  });

  it("lets an administrator attach any partner's upload", async () => {
    const partner = await actor(t, Role.NEWS_PARTNER);
    const admin = await actor(t, Role.ADMIN);
    const image = await uploaded(partner.agent, SAMPLES.webp);
    const result = await admin.agent.graphql(CREATE_MEDIA, { input: mediaInput({ files: [fileInput(image)] }) });
    expect(result.errors).toBeUndefined();
    expect(result.data.createMedia.mainPicture).toBe(image.link);
  });

  it("takes the title from the first level-one heading when the title field is empty", async () => {
    const { agent } = await author();
    const article = delta(
      { insert: "Introduction\n" },
      { insert: "Fête   du " },
      { insert: "jeu", attributes: { bold: true } },
      { insert: "\n", attributes: { header: 1 } },
      { insert: "Second titre" },
      { insert: "\n", attributes: { header: 1 } },
    );
    for (const title of ["", "   ", null]) {
      const result = await agent.graphql(CREATE_MEDIA, { input: mediaInput({ title, article }) });
      expect(result.errors, String(title)).toBeUndefined();
      expect(result.data.createMedia.title, String(title)).toBe("Fête du jeu");
    }
    // A title given wins over the heading.
    const given = await agent.graphql(CREATE_MEDIA, { input: mediaInput({ title: "Titre choisi", article }) });
    expect(given.data.createMedia.title).toBe("Titre choisi");
    const rest = await agent.rest("POST", "/api/media/add", {
      ...mediaInput({ article: JSON.parse(article) }),
      title: "",
    });
    expect(rest.status).toBe(201);
    expect((await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: rest.body })).title).toBe(
      "Fête du jeu",
    );
  });

  it("takes a long article (1.5 MB) through REST as through GraphQL, and refuses one over 2 MB by its own message", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const paragraph = "Le relais petite enfance accueille les familles et les assistantes maternelles. ";
    const long = (characters: number) =>
      delta({ insert: `${paragraph.repeat(Math.ceil(characters / paragraph.length))}\n` });
    const created = await agent.rest("POST", "/api/media/add", mediaInput({ article: JSON.parse(long(1_500_000)) }));
    expect(created.status).toBe(201);
    const read = await agent.rest("GET", `/api/media/current/${created.body}`);
    expect(read.status).toBe(200);
    // What was read can be written back whole.
    expect((await agent.rest("PUT", `/api/media/update/${created.body}`, read.body)).status).toBe(200);

    const tooLong = mediaInput({ article: JSON.parse(long(2_100_000)) });
    const message = "Le contenu de l'article est trop long.";
    expect(await agent.rest("POST", "/api/media/add", tooLong)).toMatchObject({
      status: 400,
      body: { code: "BAD_USER_INPUT", message, fields: { article: message } },
    });
    expect(
      (await agent.graphql(CREATE_MEDIA, { input: { ...tooLong, article: long(2_100_000) } })).errors?.[0],
    ).toMatchObject({
      message,
    });
    expect(await t.portal.dataSource.getRepository(Media).count()).toBe(1);
  });

  it("lets authors with 'all', and administrators, restrict to any network; others to their own", async () => {
    const own = await author();
    const everyNetwork = await actor(t, Role.FULL_PARTNER, { networks: [Network.ALL] });
    const admin = await actor(t, Role.ADMIN, { networks: [] });
    const cases: Array<[string, typeof own, string[]]> = [
      ["own network", own, ["EAJE"]],
      ["'all' author", everyNetwork, ["RPE", "SOCIAL_CENTRES", "ALL"]],
      ["admin", admin, ["TERRITORY", "EAJE"]],
    ];
    for (const [label, { agent }, networks] of cases) {
      const result = await agent.graphql(CREATE_MEDIA, { input: mediaInput({ networks }) });
      expect(result.errors, label).toBeUndefined();
      const row = await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: result.data.createMedia.id });
      expect(row.networks, label).toEqual(networks.map((name) => (name === "ALL" ? Network.ALL : name)));
      expect(row.restricted, label).toBe(true);
    }
    // The rule follows the account as it is now, not as it was at sign-in.
    await t.portal.dataSource.getRepository(User).update({ id: own.user!.id }, { networks: [Network.RPE] });
    const after = await own.agent.graphql(CREATE_MEDIA, { input: mediaInput({ networks: ["EAJE"] }) });
    expect(after.errors?.[0].message).toBe("Vous ne pouvez réserver un article qu'à vos propres réseaux.");
  });

  it("accepts an event starting later, and keeps a started event's unchanged start on update", async () => {
    const { agent, user } = await author();
    const future = await agent.graphql(CREATE_MEDIA, {
      input: mediaInput({ categories: ["EVENT"], eventFrom: inDays(1), eventTo: inDays(1) }),
    });
    expect(future.errors).toBeUndefined();

    const started = new Date(Date.now() - 3 * DAY);
    started.setMilliseconds(0);
    const media = await buildMedia(t.portal.dataSource, {
      userIds: [user!.id],
      categories: [Category.EVENT],
      eventFrom: started,
      eventTo: new Date(Date.now() + 3 * DAY),
    });
    const [gql, rest] = WRITE_ROUTES;
    const keep = mediaInput({ title: "Toujours en cours", categories: ["EVENT"], eventFrom: started.toISOString() });
    expect((await gql.update(agent, media.id, keep)).code).toBeUndefined();
    expect((await rest.update(agent, media.id, keep)).code).toBeUndefined();
    const moved = mediaInput({ categories: ["EVENT"], eventFrom: new Date(started.getTime() - DAY).toISOString() });
    expect((await gql.update(agent, media.id, moved)).message).toBe("La date de début ne peut pas être dans le passé.");
    // No longer an event: the dates go.
    expect((await gql.update(agent, media.id, mediaInput())).code).toBeUndefined();
    expect(await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: media.id })).toMatchObject({
      eventFrom: null,
      eventTo: null,
      eventAddress: null,
    });
  });
});
