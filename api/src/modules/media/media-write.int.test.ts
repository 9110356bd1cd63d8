import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { actor, type Agent } from "../../../test/agent";
import { buildMedia, Category } from "../../../test/factories";
import { SAMPLES, uploaded } from "../../../test/files";
import {
  CREATE_MEDIA,
  delta,
  mediaInput,
  mediaSnapshot,
  MEDIA_DETAIL,
  MEDIA_SEARCH,
  refusal,
  WRITE_ROUTES,
} from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { Age, Role, Thematic } from "../reference/reference.data";
import { bitsOf } from "../common/bits";
import { MediaFacet } from "./media-facet.entity";
import { Media } from "./media.entity";

const towns: Array<{ inseeCode: string; city: string; latitude: number | null; longitude: number | null }> = JSON.parse(
  readFileSync(join(__dirname, "../../db/data/towns-64.json"), "utf8"),
).towns;
const FORBIDDEN_MESSAGE = "Vous ne pouvez modifier que vos propres articles.";

describe("writing media", () => {
  const t = useTestPortal();
  const repo = () => t.portal.dataSource.getRepository(Media);
  const facetsOf = async (id: string) =>
    (await t.portal.dataSource.getRepository(MediaFacet).findBy({ mediaId: id }))
      .map((row) => `${row.facet}:${row.value}`)
      .sort();

  describe.each(WRITE_ROUTES)("through $name", (route) => {
    it.each([Role.NEWS_PARTNER, Role.FULL_PARTNER, Role.ADMIN] as const)(
      "lets a %s publish, as its owner",
      async (role) => {
        const { agent, user } = await actor(t, role);
        const answer = await route.create(
          agent,
          mediaInput({
            title: "  Fête   du jeu  ",
            categories: ["EVENT", "NEW"],
            ages: ["ENFANCE", "ENFANCE"],
            thematics: ["HOLIDAYS_LEISURE"],
            epci: ["CA Pau Béarn Pyrénées"],
            city: ["Pau"],
            eventFrom: "2031-05-01T08:00:00.000Z",
            eventTo: "2031-05-01T17:00:00.000Z",
            eventAddress: " Parc Beaumont, Pau ",
          }),
        );
        expect(answer).toMatchObject({ status: route.name === "REST" ? 201 : 200, id: expect.any(String) });
        const row = await repo().findOneByOrFail({ id: answer.id! });
        expect(row).toMatchObject({
          title: "Fête du jeu",
          userIds: [user!.id],
          categories: [Category.EVENT, Category.NEW],
          ages: [Age.ENFANCE],
          thematics: [Thematic.HOLIDAYS_LEISURE],
          networks: [],
          restricted: false,
          epci: ["CA Pau Béarn Pyrénées"],
          city: ["Pau"],
          eventFrom: new Date("2031-05-01T08:00:00.000Z"),
          eventTo: new Date("2031-05-01T17:00:00.000Z"),
          eventAddress: "Parc Beaumont, Pau",
          description: "Un atelier pour les tout-petits et leurs parents.",
        });
        const facets = await facetsOf(row.id);
        expect(facets.filter((facet) => !facet.startsWith("word:"))).toEqual(
          [
            "location:CA Pau Béarn Pyrénées",
            "location:Pau",
            `owner:${user!.id}`,
            // The words of the event's address, for the event-place filter.
            "place:beaumont",
            "place:parc",
            "place:pau",
          ].sort(),
        );
        // Its words are facets too (normal form, singular, no stop words); categories, ages and themes are bit sets.
        expect(facets).toEqual(expect.arrayContaining(["word:fete", "word:jeu", "word:atelier", "word:parent"]));
        expect(facets).not.toContain("word:du");
        const stored = await repo().findOneByOrFail({ id: row.id });
        expect(stored.categoryBits).toBe(bitsOf(Object.values(Category), [Category.NEW, Category.EVENT]));
        expect(stored.ageBits).toBe(bitsOf(Object.values(Age), [Age.ENFANCE]));
        expect(stored.thematicBits).toBe(bitsOf(Object.values(Thematic), [Thematic.HOLIDAYS_LEISURE]));
        expect(stored.eventEnd?.toISOString()).toBe("2031-05-01T17:00:00.000Z");
        // Each facet row carries the media's flag and bit sets (searches read facet rows alone).
        const facetRows = await t.portal.dataSource.getRepository(MediaFacet).findBy({ mediaId: row.id });
        for (const facetRow of facetRows) {
          expect(facetRow).toMatchObject({
            restricted: false,
            categoryBits: stored.categoryBits,
            ageBits: stored.ageBits,
            thematicBits: stored.thematicBits,
            sortAt: stored.createdAt,
          });
        }
        // Published at once: a visitor finds it.
        const found = await t.graphql<any>(MEDIA_SEARCH, { input: { textQuery: "fete du jeu" } });
        expect(found.data?.mediaSearch.results.map((m: { id: string }) => m.id)).toEqual([row.id]);
      },
    );

    it("refuses a visitor's article and keeps nothing", async () => {
      const { agent } = await actor(t, "visitor");
      const before = await mediaSnapshot(t.portal.dataSource);
      expect(await route.create(agent, mediaInput())).toMatchObject(
        refusal(route, "UNAUTHENTICATED", "Vous devez être connecté pour effectuer cette action."),
      );
      expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
    });

    it("lets the owner, a co-member and an administrator update, keeping owners and creation date", async () => {
      const owner = await actor(t, Role.NEWS_PARTNER);
      const coMember = await actor(t, Role.FULL_PARTNER);
      const admin = await actor(t, Role.ADMIN);
      const media = await buildMedia(t.portal.dataSource, {
        userIds: [owner.user!.id, coMember.user!.id],
        categories: [Category.RESOURCE],
      });
      for (const [who, agent] of [
        ["owner", owner.agent],
        ["co-member", coMember.agent],
        ["admin", admin.agent],
      ] as Array<[string, Agent]>) {
        const answer = await route.update(agent, media.id, mediaInput({ title: `Modifié par ${who}`, city: ["Pau"] }));
        expect(answer, who).toEqual({ status: 200, id: undefined });
        const row = await repo().findOneByOrFail({ id: media.id });
        expect(row, who).toMatchObject({
          title: `Modifié par ${who}`,
          categories: [Category.NEW],
          city: ["Pau"],
          userIds: [owner.user!.id, coMember.user!.id],
          createdAt: media.createdAt,
        });
        const stored = await repo().findOneByOrFail({ id: media.id });
        expect(stored.categoryBits, who).toBe(bitsOf(Object.values(Category), [Category.NEW]));
        expect(await facetsOf(media.id), who).toContain("word:modifie");
      }
    });

    it("refuses another partner's update or deletion with FORBIDDEN, and a visitor's with UNAUTHENTICATED", async () => {
      const media = await buildMedia(t.portal.dataSource, { userIds: [randomUUID()] });
      const other = await actor(t, Role.FULL_PARTNER);
      const visitor = await actor(t, "visitor");
      const before = await mediaSnapshot(t.portal.dataSource);
      const forbidden = refusal(route, "FORBIDDEN", FORBIDDEN_MESSAGE);
      const unauthenticated = refusal(
        route,
        "UNAUTHENTICATED",
        "Vous devez être connecté pour effectuer cette action.",
      );
      expect(await route.update(other.agent, media.id, mediaInput())).toMatchObject(forbidden);
      expect(await route.remove(other.agent, media.id)).toMatchObject(
        refusal(route, "FORBIDDEN", "Vous ne pouvez supprimer que vos propres articles."),
      );
      expect(await route.update(visitor.agent, media.id, mediaInput())).toMatchObject(unauthenticated);
      expect(await route.remove(visitor.agent, media.id)).toMatchObject(unauthenticated);
      const notFound = refusal(route, "NOT_FOUND", "Cet article est introuvable.");
      expect(await route.update(other.agent, randomUUID(), mediaInput())).toMatchObject(notFound);
      expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
    });

    it("lets the owner, a co-member or an administrator delete, with its facets", async () => {
      const owner = await actor(t, Role.NEWS_PARTNER);
      const coMember = await actor(t, Role.NEWS_PARTNER);
      const admin = await actor(t, Role.ADMIN);
      const kept = await buildMedia(t.portal.dataSource);
      for (const [who, agent] of [
        ["owner", owner.agent],
        ["co-member", coMember.agent],
        ["admin", admin.agent],
      ] as Array<[string, Agent]>) {
        const media = await buildMedia(t.portal.dataSource, { userIds: [owner.user!.id, coMember.user!.id] });
        expect(await route.remove(agent, media.id), who).toEqual({ status: 200, id: undefined });
        expect(await repo().existsBy({ id: media.id }), who).toBe(false);
        expect(await facetsOf(media.id), who).toEqual([]);
        expect(await route.remove(agent, media.id), who).toMatchObject(
          refusal(route, "NOT_FOUND", "Cet article est introuvable."),
        );
      }
      expect(await repo().count()).toBe(1);
      expect(await repo().existsBy({ id: kept.id })).toBe(true);
    });
  });

  it("answers POST /api/media/add with 201 and the new id as a JSON string", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const response = await agent.rest("POST", "/api/media/add", { ...mediaInput(), categories: ["resource"] });
    expect(response.status).toBe(201);
    expect(response.text).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(await repo().findOneByOrFail({ id: response.body })).toMatchObject({ categories: [Category.RESOURCE] });
  });

  it("sums an article up from its text, leaving out a first line that repeats the title only", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const descriptionOf = async (title: string, ...ops: Record<string, unknown>[]) => {
      const response = await agent.rest("POST", "/api/media/add", { ...mediaInput({ title, article: delta(...ops) }) });
      expect(response.status).toBe(201);
      return (await repo().findOneByOrFail({ id: response.body })).description;
    };
    // The title's words inside the text are the text's.
    expect(await descriptionOf("Pau", { insert: "Grande fête des familles à Pau samedi, entrée libre.\n" })).toBe(
      "Grande fête des familles à Pau samedi, entrée libre.",
    );
    expect(await descriptionOf("t", { insert: "Inscriptions ouvertes à tous.\n" })).toBe(
      "Inscriptions ouvertes à tous.",
    );
    // A heading that repeats the title is not repeated under it.
    expect(
      await descriptionOf(
        "Fête du jeu",
        { insert: "Fête du jeu" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "Jeux en bois au parc.\n" },
      ),
    ).toBe("Jeux en bois au parc.");
  });

  it("keeps a picture given apart from the files through an unchanged round trip; the media's own images take over", async () => {
    const { agent, user } = await actor(t, Role.NEWS_PARTNER);
    const picture = (await uploaded(agent, SAMPLES.png)).link;
    // As demo content and imported articles have it: a picture that is neither a file nor in the text.
    const media = await buildMedia(t.portal.dataSource, {
      userIds: [user!.id],
      mainPicture: picture,
      ages: [Age.ENFANCE],
      thematics: [Thematic.HOUSING],
    });
    const current = await agent.rest("GET", `/api/media/current/${media.id}`);
    expect(current.body.mainPicture).toBe(picture);
    const roundTrip = await agent.rest("PUT", `/api/media/update/${media.id}`, {
      ...current.body,
      title: "Titre revu",
    });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toMatchObject({ title: "Titre revu", mainPicture: picture });
    expect((await repo().findOneByOrFail({ id: media.id })).mainPicture).toBe(picture);

    // An image of the media's own is its picture; removed from the text, it takes its picture with it.
    const image = (await uploaded(agent, SAMPLES.jpeg)).link;
    const withImage = { ...current.body, article: delta({ insert: "Programme\n" }, { insert: { image } }) };
    const illustrated = await agent.rest("PUT", `/api/media/update/${media.id}`, withImage);
    expect(illustrated.body.mainPicture).toBe(image);
    const plain = await agent.rest("PUT", `/api/media/update/${media.id}`, {
      ...current.body,
      article: delta({ insert: "Programme\n" }),
    });
    expect(plain.status).toBe(200);
    expect(plain.body.mainPicture).toBeNull();
  });

  it("answers REST updates and deletions in the legacy shape", async () => {
    const { agent, user } = await actor(t, Role.NEWS_PARTNER);
    const media = await buildMedia(t.portal.dataSource, { userIds: [user!.id] });
    const updated = await agent.rest("PUT", `/api/media/update/${media.id}`, {
      ...mediaInput({ title: "Nouveau titre", city: ["Pau"], epci: ["CA Pau Béarn Pyrénées"] }),
      categories: ["new", "resource"],
      thematic: ["HOUSING"],
      thematics: undefined,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: media.id,
      title: "Nouveau titre",
      categories: ["new", "resource"],
      thematics: ["HOUSING"],
      locations: ["CA Pau Béarn Pyrénées", "Pau"],
      creation: media.createdAt.toISOString(),
    });
    const deleted = await agent.rest("DELETE", `/api/media/delete/${media.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: "Article supprimé." } });
  });

  it("shows the owner's name to administrators only, and viewerCan to each reader", async () => {
    const ds = t.portal.dataSource;
    const owner = await actor(t, Role.NEWS_PARTNER, { name: "Durand", surname: "Léa" });
    const coMember = await actor(t, Role.FULL_PARTNER);
    const other = await actor(t, Role.FULL_PARTNER);
    const admin = await actor(t, Role.ADMIN);
    const visitor = await actor(t, "visitor");
    const media = await buildMedia(ds, { userIds: [owner.user!.id, coMember.user!.id] });
    const orphan = await buildMedia(ds, { userIds: [randomUUID()] });

    // [reader, agent, may edit the media, is an administrator]
    const cases: Array<[string, Agent, boolean, boolean]> = [
      ["visitor", visitor.agent, false, false],
      ["other partner", other.agent, false, false],
      ["owner", owner.agent, true, false],
      ["co-member", coMember.agent, true, false],
      ["admin", admin.agent, true, true],
    ];
    for (const [who, agent, canEdit, isAdmin] of cases) {
      const detail = await agent.graphql(MEDIA_DETAIL, { id: media.id });
      expect(detail.errors, who).toBeUndefined();
      expect(detail.data.media.viewerCan, who).toEqual({ update: canEdit, delete: canEdit });
      expect(detail.data.media.owner, who).toEqual(
        isAdmin ? { id: owner.user!.id, name: "Durand", surname: "Léa" } : null,
      );
      const page = await agent.graphql(MEDIA_SEARCH, { input: {} });
      const inList = page.data.mediaSearch.results.find((m: { id: string }) => m.id === media.id);
      expect(inList.viewerCan, who).toEqual({ update: canEdit, delete: canEdit });
      expect(inList.owner?.surname ?? null, who).toBe(isAdmin ? "Léa" : null);
      // An owner whose account is gone has no name, even for admins; only admins may still edit.
      const gone = page.data.mediaSearch.results.find((m: { id: string }) => m.id === orphan.id);
      expect(gone.owner, who).toBeNull();
      expect(gone.viewerCan, who).toEqual({ update: isAdmin, delete: isAdmin });
    }
  });

  it("places the media at its first town when no position is given", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const pau = towns.find((town) => town.inseeCode === "64445")!;
    expect(pau).toMatchObject({ city: "Pau", latitude: expect.any(Number), longitude: expect.any(Number) });
    // Every town of the committed list has a point: one loses it for this test (as a town the
    // list could not locate would have none).
    const withoutCoordinates = towns.find((town) => town.city === "Lescar")!;
    await t.portal.dataSource.query("UPDATE town SET latitude = NULL, longitude = NULL WHERE inseeCode = ?", [
      withoutCoordinates.inseeCode,
    ]);
    onTestFinished(() =>
      t.portal.dataSource.query("UPDATE town SET latitude = ?, longitude = ? WHERE inseeCode = ?", [
        withoutCoordinates.latitude,
        withoutCoordinates.longitude,
        withoutCoordinates.inseeCode,
      ]),
    );
    const other = towns.find((town) => town.latitude !== null && town.city !== "Pau" && town.city !== "Lescar")!;
    const create = async (fields: Record<string, unknown>) => {
      const result = await agent.graphql(CREATE_MEDIA, { input: mediaInput(fields) });
      expect(result.errors).toBeUndefined();
      const row = await repo().findOneByOrFail({ id: result.data.createMedia.id });
      // What GraphQL answers is what is stored.
      expect(row.location).toEqual(result.data.createMedia.location);
      return result.data.createMedia.location;
    };
    expect(await create({ city: ["Pau"] })).toEqual({ lat: pau.latitude, lon: pau.longitude });
    expect(await create({ city: [other.city, "Pau"] })).toEqual({ lat: other.latitude, lon: other.longitude });
    expect(await create({ city: [withoutCoordinates.city, "Pau"] })).toBeNull();
    expect(await create({ city: ["Pau"], location: { lat: 43.5, lon: -1.2 } })).toEqual({ lat: 43.5, lon: -1.2 });
    expect(await create({ epci: ["CA Pau Béarn Pyrénées"] })).toBeNull();
  });
});
