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

  return useMemo(
    () => ({
      state,
      applyFilters: (filters) => navigate({ ...state, filters, page: 1 }),
      go: navigate,
      setText: (text) => {
        if (text.trim() !== state.text) navigate({ ...state, text, page: 1 });
      },
      setPlace: (place) => navigate({ ...state, place, page: 1 }),
    }),
    [state, navigate],
  );
}
