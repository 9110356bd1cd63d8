import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

const storageKey = (key: string) => `portail.defilement.${key}`;
/** The link followed from an entry (its address), given the focus again when Back returns there. */
const linkKey = (key: string) => `portail.lien.${key}`;
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

function remember(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode): Back then opens at the top.
  }
}

/** The link to `href` in the page's content, once it is there. */
function linkTo(mainId: string, href: string): HTMLAnchorElement | null {
  const links = document.getElementById(mainId)?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [];
  return [...links].find((link) => link.getAttribute("href") === href) ?? null;
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
 * at the start of its content; Back returns to where they were on the previous one, with the
 * focus on the link they followed from it (the next Tab goes on from that card).
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
        remember(storageKey(location.key), String(Math.round(window.scrollY)));
      });
    };
    // The link followed from this entry (a card, by tap or keyboard), for Back.
    const follow = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link && currentKey.current === location.key) remember(linkKey(location.key), link.getAttribute("href")!);
    };
    window.addEventListener("scroll", save, { passive: true });
    document.addEventListener("click", follow, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", save);
      document.removeEventListener("click", follow, true);
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
      // An entry never scrolled was at its top: no saved position is not a reason to stay where
      // the page just left (a sheet read to its bottom would leave the list there, its card far
      // above).
      const target = savedPosition(location.key) ?? 0;
      let followed: string | null = null;
      try {
        followed = sessionStorage.getItem(linkKey(location.key));
      } catch {
        // No storage: the focus stays where it is.
      }
      // The page may still be growing (its data, its pictures): try until it is tall enough,
      // and until the link followed from it is back, which gets the keyboard focus again.
      const until = Date.now() + RESTORE_FOR_MS;
      let frame = 0;
      let placed = false;
      const restore = () => {
        if (!placed) {
          window.scrollTo(0, target);
          placed = Math.abs(window.scrollY - target) <= 2;
        }
        const link = followed === null ? null : linkTo(mainId, followed);
        if (link && !focusInOpenPopup()) {
          link.focus({ preventScroll: true });
          followed = null;
        }
        if ((!placed || followed !== null) && Date.now() < until) frame = requestAnimationFrame(restore);
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
