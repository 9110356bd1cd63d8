import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { actor, type Actor } from "../../../test/agent";
import { buildMedia, Network } from "../../../test/factories";
import { mediaInput, mediaSnapshot, MEDIA_DETAIL, refusal, WRITE_ROUTES } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { Role } from "../reference/reference.data";
import { Media } from "./media.entity";

const SEARCH = `query ($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { title } } }`;
const NOT_FOUND = { code: "NOT_FOUND", message: "Cet article est introuvable." };

type Reader = { label: string; who: Actor; networks: Network[]; sees: string[] };

/**
 * Who sees what: the public article always; restricted ones by a shared network,
 * by 'all' on the reader's account, or as an administrator. A media addressed to
 * 'all' networks is shared with every member of a network.
 */
const READERS: Reader[] = [
  { label: "a visitor", who: "visitor", networks: [], sees: ["Public"] },
  { label: "a partner without networks", who: Role.NEWS_PARTNER, networks: [], sees: ["Public"] },
  {
    label: "a partner of another network",
    who: Role.FULL_PARTNER,
    networks: [Network.RAJ],
    sees: ["Public", "Tous les réseaux"],
  },
  {
    label: "a partner of the RPE network",
    who: Role.NEWS_PARTNER,
    networks: [Network.RPE],
    sees: ["Public", "RPE et LAEP", "Tous les réseaux"],
  },
  {
    label: "a partner of the EAJE and LAEP networks",
    who: Role.FULL_PARTNER,
    networks: [Network.EAJE, Network.LAEP_REFERENTS],
    sees: ["Public", "EAJE", "RPE et LAEP", "Tous les réseaux"],
  },
  {
    label: "a partner with every network ('all')",
    who: Role.NEWS_PARTNER,
    networks: [Network.ALL],
    sees: ["Public", "EAJE", "RPE et LAEP", "Tous les réseaux"],
  },
  {
    label: "an administrator",
    who: Role.ADMIN,
    networks: [],
    sees: ["Public", "EAJE", "RPE et LAEP", "Tous les réseaux"],
  },
];

