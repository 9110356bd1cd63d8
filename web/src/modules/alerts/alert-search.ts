import type { AlertList, MediaSearchInput, ServiceSearchInput } from "../../generated/alerts";
import { hasSearch } from "../../../../api/src/shared/alert-search";
import type { ListMode, ListState } from "../filters/url-state";

/** The search a list runs, as the list built it for its own query (page and size are ignored). */
export interface AlertSearch {
  media?: MediaSearchInput;
  services?: ServiceSearchInput;
}

/**
 * Whether a list shows a search worth following with « Me prévenir »: the server's own rule
 * (api/src/shared/alert-search.ts), read from the very input the list searches with.
 */
export const isFollowable = (search: AlertSearch): boolean => hasSearch(search.media ?? search.services ?? {});

/**
 * The list an alert follows: the news list narrowed to events follows the events, and so does one
 * whose address carries an event's dates, place or surroundings (the server reads those on events
 * only: the alert follows what the list shows).
 */
export function alertListOf(mode: ListMode, state: ListState): AlertList {
  if (mode === "services") return "SERVICES";
  if (mode === "resources") return "RESOURCES";
  const { category, eventFrom, eventTo, eventPlace, eventNear } = state.filters;
  const aboutEvents = Boolean(eventFrom || eventTo || eventPlace.trim() || eventNear);
  return category === "EVENT" || aboutEvents ? "EVENTS" : "NEWS";
}
