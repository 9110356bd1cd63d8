/**
 * What the service worker keeps on the device, named once for the worker (sw.ts), the page
 * that registers it (register.ts) and the sign-out (session.tsx). Plain TypeScript without
 * imports: it runs in the worker and in the page alike.
 */

/** The cache of the pages a visitor opened (the last PAGES_KEPT of them). */
export const PAGES_CACHE = "pages-enregistrees";

/** How many pages are kept: a parent's recent visits, a few megabytes at most. */
export const PAGES_KEPT = 30;

/** The header the worker stamps on a page it keeps: when it was saved (an ISO instant). */
export const SAVED_AT_HEADER = "X-Saved-At";

/** The message asking the worker to keep a page opened inside the application (no navigation reached it). */
export const KEEP_PAGE = "KEEP_PAGE";

/** The message that lets a waiting new version take over (sent when « Mettre à jour » is pressed). */
export const SKIP_WAITING = "SKIP_WAITING";

/**
 * The public pages worth keeping, by path (spec §2). An allow-list: a page added later, signed
 * in or not, is not kept until it is named here. Forms (sign-in, join request, password links
 * that carry a token) are left out: they need the network anyway.
 */
const KEPT_PATHS = [
  /^\/$/,
  /^\/(actualites|ressources)(\/[^/]+)?$/,
  /^\/services(\/[^/]+)?$/,
  /^\/(qui-sommes-nous|que-propose-ce-portail|mentions-legales|conditions-generales-d-utilisation|accessibilite|donnees-ouvertes)$/,
];

/** Whether the page at this path is kept for reading offline. */
export const isKeptPage = (pathname: string): boolean => KEPT_PATHS.some((path) => path.test(pathname));

/**
 * Whether a page reached inside the application (through GraphQL, no navigation) is worth a
 * second request for its server-rendered form: an article or a sheet, the page a parent comes
 * back to for a phone number or an address. Lists change with every filter (each change would
 * cost the server a rendering) and are kept when they are loaded.
 */
export const isKeptItemPage = (pathname: string): boolean =>
  /^\/(actualites|ressources|services)\/[^/]+$/.test(pathname);

/**
 * Forgets the pages kept on this device (at sign-out: the next person on a shared phone does not
 * find what the previous one read). The application's code (the precache) stays.
 */
export async function forgetSavedPages(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(PAGES_CACHE).catch(() => undefined);
}
