import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../../test/portal";
import { walkPages } from "../../../test/walk-pages";
import { ANONYMOUS, type Viewer } from "../../policies/viewer";
import { bitsOf } from "../common/bits";
import { insertRows } from "../common/facets";
import { dateParameter } from "../common/search-page";
import { distanceKm } from "../geo/distance";
import { MediaFacet } from "../media/media-facet.entity";
import { mediaFacets, mediaRecord } from "../media/media-record";
import { Media } from "../media/media.entity";
import { EventTiming, type MediaSearchInput } from "../media/media.inputs";
import { Age, Category, Network, Role, Thematic } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { mediaSearch, searchMediaIds } from "./media-search";

/**
 * `events-around-place` against a plain query of the same criteria: generated media around a
 * place, many at the same position (the same distance) and the same start, some just outside
 * the radius or without a position, news placed there too, restricted ones (a network's),
 * drafts and other authors' media. Every page of each search, walked to the end from the plan's
 * executor, is the plain query's answer in the events' order, and every count covers the pages
 * served without saying more than there are.
 */
describe("events-around-place against a plain query", () => {
  const t = useTestPortal();
  const MEDIA = 900;
  const CENTRE = { lat: 43.3325, lon: -0.4353 };
  const RADIUS_KM = 10;
  const NEAR = { lat: CENTRE.lat, lon: CENTRE.lon, radiusKm: RADIUS_KM };
  const author = randomUUID();
  const member: Viewer = {
    user: Object.assign(new User(), { id: author, role: Role.FULL_PARTNER, networks: [Network.RPE] }),
    role: Role.FULL_PARTNER,
  };
  const now = new Date();
  const hour = 3_600_000;
  const km = (north: number, east: number) => ({
    latitude: CENTRE.lat + north / 111.2,
    longitude: CENTRE.lon + east / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180)),
  });
  // The centre, points within the radius (one across a latitude band), just outside it, far
  // away, and none: each shared by a seventh of the media (the same distance).
  const POSITIONS = [km(0, 0), km(3, 0), km(0, -6), km(-5.5, 5.5), km(10.6, 0), km(30, 12), null];

  /**
   * MEDIA media: two in three events (their starts shared by a twentieth of them, some
   * upcoming, most past), the others news placed too; four titles; one in ten restricted to a
   * network (RPE), one in ten to another (EAJE), one in thirteen a draft, one in five by `author`.
   */
  const seed = async () => {
    const titles = ["Atelier éveil musical", "Lecture au jardin", "Sortie nature en famille", "Atelier cuisine"];
    const records = Array.from({ length: MEDIA }, (_, i) => {
      const event = i % 3 !== 2;
      const from = new Date(now.getTime() + ((i % 20) - 9) * 24 * hour + 60_000);
      const position = POSITIONS[i % POSITIONS.length];
      return mediaRecord(
        {
          title: titles[i % titles.length],
          article: JSON.stringify({ ops: [{ insert: "Pour les familles du territoire.\n" }] }),
          description: null,
          mainPicture: null,
          categories: event ? [Category.EVENT] : [Category.NEW],
          userIds: i % 5 === 0 ? [author] : [randomUUID()],
          files: [],
          ages: [Object.values(Age)[i % 3]],
          thematics: [Thematic.PARENT_CHILD_RELATIONSHIPS],
          epci: ["CC Alpha"],
          city: ["Alphaville"],
          networks: i % 10 === 3 ? [Network.RPE] : i % 10 === 4 ? [Network.EAJE] : [],
          eventFrom: event ? from : null,
          eventTo: event ? new Date(from.getTime() + 2 * hour) : null,
          eventAddress: event ? "Salle des fêtes, Alphaville" : null,
          contactEmail: null,
          contactPhone: null,
          registrationUrl: null,
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          published: i % 13 !== 5,
          createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 1000),
        },
        now,
      );
    });
    await t.portal.dataSource.transaction(async (manager) => {
      await insertRows(manager, Media, records);
      await insertRows(manager, MediaFacet, records.flatMap(mediaFacets));
    });
  };

  interface Plain {
    viewer: Viewer;
    ages?: Age[];
    /** Words each found whole (`word`) or as a beginning (`word*`). */
    words?: string[];
    timing?: "upcoming" | "past";
    eventFrom?: Date;
  }

  /**
   * Every criterion a WHERE on the media, in the events' order (upcoming by start date, then past
   * ones most recent first, ties by id); the radius tested here, on each event's position.
   */
  const plain = async (criteria: Plain) => {
    const ds = t.portal.dataSource;
    const where = ["m.published = 1", "m.eventEnd IS NOT NULL", "m.latitude IS NOT NULL", "m.longitude IS NOT NULL"];
    const parameters: unknown[] = [];
    const user = criteria.viewer.user;
    if (!user) where.push("m.restricted = 0");
    else {
      where.push(
        "(m.restricted = 0 OR m.id IN (SELECT f.mediaId FROM media_facet f WHERE " +
          "(f.facet = 'network' AND f.value IN (?, ?)) OR (f.facet = 'owner' AND f.value = ?)))",
      );
      parameters.push(...user.networks, Network.ALL, user.id);
    }
    for (const word of criteria.words ?? []) {
      const prefix = word.endsWith("*");
      where.push(
        `m.id IN (SELECT f.mediaId FROM media_facet f WHERE f.facet = 'word' AND f.value ${prefix ? "LIKE" : "="} ?)`,
      );
      parameters.push(prefix ? `${word.slice(0, -1)}%` : word);
    }
    if (criteria.ages) where.push(`(m.ageBits & ${bitsOf(Object.values(Age), criteria.ages)}) <> 0`);
    if (criteria.eventFrom) {
      where.push("m.eventEnd >= ?");
      parameters.push(dateParameter(ds, criteria.eventFrom));
    }
    const read = async (extra: string, orderBy: string) => {
      const rows: Array<{ id: string; latitude: number; longitude: number }> = await ds.query(
        `SELECT m.id, m.latitude, m.longitude FROM media m WHERE ${[...where, extra].join(" AND ")} ORDER BY ${orderBy}`,
        [...parameters, dateParameter(ds, new Date())],
      );
      return rows
        .filter((row) => distanceKm(CENTRE, { lat: Number(row.latitude), lon: Number(row.longitude) }) <= RADIUS_KM)
        .map((row) => row.id);
    };
    const upcoming = criteria.timing === "past" ? [] : await read("m.eventEnd >= ?", "m.eventFrom ASC, m.id ASC");
    const past = criteria.timing === "upcoming" ? [] : await read("m.eventEnd < ?", "m.eventFrom DESC, m.id DESC");
    return [...upcoming, ...past];
  };

  /** Walks every page of a search from its plan's executor against `ids` (`drop`: a row the executor loses). */
  const walk = async (viewer: Viewer, input: Partial<MediaSearchInput>, ids: string[], drop?: string) => {
    const plans = new Set<string>();
    await walkPages(async (page, pageSize) => {
      const ds = t.portal.dataSource;
      const search = mediaSearch(ds, viewer, { ...input, page, pageSize } as MediaSearchInput, []);
      const found = await searchMediaIds(ds, search);
      plans.add(found.plan.kind);
      return { ...found.page, results: found.page.ids.filter((id) => id !== drop).map((id) => ({ id })) };
    }, ids);
    return [...plans];
  };

  it("reads each search around a place as the plain query does, page after page", async () => {
    await seed();
    const from = new Date(now.getTime() - 5 * 24 * hour);
    const cases: Array<[Viewer, Partial<MediaSearchInput>, Plain]> = [
      [ANONYMOUS, { near: NEAR, categories: [Category.EVENT] }, { viewer: ANONYMOUS }],
      [member, { near: NEAR }, { viewer: member }],
      [ANONYMOUS, { near: NEAR, eventTiming: EventTiming.UPCOMING }, { viewer: ANONYMOUS, timing: "upcoming" }],
      [
        member,
        { near: NEAR, eventTiming: EventTiming.PAST, ages: [Age.PETITE_ENFANCE] },
        { viewer: member, timing: "past", ages: [Age.PETITE_ENFANCE] },
      ],
      [member, { near: NEAR, textQuery: "atelier" }, { viewer: member, words: ["atelier"] }],
      // No event uses « music » whole: it is looked for as the beginning of a word.
      [ANONYMOUS, { near: NEAR, textQuery: "music" }, { viewer: ANONYMOUS, words: ["music*"] }],
      [member, { near: NEAR, eventFrom: from }, { viewer: member, eventFrom: from }],
    ];
    for (const [viewer, input, criteria] of cases) {
      const ids = await plain(criteria);
      expect(ids.length, JSON.stringify(input)).toBeGreaterThan(30);
      expect(await walk(viewer, input, ids), JSON.stringify(input)).toEqual(["events-around-place"]);
    }
  }, 120_000);

  it("tells an executor that loses a row from one that does not", async () => {
    await seed();
    const ids = await plain({ viewer: ANONYMOUS });
    await expect(walk(ANONYMOUS, { near: NEAR }, ids, ids[130])).rejects.toThrow();
  }, 60_000);
});
