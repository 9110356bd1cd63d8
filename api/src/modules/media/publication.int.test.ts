import { describe, expect, it } from "vitest";
import { actor, type Agent } from "../../../test/agent";
import { CREATE_MEDIA, legacyBody, mediaInput, mediaSnapshot, UPDATE_MEDIA } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { AuditEntry } from "../audit/audit-entry.entity";
import { Role } from "../reference/reference.data";
import { MediaFacet } from "./media-facet.entity";
import { Media } from "./media.entity";
import { PublicationScheduler, SCHEDULED_PUBLICATION } from "./publication-scheduler";

const FIELDS = "id title createdAt publication publishAt";
const SEARCH = `query ($input: MediaSearchInput!) { mediaSearch(input: $input) { count results { ${FIELDS} } } }`;
const READ = `query ($id: ID!) { media(id: $id) { ${FIELDS} } }`;
const CREATE = CREATE_MEDIA.replace(/\{ id title[\s\S]*\} \}$/, `{ ${FIELDS} } }`);
const UPDATE = UPDATE_MEDIA.replace(/\{ id title[\s\S]*\} \}$/, `{ ${FIELDS} } }`);

const inMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * 60_000);

describe("drafts and scheduled publication", () => {
  const t = useTestPortal();

  /** Every way a reader may come across an article, with what each one found. */
  async function sightings(agent: Agent, id: string, title: string) {
    const search = async (input: Record<string, unknown>) => {
      const { data, errors } = await agent.graphql(SEARCH, { input: { page: 0, pageSize: 50, ...input } });
      expect(errors).toBeUndefined();
      return (data.mediaSearch.results as Array<{ id: string }>).some((media) => media.id === id);
    };
    const read = await agent.graphql(READ, { id });
    const rest = await agent.rest("GET", `/api/media/current/${id}`);
    const restSearch = await agent.rest("POST", "/api/media/search", { textQuery: title.split(" ")[0], page: 0 });
    const feed = await agent.rest("GET", "/flux/actualites.xml");
    return {
      list: await search({}),
      news: await search({ categories: ["NEW"] }),
      words: await search({ textQuery: title }),
      place: await search({ locations: ["Pau"] }),
      graphql: read.data?.media?.id === id,
      rest: rest.status === 200,
      restSearch: (restSearch.body.results as Array<{ id: string }>).some((media) => media.id === id),
      feed: String(feed.body).includes(id),
    };
  }
  const nowhere = {
    list: false,
    news: false,
    words: false,
    place: false,
    graphql: false,
    rest: false,
    restSearch: false,
    feed: false,
  };
  const everywhere = {
    list: true,
    news: true,
    words: true,
    place: true,
    graphql: true,
    rest: true,
    restSearch: true,
    feed: true,
  };

  it("keeps a draft to its authors and the administrators: never in lists, searches, feeds, REST or GraphQL for others", async () => {
    const author = await actor(t, Role.NEWS_PARTNER);
    const title = "Brouillon ludothèque itinérante";
    const created = await author.agent.graphql(CREATE, {
      input: mediaInput({ title, city: ["Pau"], publication: "DRAFT" }),
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.createMedia.id as string;
    expect(created.data.createMedia).toMatchObject({ publication: "DRAFT", publishAt: null });

    for (const who of ["visitor", Role.FULL_PARTNER, Role.ADMIN] as const) {
      const { agent } = await actor(t, who);
      const seen = await sightings(agent, id, title);
      // Administrators open it by its address; lists are the same for everyone.
      expect(seen, who).toEqual(who === Role.ADMIN ? { ...nowhere, graphql: true, rest: true } : nowhere);
    }
    // Its author finds it in « Mes articles », by its words too, and opens it.
    const mine = await author.agent.graphql(SEARCH, {
      input: { page: 0, pageSize: 15, mine: true, textQuery: "ludothèque" },
    });
    expect(mine.data.mediaSearch.results).toEqual([expect.objectContaining({ id, publication: "DRAFT" })]);
    expect((await author.agent.graphql(READ, { id })).data.media.id).toBe(id);
    // Another partner may not write it either: it does not exist for them.
    const other = await actor(t, Role.FULL_PARTNER);
    const refused = await other.agent.graphql(UPDATE, { id, input: mediaInput({ title: "Pris" }) });
    expect(refused.errors?.[0].extensions?.code).toBe("NOT_FOUND");

    // Published by its author: everywhere at once, dated now, and the history says so.
    const before = Date.now() - 1000;
    const published = await author.agent.graphql(UPDATE, {
      id,
      input: mediaInput({ title, city: ["Pau"], publication: "PUBLISHED" }),
    });
    expect(published.data.updateMedia.publication).toBe("PUBLISHED");
    expect(new Date(published.data.updateMedia.createdAt).getTime()).toBeGreaterThanOrEqual(before);
    expect(await sightings((await actor(t, "visitor")).agent, id, title)).toEqual(everywhere);
    const history = await t.portal.dataSource
      .getRepository(AuditEntry)
      .find({ where: { itemId: id }, order: { id: "ASC" } });
    expect(history.map((entry) => entry.action)).toEqual(["CREATE", "PUBLISH"]);
    expect(history[1].fields).toContain("publication");

    // Back to draft: gone again; an edit that says nothing of it keeps it a draft.
    await author.agent.graphql(UPDATE, { id, input: mediaInput({ title, city: ["Pau"], publication: "DRAFT" }) });
    const kept = await author.agent.graphql(UPDATE, {
      id,
      input: mediaInput({ title: `${title} (v2)`, city: ["Pau"] }),
    });
    expect(kept.data.updateMedia.publication).toBe("DRAFT");
    expect(await sightings((await actor(t, "visitor")).agent, id, title)).toEqual(nowhere);
  });

  it("publishes a scheduled article by itself when its time comes, once, dated at that time and first in the list", async () => {
    const author = await actor(t, Role.NEWS_PARTNER);
    const older = await author.agent.graphql(CREATE, { input: mediaInput({ title: "Déjà publiée" }) });
    expect(older.data.createMedia.publication).toBe("PUBLISHED");
    const at = inMinutes(2);
    at.setUTCMilliseconds(0);
    const title = "Programmée fête du jeu";
    const created = await author.agent.graphql(CREATE, {
      input: mediaInput({ title, city: ["Pau"], publication: "SCHEDULED", publishAt: at.toISOString() }),
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.createMedia.id as string;
    expect(created.data.createMedia).toMatchObject({ publication: "SCHEDULED", publishAt: at.toISOString() });
    const visitor = (await actor(t, "visitor")).agent;
    expect(await sightings(visitor, id, title)).toEqual(nowhere);

    // The portal's own scheduler, with its clock moved: not yet one minute later, then three.
    const { media, audit } = t.portal.services;
    const clock = { now: inMinutes(1) };
    const scheduler = () => new PublicationScheduler(media, audit, 60_000, () => clock.now);
    expect(await scheduler().run()).toEqual([]);
    clock.now = inMinutes(3);
    // Two instances of the portal at the same tick: one of them publishes it.
    const runs = await Promise.all([scheduler().run(), scheduler().run()]);
    expect(runs.flat().map((published) => published.id)).toEqual([id]);
    expect(await scheduler().run()).toEqual([]);

    expect(await sightings(visitor, id, title)).toEqual(everywhere);
    const list = await visitor.graphql(SEARCH, { input: { page: 0, pageSize: 15 } });
    expect(list.data.mediaSearch.results[0]).toMatchObject({
      id,
      publication: "PUBLISHED",
      publishAt: null,
      createdAt: at.toISOString(),
    });
    const facets = await t.portal.dataSource.getRepository(MediaFacet).findBy({ mediaId: id });
    expect(facets.length).toBeGreaterThan(3);
    expect(facets.every((facet) => facet.published && facet.sortAt?.getTime() === at.getTime())).toBe(true);
    const history = await t.portal.dataSource
      .getRepository(AuditEntry)
      .find({ where: { itemId: id }, order: { id: "ASC" } });
    expect(history.map((entry) => [entry.action, entry.actorName, entry.actorId])).toEqual([
      ["CREATE", `${author.user!.surname} ${author.user!.name}`, author.user!.id],
      ["PUBLISH", SCHEDULED_PUBLICATION, null],
    ]);
  });

  it("publishes at start-up what fell due while the portal was stopped", async () => {
    const author = await actor(t, Role.NEWS_PARTNER);
    const created = await author.agent.graphql(CREATE, {
      input: mediaInput({ title: "En retard", publication: "SCHEDULED", publishAt: inMinutes(5).toISOString() }),
    });
    const id = created.data.createMedia.id as string;
    // As if the portal had been stopped past its time.
    await t.portal.dataSource.getRepository(Media).update({ id }, { publishAt: inMinutes(-10) });
    const scheduler = new PublicationScheduler(t.portal.services.media, t.portal.services.audit, 3_600_000);
    scheduler.start();
    try {
      await expect
        .poll(async () => (await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id })).published)
        .toBe(true);
    } finally {
      scheduler.stop();
    }
  });

  it("refuses a schedule without a date, in the past, beyond a year, or a date without a schedule, and changes nothing", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const before = await mediaSnapshot(t.portal.dataSource);
    for (const [input, message] of [
      [{ publication: "SCHEDULED" }, "Indiquez la date et l'heure de publication."],
      [
        { publication: "SCHEDULED", publishAt: inMinutes(-1).toISOString() },
        "La date de publication doit être à venir.",
      ],
      [
        { publication: "SCHEDULED", publishAt: inMinutes(60 * 24 * 400).toISOString() },
        "La date de publication ne peut pas dépasser un an.",
      ],
      [
        { publication: "PUBLISHED", publishAt: inMinutes(10).toISOString() },
        "Une date de publication ne s'indique que pour un article programmé.",
      ],
    ] as const) {
      const refused = await agent.graphql(CREATE, { input: mediaInput(input) });
      expect(refused.errors?.[0], JSON.stringify(input)).toMatchObject({
        extensions: { code: "BAD_USER_INPUT", fields: { publishAt: message } },
      });
    }
    expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
    // A value outside the three is the schema's refusal.
    const unknown = await agent.graphql(CREATE, { input: mediaInput({ publication: "LATER" }) });
    expect(unknown.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(await mediaSnapshot(t.portal.dataSource)).toEqual(before);
  });

  it("keeps the REST rows' behaviour: an article sent there is published at once, and an edit keeps a draft a draft", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const sent = await agent.rest("POST", "/api/media/add", legacyBody(mediaInput({ title: "Par l'ancienne API" })));
    expect(sent.status).toBe(201);
    const id = sent.body as string;
    const read = await agent.graphql(READ, { id });
    expect(read.data.media.publication).toBe("PUBLISHED");

    const draft = await agent.graphql(CREATE, { input: mediaInput({ title: "Brouillon", publication: "DRAFT" }) });
    const draftId = draft.data.createMedia.id as string;
    const edited = await agent.rest(
      "PUT",
      `/api/media/update/${draftId}`,
      legacyBody(mediaInput({ title: "Brouillon revu" })),
    );
    expect(edited.status).toBe(200);
    expect((await agent.graphql(READ, { id: draftId })).data.media).toMatchObject({
      title: "Brouillon revu",
      publication: "DRAFT",
    });
    // REST says what it is, and, as an extension, keeps, schedules or publishes it (any case).
    expect((await agent.rest("GET", `/api/media/current/${draftId}`)).body).toMatchObject({
      publication: "draft",
      publishAt: null,
    });
    const at = inMinutes(90);
    const scheduled = await agent.rest("PUT", `/api/media/update/${draftId}`, {
      ...legacyBody(mediaInput({ title: "Brouillon revu" })),
      publication: "Scheduled",
      publishAt: at.toISOString(),
    });
    expect(scheduled).toMatchObject({ status: 200, body: { publication: "scheduled", publishAt: at.toISOString() } });
    const published = await agent.rest("PUT", `/api/media/update/${draftId}`, {
      ...legacyBody(mediaInput({ title: "Brouillon revu" })),
      publication: "published",
    });
    expect(published).toMatchObject({ status: 200, body: { publication: "published", publishAt: null } });
    const kept = await agent.rest("POST", "/api/media/add", {
      ...legacyBody(mediaInput({ title: "Gardé pour plus tard" })),
      publication: "draft",
    });
    expect((await agent.graphql(READ, { id: kept.body as string })).data.media.publication).toBe("DRAFT");
  });
});
