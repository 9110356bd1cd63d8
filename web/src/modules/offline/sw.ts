/// <reference lib="webworker" />
// The portal's service worker, built by vite-plugin-pwa (injectManifest) into dist/sw.js: the
// application's code kept on the device (the precache, chosen by web/build/offline-precache.ts),
// and the last public pages a visitor opened, for reading them again without a network
// (docs/offline.md).
import { clientsClaim } from "workbox-core";
import type { WorkboxPlugin } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { withOfflineNote } from "./offline-note";
import { isKeptPage, KEEP_PAGE, PAGES_KEPT, PAGES_CACHE, SAVED_AT_HEADER, SKIP_WAITING } from "./saved-pages";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** How long a page may take to come before its saved copy is shown (a lift, a basement). */
const NETWORK_TIMEOUT_SECONDS = 4;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once; a new one waits for « Mettre à jour ».
clientsClaim();

/**
 * Keeps visitors' pages only: the server marks every answer to a request that carries a session
 * `no-store` (api/src/http/web/web-app.ts); the worker cannot read the session cookie itself.
 * A page not found, a redirect or an error is not kept either. The copy carries its time.
 */
const visitorPagesStamped: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type !== "basic" || response.redirected) return null;
    if (/no-store/i.test(response.headers.get("Cache-Control") ?? "")) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
  // NetworkFirst reads its cache only when the network failed or was too slow: the copy served
  // then says so, and when it was saved.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const savedAt = new Date(cachedResponse.headers.get(SAVED_AT_HEADER) ?? cachedResponse.headers.get("Date") ?? "");
    if (Number.isNaN(savedAt.getTime())) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.delete("Content-Length");
    return new Response(withOfflineNote(await cachedResponse.text(), savedAt), { status: 200, headers });
  },
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [new ExpirationPlugin({ maxEntries: PAGES_KEPT, purgeOnQuotaError: true }), visitorPagesStamped],
});

registerRoute(({ request, url }) => request.mode === "navigate" && isKeptPage(url.pathname), pages);

self.addEventListener("message", (event) => {
  const data: unknown = event.data;
  if (!data || typeof data !== "object" || !("type" in data)) return;
  if (data.type === SKIP_WAITING) {
    void self.skipWaiting();
    return;
  }
  // A page opened inside the application (its data came through GraphQL): its server-rendered
  // form is fetched once, as a navigation to it would have been, and kept the same way.
  if (data.type === KEEP_PAGE && "url" in data && typeof data.url === "string") {
    const url = new URL(data.url, self.location.origin);
    if (url.origin !== self.location.origin || !isKeptPage(url.pathname)) return;
    const request = new Request(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
    event.waitUntil(pages.handle({ event, request }).catch(() => undefined));
  }
});
