import { Workbox } from "workbox-window";
import { isKeptItemPage, isKeptPage, KEEP_PAGE } from "./saved-pages";
import { showUpdateOffer } from "./update-offer";

/**
 * Registers the service worker (dist/sw.js), loaded by boot.ts once the page is live and the
 * browser idle: none of it is in a page's first load. It offers « Mettre à jour » when a new
 * version waits, and asks the worker to keep the articles and sheets opened inside the
 * application, which no navigation brought through it (docs/offline.md).
 */
export function registerServiceWorker(): void {
  // A phone asked to save data is not sent the application's files for later.
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (!("serviceWorker" in navigator) || saveData) return;
  const workbox = new Workbox("/sw.js", { scope: "/" });
  // Whether this page came through a worker; the very first one did not.
  const servedByWorker = navigator.serviceWorker.controller !== null;
  const asked = new Set<string>();

  const keep = (address: string) => {
    const url = new URL(address);
    url.hash = "";
    if (asked.has(url.href)) return;
    asked.add(url.href);
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: KEEP_PAGE, url: url.href }),
    );
  };

  // A new version installed while this page is open (or before it opened) waits: the page keeps
  // running its own code until the visitor chooses to update.
  workbox.addEventListener("waiting", () =>
    showUpdateOffer(() => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );

  // Refused (a private window, a browser that blocks workers): the portal works as without one.
  workbox.register({ immediate: true }).then(
    (registration) => {
      if (registration && !servedByWorker && isKeptPage(location.pathname)) keep(location.href);
    },
    () => undefined,
  );

  // Pages opened inside the application change the address without a navigation (history.pushState):
  // the Navigation API sees them where the browser has it; elsewhere only loaded pages are kept.
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener("currententrychange", () => {
    if (!isKeptItemPage(location.pathname)) return;
    const address = location.href;
    // Once the page has its data and the browser is idle: the parent's request comes first.
    if ("requestIdleCallback" in window) requestIdleCallback(() => keep(address), { timeout: 5000 });
    else keep(address);
  });

  // A phone keeps a tab open for days: look for a new version when the portal is shown again.
  document.addEventListener("visibilitychange", () => {
    // Offline, the check fails: the next one will do.
    if (document.visibilityState === "visible") workbox.update().catch(() => undefined);
  });
}
