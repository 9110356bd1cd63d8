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
  /** New search text; back to page 1. */
  setText: (text: string) => void;
  /** The place searched around (services), or none; back to page 1. */
  setPlace: (place: PlaceState | null) => void;
}

/**
 * A list page's text, filters and page, kept in the URL. Every change is a new history
 * entry, so the back button restores the previous search.
 */
export function useListState(mode: ListMode): ListStateControls {
  const [params, setParams] = useSearchParams();
  // The router gives a new params object only when the query string changes.
  const state = useMemo(() => parseListState(params, mode), [params, mode]);

  const navigate = useCallback((next: ListState) => setParams(serialiseListState(next, mode)), [setParams, mode]);
  // The router writes the address at once but draws the page in a transition. A change made before
  // that drawing (the search typed while the place just chosen is being applied, on a slow phone)
  // starts from the address, or it would bring back the state before the place and drop it.
  const current = useCallback(
    () => (typeof window === "undefined" ? state : parseListState(new URLSearchParams(window.location.search), mode)),
    [state, mode],
  );

  return useMemo(
    () => ({
      state,
      applyFilters: (filters) => navigate({ ...current(), filters, page: 1 }),
      setText: (text) => {
        const latest = current();
        if (text.trim() !== latest.text) navigate({ ...latest, text, page: 1 });
      },
      setPlace: (place) => navigate({ ...current(), place, page: 1 }),
    }),
    [state, navigate, current],
  );
}
