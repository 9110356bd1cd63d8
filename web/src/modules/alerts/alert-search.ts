import type { AlertList, MediaSearchInput, ServiceSearchInput } from "../../generated/alerts";
import { AROUND_ME, countActiveFilters, type ListMode, type ListState } from "../filters/url-state";

/** The search a list runs, as the list built it for its own query (page and size are ignored). */
export interface AlertSearch {
  media?: MediaSearchInput;
  services?: ServiceSearchInput;
}

/**
 * Whether a list shows a search worth following with « Me prévenir »: anything beyond the bare
 * list (words, a place, a filter), as the server's `hasSearch` reads it. A category alone is
 * the list itself, and « Ouvert maintenant » is a moment, not something new to tell about.
 */
export function isFollowable(state: ListState): boolean {
  const { filters } = state;
  const narrowing =
    countActiveFilters(filters) - (filters.category ? 1 : 0) - (filters.open.includes("maintenant") ? 1 : 0);
  return narrowing > 0 || state.text.trim() !== "" || Boolean(state.place);
}

/** The list an alert follows: the news list narrowed to events follows the events. */
export function alertListOf(mode: ListMode, state: ListState): AlertList {
  if (mode === "services") return "SERVICES";
  if (mode === "resources") return "RESOURCES";
  return state.filters.category === "EVENT" ? "EVENTS" : "NEWS";
}

/** The name of the place searched around, for the alert's label (none for the device's position). */
export function placeLabelOf(state: ListState): string | null {
  const place = state.place ?? state.filters.eventNear;
  return place && place.label !== AROUND_ME ? place.label : null;
}
