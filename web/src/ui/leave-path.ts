// Leaving a page whose form holds edits: which clicks on links leave it, and the departures made
// by code (the account menu), which a guard may hold back. No React here: the account menu, in
// the header, imports it without the confirmation dialog's code.

export interface ClickLike {
  button: number;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Where a click on a link would take the person inside the portal (path, query and fragment), or
 * null when it does not leave the page through the router: a new tab or window, a download,
 * another site (the browser's own confirmation covers it), a fragment of the same page (the
 * links of an error summary).
 */
export function pathLeftTo(
  anchor: { href: string; target: string; hasAttribute(name: string): boolean },
  click: ClickLike,
  here: { origin: string; pathname: string; search: string },
): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.altKey || click.ctrlKey || click.metaKey || click.shiftKey) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, here.origin);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page guard holding edits now, if any: it asks before an action that leaves the page. */
let heldBy: ((leave: () => void) => void) | null = null;

/**
 * Leaves the page by code (the account menu's items, sign-out): at once, or once the person
 * confirms when a page's form holds edits (`usePageLeaveGuard`).
 */
export function leavePage(leave: () => void) {
  if (heldBy) heldBy(leave);
  else leave();
}

/** Makes `ask` the guard of the departures made by code, until the returned function is called. */
export function holdLeaving(ask: (leave: () => void) => void): () => void {
  heldBy = ask;
  return () => {
    if (heldBy === ask) heldBy = null;
  };
}