describe("network-restricted media", () => {
  const t = useTestPortal();

  /** Newest first: "Tous les réseaux", "RPE et LAEP", "EAJE", "Public". */
  const seed = async () => {
    const ds = t.portal.dataSource;
    const at = (minutes: number) => new Date(Date.UTC(2026, 4, 1) + minutes * 60_000);
    const media = {
      Public: await buildMedia(ds, { title: "Public", createdAt: at(1) }),
      EAJE: await buildMedia(ds, { title: "EAJE", networks: [Network.EAJE], createdAt: at(2) }),
      "RPE et LAEP": await buildMedia(ds, {
        title: "RPE et LAEP",
        networks: [Network.RPE, Network.LAEP_REFERENTS],
        createdAt: at(3),
      }),
      "Tous les réseaux": await buildMedia(ds, {
        title: "Tous les réseaux",
        networks: [Network.ALL],
        createdAt: at(4),
      }),
    };
    return media;
  };
  const newestFirst = (titles: string[]) =>
    ["Tous les réseaux", "RPE et LAEP", "EAJE", "Public"].filter((title) => titles.includes(title));

  const signIn = (reader: Reader) => actor(t, reader.who, { networks: reader.networks });

  describe.each(READERS)("for $label", (reader) => {
    it("search results and count hold only what the reader may see", async () => {
      await seed();
      const { agent } = await signIn(reader);
      const search = async (input: Record<string, unknown>) => {
        const result = await agent.graphql(SEARCH, { input });
        expect(result.errors).toBeUndefined();
        return {
          count: result.data.mediaSearch.count,
          titles: result.data.mediaSearch.results.map((m: any) => m.title),
        };
      };
      expect(await search({})).toEqual({ count: reader.sees.length, titles: newestFirst(reader.sees) });
      // The count is the total of what may be seen, not of the page, nor of the table.
      expect((await search({ pageSize: 1 })).count).toBe(reader.sees.length);
      // Filtering on a network, or on the words of a hidden title, reveals nothing more.
      const eaje = await search({ networks: ["EAJE"] });
      expect(eaje.count).toBe(reader.sees.includes("EAJE") ? 1 : 0);
      const byText = await search({ textQuery: "RPE LAEP" });
      expect(byText.titles).toEqual(reader.sees.includes("RPE et LAEP") ? ["RPE et LAEP"] : []);

      const rest = await agent.rest("POST", "/api/media/search", { networks: ["EAJE", "RPE", "all"] });
      expect(rest.status).toBe(200);
      expect(rest.body.results.map((m: any) => m.title)).toEqual(
        newestFirst(reader.sees.filter((t) => t !== "Public")),
      );
      expect(rest.body.count).toBe(reader.sees.length - 1);
    });

    it("details answer exactly as for an unknown id when the reader may not see the media", async () => {
      const media = await seed();
      const { agent } = await signIn(reader);
      const unknown = await agent.graphql(MEDIA_DETAIL, { id: randomUUID() });
      expect(unknown.errors?.[0]).toMatchObject({ message: NOT_FOUND.message, extensions: { code: "NOT_FOUND" } });
      const unknownRest = await agent.rest("GET", `/api/media/current/${randomUUID()}`);
      expect(unknownRest).toMatchObject({ status: 404, body: NOT_FOUND });

      for (const [title, { id }] of Object.entries(media)) {
        const detail = await agent.graphql(MEDIA_DETAIL, { id });
        const rest = await agent.rest("GET", `/api/media/current/${id}`);
        if (reader.sees.includes(title)) {
          expect(detail.errors, title).toBeUndefined();
          expect(detail.data.media.title, title).toBe(title);
          expect(rest.status, title).toBe(200);
          expect(rest.body.title, title).toBe(title);
        } else {
          expect(detail.data, title).toBeNull();
          expect(detail.errors, title).toEqual(unknown.errors);
          expect(rest.status, title).toBe(404);
          expect(rest.body, title).toEqual(unknownRest.body);
        }
      }
    });
  });

  describe.each(WRITE_ROUTES)("writes through $name", (route) => {
    it.each(READERS.filter((reader) => reader.who !== "visitor" && !reader.sees.includes("EAJE")))(
      "answers NOT_FOUND, never FORBIDDEN, to $label updating or deleting a media they may not see",
      async (reader) => {
        const media = await seed();
        const { agent } = await signIn(reader);
        const before = await mediaSnapshot(t.portal.dataSource);
        const update = await route.update(agent, media.EAJE.id, mediaInput({ title: "Piraté" }));
        expect(update).toMatchObject(refusal(route, NOT_FOUND.code, NOT_FOUND.message));
        const remove = await route.remove(agent, media.EAJE.id);
        expect(remove).toMatchObject(refusal(route, NOT_FOUND.code, NOT_FOUND.message));
        // The same answer as for an id that does not exist.
        expect(await route.remove(agent, randomUUID())).toEqual(remove);
        expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
      },
    );

    it("answers FORBIDDEN to a reader who may see the media but is not one of its authors", async () => {
      const media = await seed();
      const { agent } = await actor(t, Role.NEWS_PARTNER, { networks: [Network.EAJE] });
      const before = await mediaSnapshot(t.portal.dataSource);
      const forbidden = refusal(route, "FORBIDDEN", "Vous ne pouvez modifier que vos propres articles.");
      expect(await route.update(agent, media.EAJE.id, mediaInput())).toMatchObject(forbidden);
      expect(await route.remove(agent, media.EAJE.id)).toMatchObject(
        refusal(route, "FORBIDDEN", "Vous ne pouvez supprimer que vos propres articles."),
      );
      expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
    });

    it("answers UNAUTHENTICATED to a visitor, whatever the media", async () => {
      const media = await seed();
      const { agent } = await actor(t, "visitor");
      const before = await mediaSnapshot(t.portal.dataSource);
      const unauthenticated = refusal(
        route,
        "UNAUTHENTICATED",
        "Vous devez être connecté pour effectuer cette action.",
      );
      for (const { id } of [media.EAJE, media.Public]) {
        expect(await route.update(agent, id, mediaInput())).toMatchObject(unauthenticated);
        expect(await route.remove(agent, id)).toMatchObject(unauthenticated);
      }
      expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
    });

    it("lets an administrator, and the author who shares the network, update and delete it", async () => {
      const media = await seed();
      const author = await actor(t, Role.NEWS_PARTNER, { networks: [Network.EAJE] });
      await t.portal.dataSource.getRepository(Media).update({ id: media.EAJE.id }, { userIds: [author.user!.id] });
      const admin = await actor(t, Role.ADMIN);

      const updated = await route.update(
        author.agent,
        media.EAJE.id,
        mediaInput({ title: "EAJE modifié", networks: ["EAJE"] }),
      );
      expect(updated.code).toBeUndefined();
      const row = await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: media.EAJE.id });
      expect(row).toMatchObject({ title: "EAJE modifié", networks: [Network.EAJE], restricted: true });

      expect((await route.remove(admin.agent, media.EAJE.id)).code).toBeUndefined();
      expect(await t.portal.dataSource.getRepository(Media).existsBy({ id: media.EAJE.id })).toBe(false);
    });
  });
});
