import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

const storageKey = (key: string) => `portail.defilement.${key}`;
/** How long a page may take to grow tall enough for the position to restore. */
const RESTORE_FOR_MS = 1500;

function savedPosition(key: string): number | null {
  try {
    const value = sessionStorage.getItem(storageKey(key));
    return value === null ? null : Number(value);
  } catch {
    return null;
  }
}

/** An open menu or dialog (Chakra marks its content with `data-state="open"`) holds the focus. */
function focusInOpenPopup(): boolean {
  const active = document.activeElement;
  return (
    active instanceof Element &&
    active.closest('[role="menu"][data-state="open"], [role="dialog"][data-state="open"]') !== null
  );
}

/**
 * What a visitor expects of pages: a new page opens at its top, with the keyboard focus
 * at the start of its content; Back returns to where they were on the previous one.
 * Positions are kept per history entry for the tab's lifetime (sessionStorage).
 */
export function useRouteScroll(mainId: string) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(location.pathname);
  const firstRender = useRef(true);
  // The entry on screen: a scroll event that arrives after a navigation is not the old entry's.
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  // The position of the current entry, kept as the visitor scrolls.
  useEffect(() => {
    let frame = 0;
    const save = () => {
      if (currentKey.current !== location.key) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (currentKey.current !== location.key) return;
        try {
          sessionStorage.setItem(storageKey(location.key), String(Math.round(window.scrollY)));
        } catch {
          // Storage may be unavailable (private mode): Back then opens at the top.
        }
      });
    };
    window.addEventListener("scroll", save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", save);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const pathChanged = previousPath.current !== location.pathname;
    previousPath.current = location.pathname;
    // The page as it was loaded keeps its position (the top, or an #anchor).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (navigationType === "POP") {
      const target = savedPosition(location.key);
      if (target === null) return;
      // The page may still be growing (its data, its pictures): try until it is tall enough.
      const until = Date.now() + RESTORE_FOR_MS;
      let frame = 0;
      const restore = () => {
        window.scrollTo(0, target);
        if (Math.abs(window.scrollY - target) > 2 && Date.now() < until) frame = requestAnimationFrame(restore);
      };
      restore();
      return () => cancelAnimationFrame(frame);
    }
    if (!pathChanged) return;
    window.scrollTo(0, 0);
    // A menu or dialog opened while the page was on its way (its code, on a slow network)
    // keeps the focus: taking it would close the menu under the visitor's finger.
    if (focusInOpenPopup()) return;
    // Screen reader and keyboard users start at the new content, not at the link they followed.
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [location.key, location.pathname, navigationType, mainId]);
}
