import { availabilityCurrentSince, vacanciesOf } from "../../shared/availability";
import { isChildCare } from "../../shared/child-care";
import { DEFAULT_RADIUS_KM } from "../../shared/search-limits";
import { bitsOf } from "../common/bits";
import { type FacetGroup, wordGroups } from "../common/facets";
import { distanceKm } from "../geo/distance";
import type { GeoService } from "../geo/geo.service";
import { mediaFacets } from "../media/media-record";
import type { Media } from "../media/media.entity";
import { EventTiming } from "../media/media.inputs";
import { Age, Category, ServiceType, Thematic } from "../reference/reference.data";
import { dayCodeOf, type Weekday } from "../sheets/opening-hours.types";
import { serviceWordGroups } from "../sheets/service-words";
import { sheetFacets } from "../sheets/sheet.service";
import type { Sheet } from "../sheets/sheet.entity";
import { AlertList } from "./alert.entity";

/**
 * What is new for an alert, matched in memory against the candidates of a batch (the items
 * published or given places in the batch's window) with the list search's own semantics: the
 * same bit sets for categories, ages, themes and service types, the same facet values (built by
 * the same functions the search indexes with: mediaFacets, sheetFacets) for places, networks,
 * words, opening days and places available, the same radius around a place.
 */

/** The criteria of an alert as stored (the list's search input, dates as strings). */
interface StoredCriteria {
  textQuery?: string | null;
  categories?: Category[] | null;
  locations?: string[] | null;
  ages?: Age[] | null;
  thematics?: Thematic[] | null;
  networks?: string[] | null;
  types?: ServiceType[] | null;
  eventFrom?: string | null;
  eventTo?: string | null;
  eventTiming?: EventTiming | null;
  eventPlace?: string | null;
  near?: { lat: number; lon: number; radiusKm?: number | null } | null;
  openOn?: Weekday[] | null;
  withVacancies?: boolean | null;
}

/** A criterion on a bit set column: kept when the item has one of the bits. */
interface BitsTest {
  column: "categoryBits" | "ageBits" | "thematicBits" | "typeBits" | "ageBits";
  bits: number;
}

/** An alert's criteria, compiled once per run. */
export interface CompiledCriteria {
  list: AlertList;
  bits: BitsTest[];
  groups: FacetGroup[];
  eventsOnly: boolean;
  /** An alert on past events (nothing new can come): matches nothing. */
  never: boolean;
  eventFrom: Date | null;
  eventTo: Date | null;
  near: { centre: { lat: number; lon: number }; radiusKm: number; epci: string | null } | null;
}

/** The categories a list shows when the criteria name none (the pages' own defaults). */
const LIST_CATEGORIES: Record<AlertList, Category[] | null> = {
  [AlertList.NEWS]: [Category.NEW, Category.EVENT],
  [AlertList.EVENTS]: [Category.EVENT],
  [AlertList.RESOURCES]: [Category.RESOURCE],
  [AlertList.SERVICES]: null,
};

/** A bit set criterion on the values the reference knows (a value since removed is left out, never fatal). */
const bitsTest = <V extends string>(column: BitsTest["column"], all: readonly V[], values?: readonly V[] | null) => {
  const known = (values ?? []).filter((value) => all.includes(value));
  return known.length > 0 ? [{ column, bits: bitsOf(all, known) }] : [];
};

const parseDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** Compiles an alert's stored criteria (places expanded to their towns and EPCIs, words read as the search reads them). */
export async function compileCriteria(
  list: AlertList,
  json: string,
  geo: GeoService,
  now: Date,
): Promise<CompiledCriteria> {
  let criteria: StoredCriteria = {};
  try {
    criteria = (JSON.parse(json) as StoredCriteria | null) ?? {};
  } catch {
    // Unreadable criteria: the list without criteria.
  }
  const groups: FacetGroup[] = [];
  const locations = await geo.expandLocations(criteria.locations);
  if (locations.length > 0) groups.push({ facet: "location", values: locations });
  const near = criteria.near
    ? {
        centre: { lat: criteria.near.lat, lon: criteria.near.lon },
        radiusKm: criteria.near.radiusKm ?? DEFAULT_RADIUS_KM,
        epci: geo.townAt({ lat: criteria.near.lat, lon: criteria.near.lon })?.epci ?? null,
      }
    : null;
  if (list === AlertList.SERVICES) {
    groups.push(...serviceWordGroups(criteria.textQuery));
    if (criteria.openOn?.length) groups.push({ facet: "open", values: criteria.openOn.map(dayCodeOf) });
    if (criteria.withVacancies) groups.push({ facet: "vacancy", atLeast: availabilityCurrentSince(now) });
    return {
      list,
      bits: [
        ...bitsTest("typeBits", Object.values(ServiceType), criteria.types),
        ...bitsTest("ageBits", Object.values(Age), criteria.ages),
      ],
      groups,
      eventsOnly: false,
      never: false,
      eventFrom: null,
      eventTo: null,
      near,
    };
  }
  const categories = criteria.categories?.length ? criteria.categories : LIST_CATEGORIES[list];
  if (criteria.networks?.length) groups.push({ facet: "network", values: criteria.networks });
  const placeWords = wordGroups(criteria.eventPlace, "place");
  groups.push(...wordGroups(criteria.textQuery), ...placeWords);
  const eventFrom = parseDate(criteria.eventFrom);
  const eventTo = parseDate(criteria.eventTo);
  return {
    list,
    bits: [
      ...bitsTest("categoryBits", Object.values(Category), categories),
      ...bitsTest("ageBits", Object.values(Age), criteria.ages),
      ...bitsTest("thematicBits", Object.values(Thematic), criteria.thematics),
    ],
    groups,
    eventsOnly:
      list === AlertList.EVENTS ||
      Boolean(criteria.eventTiming || eventFrom || eventTo || near) ||
      placeWords.length > 0 ||
      (categories?.length === 1 && categories[0] === Category.EVENT),
    never: criteria.eventTiming === EventTiming.PAST,
    eventFrom,
    eventTo,
    near,
  };
}

