import { type DataSource, type SelectQueryBuilder } from "typeorm";
import { FacetFilter, type FacetGroup, type FacetTable } from "../common/facets";
import { COUNT_CAP, cappedCount, countedIds, dateParameter, type PageOfIds, reachedBy } from "../common/search-page";
import { type Media } from "../media/media.entity";
import { EventTiming } from "../media/media.inputs";

/** Media facet rows are read newest first, like the lists they serve. */
export const MEDIA_FACETS: FacetTable = { table: "media_facet", owner: "mediaId", sort: "sortAt", direction: "DESC" };

/** Upcoming events are counted exactly up to this many (a département has far fewer). */
export const UPCOMING_CAP = 10_000;

/**
 * A list read in its own order, each item probed for facet criteria, is counted among its first
 * this many items: beyond, the count is a minimum (« plus de … »).
 */
export const PROBED_LIST_WINDOW = 2000;

/** One part of a list (upcoming or past events, or the whole list): a page of it and its count. */
export interface ListPart {
  ids: string[];
  more: boolean;
  /** Its matches, exact unless `minimum` (then at least this many). */
  counted: number;
  minimum: boolean;
}

/**
 * The media lists read in an order of their own: events by date (upcoming, then past), and,
 * when a criterion has more candidates than a window holds, any list read from the media's
 * indexes with its facet criteria probed on each media (see MediaService.search).
 */
export class MediaListPages {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Events only: upcoming ones by start date (from the index on their end), then past ones, most
   * recent first (from the index on their start). With a timing, only that part (the query
   * already holds its condition). `probes`: facet criteria tested on each event read.
   */
  async eventsPage(
    qb: SelectQueryBuilder<Media>,
    offset: number,
    size: number,
    timing: EventTiming | null,
    probes: readonly FacetGroup[] = [],
    /** Without a timing, all the events matching, counted up to COUNT_CAP + 1 elsewhere. */
    total: number | null = null,
  ): Promise<PageOfIds> {
    if (timing === EventTiming.UPCOMING) {
      qb.orderBy("m.eventFrom", "ASC").addOrderBy("m.id", "ASC");
      return pageOfPart(await this.listPart(qb, probes, offset, size, UPCOMING_CAP, UPCOMING_CAP), offset);
    }
    if (timing === EventTiming.PAST) {
      qb.orderBy("m.eventFrom", "DESC").addOrderBy("m.id", "DESC");
      return pageOfPart(await this.listPart(qb, probes, offset, size, COUNT_CAP, PROBED_LIST_WINDOW), offset);
    }
    const now = dateParameter(this.dataSource, new Date());
    const upcoming = qb
      .clone()
      .andWhere("m.eventEnd >= :now", { now })
      .orderBy("m.eventFrom", "ASC")
      .addOrderBy("m.id", "ASC");
    const past = qb
      .clone()
      .andWhere("m.eventEnd < :now", { now })
      .orderBy("m.eventFrom", "DESC")
      .addOrderBy("m.id", "DESC");
    // Each part's page and count in one statement (two when probed); the past is counted
    // alone when the upcoming events fill the page.
    // The upcoming ones are counted whatever `total` says: the past's page starts after them.
    const first = await this.listPart(upcoming, probes, offset, size, UPCOMING_CAP, UPCOMING_CAP);
    const ids = [...first.ids];
    let more = first.more;
    const pastWindow = total === null ? PROBED_LIST_WINDOW : null;
    let rest: Pick<ListPart, "counted" | "minimum">;
    // Read to the end of the past events (after every upcoming one): the count is where it ends.
    let endReached = false;
    if (ids.length < size) {
      const pastOffset = Math.max(0, offset - first.counted);
      const read = await this.listPart(past, probes, pastOffset, size - ids.length, COUNT_CAP, pastWindow);
      ids.push(...read.ids);
      more = read.more;
      rest = read;
      endReached = !more && !first.minimum && (ids.length > 0 || offset === 0);
    } else {
      rest = await this.partCount(past, probes, COUNT_CAP, pastWindow);
    }
    if (endReached) return { ids, count: offset + ids.length, countIsMinimum: false };
    const reached = reachedBy(offset, ids.length, more);
    if (total !== null) {
      if (total <= COUNT_CAP) return { ids, count: total, countIsMinimum: false };
      return { ids, count: Math.max(COUNT_CAP, reached), countIsMinimum: true };
    }
    const counted = first.counted + rest.counted;
    if (!first.minimum && !rest.minimum) return { ids, count: counted, countIsMinimum: false };
    return { ids, count: Math.max(counted, reached), countIsMinimum: true };
  }

