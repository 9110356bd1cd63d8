import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { walkPages } from "../../../test/walk-pages";
import { ANONYMOUS, type Viewer } from "../../policies/viewer";
import { bitsOf } from "../common/bits";
import { insertRows } from "../common/facets";
import { dateParameter } from "../common/search-page";
import { MediaFacet } from "../media/media-facet.entity";
import { mediaFacets, mediaRecord } from "../media/media-record";
import { Media } from "../media/media.entity";
import { EventTiming, type MediaSearchInput } from "../media/media.inputs";
import { Age, Category, Network, Role, Thematic } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { mediaSearch, searchMediaIds } from "./media-search";
import { type MediaPlan } from "./plans";

/**
 * Each media plan against a plain query of the same criteria: generated media with ties (many
 * share a publication time, a title, an event's dates), restricted ones (a network's), drafts
 * and other authors' media; every page of each search, walked to the end from the plan's
 * executor, is the plain query's answer in its order, and every count covers the pages served
 * without saying more than there are.
 */
describe("media search plans against a plain query", () => {
  const t = useTestPortal();
  const MEDIA = 1500;
  const TOWN = ["Alphaville", "CC Alpha"];
  const author = randomUUID();
  const member: Viewer = {
    user: Object.assign(new User(), { id: author, role: Role.FULL_PARTNER, networks: [Network.RPE] }),
    role: Role.FULL_PARTNER,
  };
  const now = new Date();
  const hour = 3_600_000;

  /**
   * MEDIA media: every other one an event (its dates shared by a tenth of the events, some
   * upcoming, most past), nine in ten in Alphaville, in groups of seven published at the same
   * second, four titles; one in ten restricted to a network, one in thirteen a draft, one in
   * five by `author`.
   */
  const seed = async () => {
    const base = Date.UTC(2026, 0, 1);
    const titles = ["Atelier éveil musical", "Lecture au jardin", "Sortie nature en famille", "Atelier cuisine"];
    const records = Array.from({ length: MEDIA }, (_, i) => {
      const event = i % 2 === 0;
      const from = new Date(now.getTime() + ((i % 20) - 14) * 24 * hour + 60_000);
      return mediaRecord(
        {
          title: titles[i % titles.length],
          article: JSON.stringify({ ops: [{ insert: "Pour les familles du territoire.\n" }] }),
          description: null,
          mainPicture: null,
          categories: event ? [Category.EVENT] : [i % 3 === 0 ? Category.RESOURCE : Category.NEW],
          userIds: i % 5 === 0 ? [author] : [randomUUID()],
          files: [],
          ages: [Object.values(Age)[i % 3]],
          thematics: [Thematic.PARENT_CHILD_RELATIONSHIPS],
          epci: [i % 10 === 9 ? "CC Beta" : "CC Alpha"],
          city: [i % 10 === 9 ? "Betaville" : "Alphaville"],
          networks: i % 10 === 3 ? [Network.RPE] : i % 10 === 4 || i % 10 === 7 ? [Network.EAJE] : [],
          eventFrom: event ? from : null,
          eventTo: event ? new Date(from.getTime() + 2 * hour) : null,
          eventAddress: event ? (i % 4 === 0 ? "Salle des fêtes, Alphaville" : "Médiathèque, Betaville") : null,
          contactEmail: null,
          contactPhone: null,
          registrationUrl: null,
          latitude: null,
          longitude: null,
          published: i % 13 !== 5,
          createdAt: new Date(base + Math.floor(i / 7) * 1000),
        },
        now,
      );
    });
    await t.portal.dataSource.transaction(async (manager) => {
      await insertRows(manager, Media, records);
      await insertRows(manager, MediaFacet, records.flatMap(mediaFacets));
    });
  };

  /** Criteria of a plain query on the media table (facet rows only say a media has a word or a place). */
  interface Plain {
    viewer: Viewer;
    mine?: boolean;
    words?: string[];
    places?: string[];
    ages?: Age[];
    event?: boolean;
    timing?: "upcoming" | "past";
    eventFrom?: Date;
  }

  /** The plain query: every criterion a WHERE on the media, in the list's order. */
  const plain = async (criteria: Plain, order: "newest" | "events" | "events-id-asc") => {
    const ds = t.portal.dataSource;
    const where: string[] = [];
    const parameters: unknown[] = [];
    const has = (facet: string, values: string[]) => {
      where.push(
        `m.id IN (SELECT f.mediaId FROM media_facet f WHERE f.facet = ? AND f.value IN (${values.map(() => "?").join(", ")}))`,
      );
      parameters.push(facet, ...values);
    };
    if (!criteria.mine) where.push("m.published = 1");
    const user = criteria.viewer.user;
    if (!user) where.push("m.restricted = 0");
    else {
      where.push(
        "(m.restricted = 0 OR m.id IN (SELECT f.mediaId FROM media_facet f WHERE " +
          "(f.facet = 'network' AND f.value IN (?, ?)) OR (f.facet = 'owner' AND f.value = ?)))",
      );
      parameters.push(...user.networks, Network.ALL, user.id);
    }
    if (criteria.mine) has("owner", [user!.id]);
    for (const word of criteria.words ?? []) has("word", [word]);
    if (criteria.places) has("location", criteria.places);
    if (criteria.ages) where.push(`(m.ageBits & ${bitsOf(Object.values(Age), criteria.ages)}) <> 0`);
    if (criteria.event) where.push(`(m.categoryBits & ${bitsOf(Object.values(Category), [Category.EVENT])}) <> 0`);
    if (criteria.eventFrom) {
      where.push("m.eventEnd >= ?");
      parameters.push(dateParameter(ds, criteria.eventFrom));
    }
    const read = async (extra: string, orderBy: string, more: unknown[] = []) =>
      (
        (await ds.query(`SELECT m.id FROM media m WHERE ${[...where, extra].join(" AND ")} ORDER BY ${orderBy}`, [
          ...parameters,
          ...more,
        ])) as { id: string }[]
      ).map((row) => row.id);
    if (order === "newest") return read("1 = 1", "m.createdAt DESC, m.id DESC");
    const at = dateParameter(ds, new Date());
    const upcoming = criteria.timing === "past" ? [] : await read("m.eventEnd >= ?", "m.eventFrom ASC, m.id ASC", [at]);
    const past =
      criteria.timing === "upcoming"
        ? []
        : await read("m.eventEnd < ?", `m.eventFrom DESC, m.id ${order === "events-id-asc" ? "ASC" : "DESC"}`, [at]);
    return [...upcoming, ...past];
  };

  /** Walks every page of a search from its plan's executor against `ids`; answers the plans met. */
  const walk = async (
    viewer: Viewer,
    input: Partial<MediaSearchInput>,
    ids: string[],
    options: { lastPageExact?: boolean },
  ) => {
    const plans = new Set<string>();
    await walkPages(
      async (page, pageSize) => {
        const ds = t.portal.dataSource;
        const search = mediaSearch(ds, viewer, { ...input, page, pageSize } as MediaSearchInput, input.locations ?? []);
        const found = await searchMediaIds(ds, search);
        plans.add(found.plan.kind);
        return { ...found.page, results: found.page.ids.map((id) => ({ id })) };
      },
      ids,
      options,
    );
    return [...plans];
  };

  /** Each search is read by `plan`, and answers what the plain query does. */
  const check = async (
    plan: MediaPlan["kind"],
    cases: Array<
      [Viewer, Partial<MediaSearchInput>, Plain, "newest" | "events" | "events-id-asc", { lastPageExact?: boolean }?]
    >,
  ) => {
    await seed();
    for (const [viewer, input, criteria, order, options = {}] of cases) {
      const ids = await plain(criteria, order);
      expect(ids.length, JSON.stringify(input)).toBeGreaterThan(0);
      expect(await walk(viewer, input, ids, options), JSON.stringify(input)).toEqual([plan]);
    }
  };

  it("newest-first-scan: every media the viewer may read, newest first, ties by id", async () => {
    await check("newest-first-scan", [
      [ANONYMOUS, {}, { viewer: ANONYMOUS }, "newest"],
      // More than COUNT_CAP: the last page gives the exact number, still called a minimum.
      [member, {}, { viewer: member }, "newest", { lastPageExact: false }],
      [ANONYMOUS, { ages: [Age.ENFANCE] }, { viewer: ANONYMOUS, ages: [Age.ENFANCE] }, "newest"],
    ]);
  }, 120_000);

  it("events-by-date: upcoming events by start date, then past ones, each part alone too", async () => {
    const from = new Date(now.getTime() - 5 * 24 * hour);
    await check("events-by-date", [
      [ANONYMOUS, { categories: [Category.EVENT] }, { viewer: ANONYMOUS, event: true }, "events"],
      [member, { eventTiming: EventTiming.PAST }, { viewer: member, event: true, timing: "past" }, "events"],
      [
        ANONYMOUS,
        { eventTiming: EventTiming.UPCOMING },
        { viewer: ANONYMOUS, event: true, timing: "upcoming" },
        "events",
      ],
      [member, { eventFrom: from }, { viewer: member, event: true, eventFrom: from }, "events"],
    ]);
  }, 120_000);

  it("facet-rows: words and places read from facet rows alone, newest first", async () => {
    await check("facet-rows", [
      [ANONYMOUS, { textQuery: "atelier" }, { viewer: ANONYMOUS, words: ["atelier"] }, "newest"],
      [
        ANONYMOUS,
        { textQuery: "lecture", locations: TOWN, ages: [Age.DEVENIR] },
        { viewer: ANONYMOUS, words: ["lecture"], places: TOWN, ages: [Age.DEVENIR] },
        "newest",
      ],
      [
        ANONYMOUS,
        { locations: ["Betaville", "CC Beta"] },
        { viewer: ANONYMOUS, places: ["Betaville", "CC Beta"] },
        "newest",
      ],
    ]);
  }, 120_000);

  it("facet-driven: the narrowest criterion joined to the media, in each list's order", async () => {
    await check("facet-driven", [
      [member, { textQuery: "lecture" }, { viewer: member, words: ["lecture"] }, "newest"],
      [member, { mine: true }, { viewer: member, mine: true }, "newest"],
      // Two criteria past the window: the word (one value) drives, read in its index's order;
      // counted among its first PROBED_WINDOW rows, the last page's count is called a minimum.
      [
        member,
        { textQuery: "famille", locations: TOWN },
        { viewer: member, words: ["famille"], places: TOWN },
        "newest",
        { lastPageExact: false },
      ],
      [
        ANONYMOUS,
        { textQuery: "musical", eventTiming: EventTiming.UPCOMING },
        { viewer: ANONYMOUS, words: ["musical"], event: true, timing: "upcoming" },
        "events",
      ],
      [
        member,
        { textQuery: "musical", eventTiming: EventTiming.PAST },
        { viewer: member, words: ["musical"], event: true, timing: "past" },
        "events",
      ],
      // Upcoming, then past: here past events of the same start are by id ascending (the other
      // events plans take them by id descending).
      [
        member,
        { textQuery: "musical", categories: [Category.EVENT] },
        { viewer: member, words: ["musical"], event: true },
        "events-id-asc",
      ],
    ]);
  }, 120_000);

  it("newest-first-probed: past a window of a place's candidates, the media probed newest first", async () => {
    await check("newest-first-probed", [
      [member, { locations: TOWN }, { viewer: member, places: TOWN }, "newest"],
      [
        member,
        { locations: TOWN, ages: [Age.DEVENIR, Age.PETITE_ENFANCE] },
        { viewer: member, places: TOWN, ages: [Age.DEVENIR, Age.PETITE_ENFANCE] },
        "newest",
      ],
    ]);
  }, 120_000);

  it("events-by-date-probed: past a window of candidates, events by date, each probed", async () => {
    await check("events-by-date-probed", [
      [
        ANONYMOUS,
        { categories: [Category.EVENT], textQuery: "famille" },
        { viewer: ANONYMOUS, event: true, words: ["famille"] },
        "events",
      ],
      [
        member,
        { categories: [Category.EVENT], locations: TOWN },
        { viewer: member, event: true, places: TOWN },
        "events",
      ],
      [
        ANONYMOUS,
        { eventTiming: EventTiming.PAST, locations: TOWN },
        { viewer: ANONYMOUS, event: true, timing: "past", places: TOWN },
        "events",
      ],
    ]);
  }, 120_000);
});
