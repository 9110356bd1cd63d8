import { type DataSource, type SelectQueryBuilder } from "typeorm";
import type { Viewer } from "../../policies/viewer";
import { mediaVisibility } from "../../policies/media.policy";
import { requirePartner } from "../../policies/account.policy";
import {
  bitsCriterion,
  FacetFilter,
  type FacetGroup,
  measuredGroups,
  PROBED_WINDOW,
  type RowCriterion,
  whereRow,
  wordGroups,
} from "../common/facets";
import { COUNT_CAP, cappedCount, countedPage, dateParameter, type PageOfIds } from "../common/search-page";
import { Media } from "../media/media.entity";
import { EventTiming, type MediaSearchInput } from "../media/media.inputs";
import { Age, Category, Thematic } from "../reference/reference.data";
import { DEFAULT_RADIUS_KM } from "../../shared/search-limits";
import { type EventsAround, eventsNearPage } from "./events-near";
import { facetSearchPage, groupItems } from "./facet-rows";
import { MEDIA_FACETS, MediaListPages, pageOfPart, PROBED_LIST_WINDOW } from "./media-lists";
import { type MediaCriteria, type MediaPlan, mediaNeedsSizes, type MeasuredGroups, planMediaSearch } from "./plans";

/**
 * A media search as its plan's executor reads it: the media query holding the row criteria
 * (categories, ages, themes, visibility, dates), the criteria a facet row carries too (`row`),
 * and the facet criteria (`groups`).
 */
export interface MediaSearch extends MediaCriteria {
  qb: SelectQueryBuilder<Media>;
  row: RowCriterion[];
  groups: FacetGroup[];
  /** The place searched around (`near`), when there is one. */
  around: EventsAround | null;
  offset: number;
  size: number;
}

/**
 * The criteria of a media search (`locations`: the places asked, each town with its EPCI).
 * Criteria on the row (categories, ages, themes, visibility, dates) are tested inside the list's
 * index; facet criteria (places, networks, owner, words) drive the search from the narrowest
 * one's most recent candidates (see docs/ARCHITECTURE.md, « Searching »).
 */
export function mediaSearch(
  dataSource: DataSource,
  viewer: Viewer,
  input: MediaSearchInput,
  locations: readonly string[],
): MediaSearch {
  const qb = dataSource.getRepository(Media).createQueryBuilder("m").select("m.id", "id");
  const facets = new FacetFilter(qb, MEDIA_FACETS);
  // Criteria that facet rows carry too: tested on the media and on the driving facet rows.
  const row: RowCriterion[] = [
    ...bitsCriterion("categoryBits", Object.values(Category), input.categories),
    ...bitsCriterion("ageBits", Object.values(Age), input.ages),
    ...bitsCriterion("thematicBits", Object.values(Thematic), input.thematics),
  ];
  // Drafts and scheduled articles are listed to their authors only, in « Mes articles ».
  if (!input.mine) row.push({ column: "published", equals: 1 });
  // Whether the facet rows answer every criterion (else the media row is read too).
  let facetRowsSuffice = true;

  const visibility = mediaVisibility(viewer);
  if (visibility.kind !== "everything") {
    const allowed = [];
    if (visibility.networks.length > 0) allowed.push(facets.exists({ facet: "network", values: visibility.networks }));
    if (visibility.authorId) allowed.push(facets.exists({ facet: "owner", values: [visibility.authorId] }));
    if (allowed.length === 0) row.push({ column: "restricted", equals: 0 });
    else {
      qb.andWhere(`(m.restricted = 0 OR ${allowed.join(" OR ")})`);
      facetRowsSuffice = false;
    }
  }
  whereRow(qb, "m", row);

  // Event filters: the event's period meets [eventFrom, eventTo]; its address has every word of
  // eventPlace (its `place` facet rows, as words are found: whole, or a beginning from 3 letters).
  if (input.eventFrom) {
    qb.andWhere("m.eventEnd >= :eventFrom", { eventFrom: dateParameter(dataSource, input.eventFrom) });
  }
  if (input.eventTo) {
    qb.andWhere("m.eventFrom <= :eventTo", { eventTo: dateParameter(dataSource, input.eventTo) });
  }
  if (input.eventFrom || input.eventTo) facetRowsSuffice = false;
  const placeWords = wordGroups(input.eventPlace, "place");

  const groups: FacetGroup[] = [];
  if (locations.length > 0) groups.push({ facet: "location", values: locations });
  if (input.networks?.length) groups.push({ facet: "network", values: input.networks });
  if (input.mine) groups.push({ facet: "owner", values: [requirePartner(viewer).id] });
  groups.push(...wordGroups(input.textQuery), ...placeWords);

  const timing = input.eventTiming ?? null;
  // A timing keeps events only (other media have no end date), in that timing's order; so do
  // event dates and an event place, and such a list is in the events' order too (upcoming first).
  if (timing) {
    qb.andWhere(`m.eventEnd ${timing === EventTiming.UPCOMING ? ">=" : "<"} :now`, {
      now: dateParameter(dataSource, new Date()),
    });
    facetRowsSuffice = false;
  }
  // Around a place: the events with a position within the radius (other media have no band).
  const around = input.near
    ? { centre: { lat: input.near.lat, lon: input.near.lon }, radiusKm: input.near.radiusKm ?? DEFAULT_RADIUS_KM }
    : null;
  const eventsOnly =
    timing !== null ||
    Boolean(input.eventFrom || input.eventTo) ||
    placeWords.length > 0 ||
    around !== null ||
    (input.categories?.length === 1 && input.categories[0] === Category.EVENT);
  return {
    qb,
    row,
    groups,
    facetRowsSuffice,
    eventsOnly,
    timing,
    near: around !== null,
    around,
    offset: input.page * input.pageSize,
    size: input.pageSize,
  };
}