/** A candidate's facet values, by facet (built as the search indexes them). */
type FacetValues = Map<string, string[]>;

const facetValues = (rows: ReadonlyArray<{ facet: string; value: string }>): FacetValues => {
  const values: FacetValues = new Map();
  for (const { facet, value } of rows) {
    const list = values.get(facet);
    if (list) list.push(value);
    else values.set(facet, [value]);
  }
  return values;
};

export interface MediaCandidate {
  kind: "media";
  media: Media;
  facets: FacetValues;
}

export interface SheetCandidate {
  kind: "sheet";
  sheet: Sheet;
  facets: FacetValues;
  /** New on the portal in the window, rather than giving places. */
  createdAt: Date;
  /** Places given (child care with places), when. */
  placesGivenAt: Date | null;
}

export const mediaCandidate = (media: Media): MediaCandidate => ({
  kind: "media",
  media,
  facets: facetValues(mediaFacets(media)),
});

export const sheetCandidate = (sheet: Sheet): SheetCandidate => ({
  kind: "sheet",
  sheet,
  facets: facetValues(sheetFacets(sheet)),
  createdAt: sheet.createdAt,
  placesGivenAt:
    sheet.availabilityGivenAt && sheet.availabilityGroups && isChildCare(sheet.types)
      ? vacanciesOf(sheet.availabilityGroups) > 0
        ? sheet.availabilityGivenAt
        : null
      : null,
});

/**
 * The words the candidates of a batch use whole: a word of three letters or more that none uses
 * whole is then looked for as the beginning of a word (as the search does when no item uses it).
 */
export function wholeWords(candidates: ReadonlyArray<{ facets: FacetValues }>): Set<string> {
  const words = new Set<string>();
  for (const candidate of candidates) {
    for (const facet of ["word", "place"]) for (const word of candidate.facets.get(facet) ?? []) words.add(word);
  }
  return words;
}

function hasGroup(facets: FacetValues, group: FacetGroup, whole: ReadonlySet<string>): boolean {
  const values = facets.get(group.facet) ?? [];
  if (group.atLeast !== undefined) return values.some((value) => value >= group.atLeast!);
  if (group.prefix !== undefined) return values.some((value) => value.startsWith(group.prefix!));
  const wanted = group.values ?? [];
  if (values.some((value) => wanted.includes(value))) return true;
  // « crech » finds « creche » when nothing new uses « crech » whole.
  const word = wanted[0];
  return group.orPrefix === true && !whole.has(word) && values.some((value) => value.startsWith(word));
}

const hasBits = (item: Record<BitsTest["column"], number>, bits: readonly BitsTest[]) =>
  bits.every(({ column, bits: wanted }) => (item[column] & wanted) !== 0);

/** Whether a new media is one the alert's list would show; its distance when searched around a place. */
export function matchMedia(
  criteria: CompiledCriteria,
  { media, facets }: MediaCandidate,
  whole: ReadonlySet<string>,
): { distanceKm: number | null } | null {
  if (criteria.never || criteria.list === AlertList.SERVICES) return null;
  if (!hasBits(media as unknown as Record<BitsTest["column"], number>, criteria.bits)) return null;
  if (criteria.eventsOnly && !media.eventEnd) return null;
  if (criteria.eventFrom && (!media.eventEnd || media.eventEnd < criteria.eventFrom)) return null;
  if (criteria.eventTo && (!media.eventFrom || media.eventFrom > criteria.eventTo)) return null;
  if (!criteria.groups.every((group) => hasGroup(facets, group, whole))) return null;
  if (!criteria.near) return { distanceKm: null };
  if (media.latitude === null || media.longitude === null) return null;
  const distance = distanceKm(criteria.near.centre, { lat: media.latitude, lon: media.longitude });
  return distance <= criteria.near.radiusKm ? { distanceKm: distance } : null;
}

/**
 * Whether a sheet new or given places is one the alert's list would show: around a place, within
 * the radius or covering the place's EPCI (as the list's « Intervient sur … »).
 */
export function matchSheet(
  criteria: CompiledCriteria,
  { sheet, facets }: SheetCandidate,
  whole: ReadonlySet<string>,
): { distanceKm: number | null } | null {
  if (criteria.list !== AlertList.SERVICES) return null;
  if (!hasBits(sheet as unknown as Record<BitsTest["column"], number>, criteria.bits)) return null;
  if (!criteria.groups.every((group) => hasGroup(facets, group, whole))) return null;
  if (!criteria.near) return { distanceKm: null };
  const distance =
    sheet.latitude === null || sheet.longitude === null
      ? null
      : distanceKm(criteria.near.centre, { lat: sheet.latitude, lon: sheet.longitude });
  if (distance !== null && distance <= criteria.near.radiusKm) return { distanceKm: distance };
  const { epci } = criteria.near;
  return epci && (facets.get("covers") ?? []).includes(epci) ? { distanceKm: distance } : null;
}
