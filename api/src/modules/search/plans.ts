import { type FacetGroup, isRange, isSingle, PROBED_WINDOW } from "../common/facets";
import { EventTiming } from "../media/media.inputs";

/**
 * The search's planner: from a search's criteria (what they are, never their SQL) and the sizes
 * of its facet criteria, measured beforehand, the one plan that answers it. Pure: no database,
 * no clock. Each plan has one executor (media-search.ts, facet-rows.ts, service-search.ts,
 * account-search.ts, open-data-export.ts), and each executor a reference test that compares its
 * answers with a plain query of the same criteria.
 */

/** Facet criteria as measured (a word no item uses whole is then a prefix): each one's size up to PROBED_WINDOW. */
export interface MeasuredGroups {
  groups: FacetGroup[];
  sizes: number[];
}

/** The order a page is read in: news newest first; events upcoming by start date, past ones most recent first. */
export type ListOrder = "newest" | "upcoming" | "past" | "upcoming-then-past";

/** What planning a media search needs of its criteria. */
export interface MediaCriteria {
  /** Places, networks, the owner, words and event place words: criteria on facet rows. */
  groups: readonly FacetGroup[];
  /**
   * Whether the facet rows answer every criterion: no visibility probe (a network or an author
   * the viewer may read), no event dates, no timing.
   */
  facetRowsSuffice: boolean;
  /** Events only (a timing, event dates or place, a place to search around, the category EVENT alone): listed by date. */
  eventsOnly: boolean;
  timing: EventTiming | null;
  /** Around a place (`near`): the events within a radius. */
  near: boolean;
}

export type MediaPlan =
  /** No facet criterion: the media's own index, newest first, its row criteria tested inside it. */
  | { kind: "newest-first-scan" }
  /** No facet criterion, events only: upcoming by start date, then past (see MediaListPages.eventsPage). */
  | { kind: "events-by-date" }
  /** Every criterion on facet rows: no media row read (see FacetRowsPlan). */
  | { kind: "facet-rows" }
  /**
   * The narrowest criterion drives from its facet rows, joined to the media for what they do
   * not say; its count probes the driver's first PROBED_WINDOW rows.
   */
  | { kind: "facet-driven"; drive: number; order: ListOrder }
  /**
   * A driver past PROBED_WINDOW candidates, of several values: the media read newest first from
   * their own index, each probed for every facet criterion, counted among the first ones.
   */
  | { kind: "newest-first-probed" }
  /**
   * Events whose driver has PROBED_WINDOW candidates or more: read by date from the events'
   * indexes, each probed for every facet criterion. `countFromGroup`: without a timing, one
   * group that says everything is counted from its own index.
   */
  | { kind: "events-by-date-probed"; countFromGroup: boolean }
  /**
   * Events within a radius of a place, in the events' order: the box's range of the position
   * index (or of a date index, which holds the position too), every criterion tested on its
   * entries, the facet criteria probed; the radius bounds what is read, so nothing is measured.
   * A word no event of the search uses whole is then looked for as the beginning of a word.
   */
  | { kind: "events-around-place" };

/** Whether a media search must measure its facet criteria before it is planned. */
export function mediaNeedsSizes(criteria: MediaCriteria): boolean {
  return !criteria.near && criteria.groups.length > 0 && !(criteria.facetRowsSuffice && !criteria.eventsOnly);
}

/** The plan of a media search; `measured`: its facet criteria, when mediaNeedsSizes says so. */
export function planMediaSearch(criteria: MediaCriteria, measured: MeasuredGroups | null): MediaPlan {
  const { groups, facetRowsSuffice, eventsOnly, timing, near } = criteria;
  // A place first, as the services list does: its radius is narrower than any list's window.
  if (near) return { kind: "events-around-place" };
  if (groups.length === 0) return eventsOnly ? { kind: "events-by-date" } : { kind: "newest-first-scan" };
  if (facetRowsSuffice && !eventsOnly) return { kind: "facet-rows" };
  if (!measured) throw new Error("A media search with facet criteria is planned on their sizes.");
  const drive = narrowestGroup(measured.groups, measured.sizes);
  // A window of the driver's first candidates serves only when it holds them all, or when it is
  // read in the list's own order: events are listed by date, and a group of several values (a
  // town and its EPCI) is windowed. Past PROBED_WINDOW candidates, the media are read in the
  // list's order from their own indexes, each probed for every criterion.
  if (measured.sizes[drive] >= PROBED_WINDOW && (eventsOnly || !isSingle(measured.groups[drive]))) {
    if (!eventsOnly) return { kind: "newest-first-probed" };
    return {
      kind: "events-by-date-probed",
      countFromGroup: timing === null && facetRowsSuffice && measured.groups.length === 1,
    };
  }
  const order: ListOrder =
    timing === EventTiming.UPCOMING
      ? "upcoming"
      : timing === EventTiming.PAST
        ? "past"
        : eventsOnly
          ? "upcoming-then-past"
          : "newest";
  return { kind: "facet-driven", drive, order };
}

