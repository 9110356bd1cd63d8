import type { AlertList, MediaSearchInput, ServiceSearchInput } from "../../generated/alerts";
import type { ListMode, ListState } from "../filters/url-state";

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
  const { filters: f } = state;
  return (
    [f.ages, f.thematics, f.networks, f.types, f.epci, f.towns].some((values) => values.length > 0) ||
    f.open.includes("samedi") ||
    f.vacancies ||
    Boolean(f.eventFrom || f.eventTo || f.eventPlace.trim() || f.eventNear) ||
    state.text.trim() !== "" ||
    Boolean(state.place)
  );
}

/** The list an alert follows: the news list narrowed to events follows the events. */
export function alertListOf(mode: ListMode, state: ListState): AlertList {
  if (mode === "services") return "SERVICES";
  if (mode === "resources") return "RESOURCES";
  return state.filters.category === "EVENT" ? "EVENTS" : "NEWS";
}
