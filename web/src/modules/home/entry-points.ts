import { type ServiceType } from "../../generated/reference";
import {
  EMPTY_FILTERS,
  type ListFilters,
  type ListMode,
  type PlaceState,
  serialiseListState,
} from "../filters/url-state";

/**
 * The home page's « Que cherchez-vous ? »: a parent's need, in a parent's words, as a list
 * already filtered (the lists' URL state, url-state.ts), around the place of « Où ? » when the
 * list searches around a place: the services list's place, the events list's « Où ? » filter, both
 * written with the same parameters (`ou`, `lat`, `lon`, `rayon`).
 */

/** « Faire garder mon enfant »: every way of having a young child looked after, and the relay that finds one. */
export const CHILDCARE_TYPES: readonly ServiceType[] = [
  "CRECHE",
  "MICRO_CRECHE",
  "FAMILY_CRECHE",
  "DROP_IN_NURSERY",
  "KINDERGARTEN",
  "MAM",
  "RPE",
];

/** « Être aidé, être écouté »: places to talk, to be listened to, to get through a hard time. */
export const SUPPORT_TYPES: readonly ServiceType[] = [
  "LAEP",
  "PARENTING_SUPPORT",
  "FAMILY_MEDIATION",
  "MEETING_SPACE",
  "FAMILY_CHANGES",
  "SOCIAL_CENTRES",
  "SOCIAL_LIFE_SPACES",
  "GRANDIR_HANDIFERENCE",
];

export type EntryPoint = "childcare" | "outings" | "support" | "advice";

/** The entry points, in the order of the home page. */
export const ENTRY_POINTS: ReadonlyArray<{ key: EntryPoint; label: string }> = [
  { key: "childcare", label: "Faire garder mon enfant" },
  { key: "outings", label: "Sorties et ateliers près de chez moi" },
  { key: "support", label: "Être aidé, être écouté" },
  { key: "advice", label: "Des conseils pour chaque âge" },
];

export const listQuery = (mode: ListMode, filters: Partial<ListFilters>, place: PlaceState | null = null) =>
  serialiseListState({ text: "", page: 1, filters: { ...EMPTY_FILTERS, ...filters }, place }, mode).toString();

const listHref = (path: string, mode: ListMode, filters: Partial<ListFilters>, place: PlaceState | null = null) => {
  const query = listQuery(mode, filters, place);
  return query ? `${path}?${query}` : path;
};

/** Where an entry point leads, around the place chosen (or the whole département without one). */
export function entryPointHref(entry: EntryPoint, place: PlaceState | null): string {
  switch (entry) {
    case "childcare":
      return listHref("/services", "services", { types: [...CHILDCARE_TYPES] }, place);
    case "support":
      return listHref("/services", "services", { types: [...SUPPORT_TYPES] }, place);
    case "outings":
      // The events list's own « Où ? »: the events around the place, whatever it is (a town, an
      // address, « Autour de moi »), in date order.
      return listHref("/actualites", "news", { category: "EVENT", eventNear: place });
    case "advice":
      return "/ressources";
  }
}
