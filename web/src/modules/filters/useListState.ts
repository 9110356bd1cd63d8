import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import {
  type ListFilters,
  type ListMode,
  type ListState,
  parseListState,
  type PlaceState,
  serialiseListState,
} from "./url-state";

export interface ListStateControls {
  state: ListState;
  /** New filters; back to page 1. */
  applyFilters: (filters: ListFilters) => void;
  /** Another state altogether (a widened search). */
  go: (state: ListState) => void;
  /** New search text; back to page 1. `typed`: searched after a pause in the typing (SearchBox). */
  setText: (text: string, typed?: boolean) => void;
  /** The place searched around (services), or none; back to page 1. */
  setPlace: (place: PlaceState | null) => void;
}

/**
 * A list page's text, filters and page, kept in the URL. Every change is a new history
 * entry, so the back button restores the previous search; but a text typed in several pauses
 * (« atel », then « atelier ») is one step: a typed search replaces the entry a typed search
 * made (the entry's state says so), so that Back returns to the list before the typing. Enter,
 * a filter, a place or a page ends the step.
 */
export function useListState(mode: ListMode): ListStateControls {
  const [params, setParams] = useSearchParams();
  // The router gives a new params object only when the query string changes.
  const state = useMemo(() => parseListState(params, mode), [params, mode]);

  const navigate = useCallback(
    (next: ListState, replace?: boolean, state?: unknown) =>
      setParams(serialiseListState(next, mode), { replace, state }),
    [setParams, mode],
  );
  // The router writes the address at once but draws the page in a transition. A change made before
  // that drawing (the search typed while the place just chosen is being applied, on a slow phone)
  // starts from the address, or it would bring back the state before the place and drop it.
  // (Called from the browser's events only: never while rendering on the server.)
  const current = useCallback(() => parseListState(new URLSearchParams(location.search), mode), [mode]);

  return useMemo(
    () => ({
      state,
      applyFilters: (filters) => navigate({ ...current(), filters, page: 1 }),
      go: navigate,
      setText: (text, typed) => {
        const latest = current();
        // The entry's state says whether a typed search made it: another one replaces it.
        if (text.trim() !== latest.text)
          navigate({ ...latest, text, page: 1 }, typed && history.state?.usr?.typed, { typed });
      },
      setPlace: (place) => navigate({ ...current(), place, page: 1 }),
    }),
    [state, navigate, current],
  );
}