/**
 * A search whose criteria are all on facet rows (media of `facet-rows`, services by facets):
 * no item row is read, unless an item condition (a time inside a range) probes its candidates.
 */
export type FacetRowsPlan =
  /**
   * One criterion, no condition: its rows are the page, in the list's order; a word no item
   * uses whole is then looked for as the beginning of a word (a second read).
   */
  | { kind: "one-group" }
  /**
   * Several criteria, or conditions: measured, the narrowest drives in the list's order and
   * the others probe each candidate (see facetPage).
   */
  | { kind: "narrowest-drives"; drive: number };

/** Whether a facet-rows search must measure its criteria before it is planned. */
export const facetRowsNeedSizes = (groups: number, conditions: number): boolean => !(groups === 1 && conditions === 0);

/** The plan of a search on facet rows alone; `measured` when facetRowsNeedSizes says so. */
export function planFacetRows(groups: number, conditions: number, measured: MeasuredGroups | null): FacetRowsPlan {
  if (!facetRowsNeedSizes(groups, conditions)) return { kind: "one-group" };
  if (!measured) throw new Error("A search on several facet criteria is planned on their sizes.");
  return { kind: "narrowest-drives", drive: narrowestGroup(measured.groups, measured.sizes) };
}

/**
 * The group a search starts from: the smallest; among groups too large to count (at the cap),
 * one with a single value, which is read in its index's order instead of being grouped first.
 */
export function narrowestGroup(groups: readonly FacetGroup[], sizes: readonly number[]): number {
  const smallest = Math.min(...sizes);
  const candidates = sizes.map((size, index) => (size === smallest ? index : -1)).filter((index) => index >= 0);
  // Else the one of fewest values: each value is a part of its window (a town's EPCI has 159).
  const values = (index: number) => (isRange(groups[index]) ? Infinity : new Set(groups[index].values).size);
  return (
    candidates.find((index) => isSingle(groups[index])) ??
    candidates.reduce((best, index) => (values(index) < values(best) ? index : best))
  );
}

/** What planning a services search needs of its criteria. */
export interface ServiceCriteria {
  /** Around a place (`near`): nearest first. */
  near: boolean;
  /** Places, words, opening days, places available: criteria on facet rows. */
  groups: number;
}

export type ServicePlan =
  /**
   * Within a radius (the position index) and covering the place's EPCI (the `covers` facet
   * rows), nearest first, every other criterion probed; a word no service near the place uses
   * whole is then looked for as the beginning of a word.
   */
  | { kind: "around-place" }
  /** Facet criteria, by name, from the facet rows (see FacetRowsPlan). */
  | { kind: "facet-rows" }
  /** No facet criterion: the services' name index, types and ages tested inside it. */
  | { kind: "by-name-scan" };

export function planServiceSearch({ near, groups }: ServiceCriteria): ServicePlan {
  if (near) return { kind: "around-place" };
  return groups > 0 ? { kind: "facet-rows" } : { kind: "by-name-scan" };
}

/** The administrators' list of accounts: one plan, a page in the order asked with its totals. */
export type AccountPlan = { kind: "accounts-by-text" };
export const planAccountSearch = (): AccountPlan => ({ kind: "accounts-by-text" });

/** The open data export: one plan, every sheet in id order, a keyset batch at a time. */
export type OpenDataPlan = { kind: "keyset-by-id" };
export const planOpenDataExport = (): OpenDataPlan => ({ kind: "keyset-by-id" });