/**
 * One page of ids of a media search, newest first (events only: upcoming by start date, then
 * past ones), and the plan that read it: its facet criteria measured when the planner needs
 * their sizes, then planned (planMediaSearch), then read by the plan's executor. `groups`: the
 * facet criteria as read (a word no item uses whole then looked for as a beginning).
 */
export async function searchMediaIds(
  dataSource: DataSource,
  search: MediaSearch,
): Promise<{ plan: MediaPlan; page: PageOfIds; groups: readonly FacetGroup[] }> {
  const measured = mediaNeedsSizes(search)
    ? await measuredGroups(dataSource, MEDIA_FACETS, search.groups, search.row)
    : null;
  const plan = planMediaSearch(search, measured);
  return { plan, ...(await runMediaPlan(dataSource, plan, search, measured)) };
}

/**
 * The executor of each media plan (`measured`: the facet criteria measured, when planned on
 * them): the page, and the facet criteria as it read them.
 */
export async function runMediaPlan(
  dataSource: DataSource,
  plan: MediaPlan,
  search: MediaSearch,
  measured: MeasuredGroups | null,
): Promise<{ page: PageOfIds; groups: readonly FacetGroup[] }> {
  if (plan.kind === "events-around-place") {
    if (!search.around) throw new Error("events-around-place: no place.");
    return eventsNearPage(dataSource, search, search.around);
  }
  return { page: await readMediaPage(dataSource, plan, search, measured), groups: measured?.groups ?? search.groups };
}

async function readMediaPage(
  dataSource: DataSource,
  plan: Exclude<MediaPlan, { kind: "events-around-place" }>,
  search: MediaSearch,
  measured: MeasuredGroups | null,
): Promise<PageOfIds> {
  const { qb, row, groups, offset, size, timing } = search;
  const lists = new MediaListPages(dataSource);
  switch (plan.kind) {
    case "events-by-date":
      return lists.eventsPage(qb, offset, size, timing);
    case "newest-first-scan":
      qb.orderBy("m.createdAt", "DESC").addOrderBy("m.id", "DESC");
      return countedPage(dataSource, qb, offset, size, COUNT_CAP);
    case "facet-rows":
      return facetSearchPage(dataSource, MEDIA_FACETS, groups, row, offset, size);
  }
  if (!measured) throw new Error(`${plan.kind}: the facet criteria were not measured.`);
  const probes = measured.groups;
  switch (plan.kind) {
    case "events-by-date-probed": {
      // Every event of one group, upcoming and past, when nothing but its facet rows says
      // which: counted from the group's index, as a list without facets is from the media's.
      const total = plan.countFromGroup
        ? await cappedCount(dataSource, groupItems(dataSource, MEDIA_FACETS, probes[0], row), COUNT_CAP)
        : null;
      return lists.eventsPage(qb, offset, size, timing, probes, total);
    }
    case "newest-first-probed": {
      qb.orderBy("m.createdAt", "DESC").addOrderBy("m.id", "DESC");
      const part = await lists.listPart(qb, probes, offset, size, COUNT_CAP, PROBED_LIST_WINDOW);
      return pageOfPart(part, offset);
    }
    case "facet-driven":
      return facetDrivenPage(dataSource, search, measured, plan.drive, plan.order);
  }
}

/**
 * The narrowest criterion drives, joined to the media (the viewer's networks, event dates or
 * order); the count probes its PROBED_WINDOW most recent rows.
 */
async function facetDrivenPage(
  dataSource: DataSource,
  { qb, row, offset, size }: MediaSearch,
  measured: MeasuredGroups,
  narrowest: number,
  order: "newest" | "upcoming" | "past" | "upcoming-then-past",
): Promise<PageOfIds> {
  const drive = measured.groups[narrowest];
  const others = measured.groups.filter((_, index) => index !== narrowest);
  const pageQuery = qb.clone();
  const filter = new FacetFilter(pageQuery, MEDIA_FACETS, "p");
  if (order === "upcoming") {
    filter.drive(drive, row, { window: true });
    pageQuery.orderBy("m.eventFrom", "ASC").addOrderBy("m.id", "ASC");
  } else if (order === "past") {
    filter.drive(drive, row, { window: true });
    pageQuery.orderBy("m.eventFrom", "DESC").addOrderBy("m.id", "DESC");
  } else if (order === "upcoming-then-past") {
    filter.drive(drive, row, { window: true });
    pageQuery
      .orderBy("CASE WHEN m.eventEnd >= :now THEN 0 ELSE 1 END", "ASC")
      .addOrderBy("CASE WHEN m.eventEnd >= :now THEN m.eventFrom END", "ASC")
      .addOrderBy("m.eventFrom", "DESC")
      .addOrderBy("m.id", "ASC")
      .setParameter("now", dateParameter(dataSource, new Date()));
  } else {
    const [at, id] = filter.drive(drive, row, { window: false });
    pageQuery.orderBy(at, "DESC").addOrderBy(id, "DESC");
  }
  others.forEach((group) => filter.require(group));
  const countQuery = qb.clone();
  const counter = new FacetFilter(countQuery, MEDIA_FACETS, "c");
  counter.drive(drive, row, { window: true }, PROBED_WINDOW);
  others.forEach((group) => counter.require(group));
  return countedPage(dataSource, pageQuery, offset, size, COUNT_CAP, {
    countQuery,
    candidatesCapped: measured.sizes[narrowest] >= PROBED_WINDOW,
  });
}
