import { type DataSource, type SelectQueryBuilder } from "typeorm";
import { asPrefix, FacetFilter, type FacetGroup } from "../common/facets";
import { COUNT_CAP, countedPage, dateParameter, type PageOfIds, rawDate } from "../common/search-page";
import { boundingBox, distanceSql, latitudeBands } from "../geo/distance";
import { type Media } from "../media/media.entity";
import { EventTiming } from "../media/media.inputs";
import { MEDIA_FACETS, PROBED_LIST_WINDOW, UPCOMING_CAP } from "./media-lists";

/** A place to search events around: its point and radius. */
export interface EventsAround {
  centre: { lat: number; lon: number };
  radiusKm: number;
}

/**
 * What the events' searches around a place read of a media search (MediaSearch): the media query
 * holding its row criteria, visibility and timing, its facet criteria, and its page.
 */
export interface EventsSearch {
  qb: SelectQueryBuilder<Media>;
  groups: readonly FacetGroup[];
  timing: EventTiming | null;
  offset: number;
  size: number;
}

/**
 * Keeps the events within the radius: in each latitude band the box crosses, its longitudes
 * (the range of IDX_media_event_position; only events with a position have a band), then the
 * great-circle distance computed by the database. The date indexes hold the position too: an
 * engine that reads a period's dates instead tests the box on their entries.
 */
export function withinRadius<T extends SelectQueryBuilder<Media>>(qb: T, { centre, radiusKm }: EventsAround): T {
  const box = boundingBox(centre, radiusKm);
  qb.andWhere(
    "m.eventLatitudeBand IN (:...nearBands) AND m.longitude BETWEEN :nearMinLon AND :nearMaxLon " +
      "AND m.latitude BETWEEN :nearMinLat AND :nearMaxLat",
    {
      nearBands: latitudeBands(box.minLat, box.maxLat),
      nearMinLon: box.minLon,
      nearMaxLon: box.maxLon,
      nearMinLat: box.minLat,
      nearMaxLat: box.maxLat,
    },
  );
  qb.andWhere(`${distanceSql("m")} <= :nearRadiusKm`, {
    nearLat: centre.lat,
    nearLon: centre.lon,
    nearRadiusKm: radiusKm,
  });
  return qb;
}

/**
 * The events' order (MediaListPages.eventsPage's): those not over yet by start date, the past
 * ones most recent first; without a timing, the first before the second.
 */
function inEventsOrder(dataSource: DataSource, qb: SelectQueryBuilder<Media>, timing: EventTiming | null): void {
  if (timing === EventTiming.UPCOMING) {
    qb.orderBy("m.eventFrom", "ASC").addOrderBy("m.id", "ASC");
  } else if (timing === EventTiming.PAST) {
    qb.orderBy("m.eventFrom", "DESC").addOrderBy("m.id", "DESC");
  } else {
    // Upcoming ones are ordered by their own keys (null for the past ones, which tie there).
    qb.orderBy("CASE WHEN m.eventEnd >= :nearNow THEN 0 ELSE 1 END", "ASC")
      .addOrderBy("CASE WHEN m.eventEnd >= :nearNow THEN m.eventFrom END", "ASC")
      .addOrderBy("CASE WHEN m.eventEnd >= :nearNow THEN m.id END", "ASC")
      .addOrderBy("m.eventFrom", "DESC")
      .addOrderBy("m.id", "DESC")
      .setParameter("nearNow", dateParameter(dataSource, new Date()));
  }
}

/**
 * The executor of `events-around-place`: one page of the events within the radius, in the
 * events' order, with its count (exact up to the list's cap). The radius bounds what is read:
 * the box's entries of an index that holds every column the search tests, the facet criteria
 * probed on each. A word no event of the search uses whole is then looked for as the beginning
 * of a word (a second read), as around a place in the services list. Answers the facet
 * criteria as read.
 */
export async function eventsNearPage(
  dataSource: DataSource,
  search: EventsSearch,
  around: EventsAround,
): Promise<{ page: PageOfIds; groups: readonly FacetGroup[] }> {
  const read = (groups: readonly FacetGroup[]) => {
    const qb = withinRadius(search.qb.clone(), around);
    const filter = new FacetFilter(qb, MEDIA_FACETS, "n");
    groups.forEach((group) => filter.require(group));
    inEventsOrder(dataSource, qb, search.timing);
    const cap = search.timing === EventTiming.UPCOMING ? UPCOMING_CAP : COUNT_CAP;
    return countedPage(dataSource, qb, search.offset, search.size, cap);
  };
  const page = await read(search.groups);
  if (page.count > 0 || !search.groups.some((group) => group.orPrefix)) return { page, groups: search.groups };
  const widened = search.groups.map((group) => (group.orPrefix ? asPrefix(group) : group));
  return { page: await read(widened), groups: widened };
}

/**
 * When the events of a period are none: the start of the first event after it that the search
 * finds otherwise (`search`: built without the period; `groups`: its facet criteria as the
 * period's search read them), within the radius when there is a place; null when there is none.
 * One statement, bounded: a date index read from `after` in order and stopped at the first
 * match (or the box's entries, around a place); with facet criteria, they are probed on the
 * first PROBED_LIST_WINDOW events after the period only.
 */
export async function nextEventStart(
  dataSource: DataSource,
  search: Pick<EventsSearch, "qb" | "groups">,
  around: EventsAround | null,
  after: Date,
): Promise<Date | null> {
  const qb = search.qb
    .clone()
    .select("m.id", "id")
    .addSelect("m.eventFrom", "eventFrom")
    .andWhere("m.eventFrom > :nextAfter", { nextAfter: dateParameter(dataSource, after) })
    .orderBy("m.eventFrom", "ASC")
    .addOrderBy("m.id", "ASC");
  if (around) withinRadius(qb, around);
  if (search.groups.length === 0) {
    const first = await qb.limit(1).getRawOne<{ eventFrom: Date | string }>();
    return first ? rawDate(first.eventFrom) : null;
  }
  const candidates = qb.limit(PROBED_LIST_WINDOW);
  const probed = dataSource
    .createQueryBuilder()
    .select("w.eventFrom", "eventFrom")
    .from(`(${candidates.getQuery()})`, "w")
    .setParameters(candidates.getParameters());
  const filter = new FacetFilter(probed, MEDIA_FACETS, "x", "w.id");
  search.groups.forEach((group) => filter.require(group));
  const first = await probed
    .orderBy("w.eventFrom", "ASC")
    .addOrderBy("w.id", "ASC")
    .limit(1)
    .getRawOne<{ eventFrom: Date | string }>();
  return first ? rawDate(first.eventFrom) : null;
}
