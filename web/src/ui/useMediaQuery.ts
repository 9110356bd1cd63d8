import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches. The server (and the browser's first, hydrating
 * render) answer false, so both render the same markup; the real answer follows.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** From the `md` breakpoint (750 px): the filter panel sits beside the results. */
export const WIDE_SCREEN = "(min-width: 750px)";