  /**
   * A page of an ordered query of media ids and its count up to `cap`. With probes, the page is
   * the query's matches in its order (read as far as the page needs), and the count is taken
   * among the query's first `window` items (none: not counted, the caller knows the count).
   */
  async listPart(
    query: SelectQueryBuilder<Media>,
    probes: readonly FacetGroup[],
    offset: number,
    size: number,
    cap: number,
    window: number | null,
  ): Promise<ListPart> {
    if (probes.length === 0) {
      const { ids, more, counted } = await countedIds(this.dataSource, query, query, offset, size, cap);
      return { ids, more, counted: Math.min(counted, cap), minimum: counted > cap };
    }
    const probed = query.clone();
    const filter = new FacetFilter(probed, MEDIA_FACETS, "p");
    probes.forEach((group) => filter.require(group));
    const rows: Array<{ id: string }> = await probed
      .offset(offset)
      .limit(size + 1)
      .getRawMany();
    return {
      ids: rows.slice(0, size).map((row) => row.id),
      more: rows.length > size,
      ...(await this.partCount(query, probes, cap, window)),
    };
  }

  /**
   * How many of an ordered query's media match the probes, up to `cap`: its first `window`
   * items are probed, in one statement that also says whether the window held them all.
   */
  async partCount(
    query: SelectQueryBuilder<Media>,
    probes: readonly FacetGroup[],
    cap: number,
    window: number | null,
  ): Promise<Pick<ListPart, "counted" | "minimum">> {
    if (window === null) return { counted: 0, minimum: false };
    if (probes.length === 0) {
      const counted = await cappedCount(this.dataSource, query, cap);
      return { counted: Math.min(counted, cap), minimum: counted > cap };
    }
    const candidates = query.clone().offset(undefined).limit(window);
    const counter = this.dataSource
      .createQueryBuilder()
      .from(`(${candidates.getQuery()})`, "w")
      .setParameters(candidates.getParameters());
    const filter = new FacetFilter(counter, MEDIA_FACETS, "c", "w.id");
    const matched = probes.map((group) => filter.exists(group)).join(" AND ");
    const found = await counter
      .select("COUNT(*)", "candidates")
      .addSelect(`COALESCE(SUM(CASE WHEN ${matched} THEN 1 ELSE 0 END), 0)`, "matches")
      .getRawOne<{ candidates: number | string; matches: number | string }>();
    const matches = Number(found?.matches ?? 0);
    return {
      counted: Math.min(matches, cap),
      minimum: matches > cap || Number(found?.candidates ?? 0) >= window,
    };
  }
}

/**
 * A part read alone as a page: its count, or at least what the page reached when it is a minimum;
 * a page that ends the part (read in its order) knows its count.
 */
export function pageOfPart(part: ListPart, offset: number): PageOfIds {
  if (!part.minimum) return { ids: part.ids, count: part.counted, countIsMinimum: false };
  if (!part.more && (part.ids.length > 0 || offset === 0))
    return { ids: part.ids, count: offset + part.ids.length, countIsMinimum: false };
  const reached = reachedBy(offset, part.ids.length, part.more);
  return { ids: part.ids, count: Math.max(part.counted, reached), countIsMinimum: true };
}
