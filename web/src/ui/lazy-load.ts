import { type ComponentProps, type ComponentType, createElement, lazy } from "react";

/**
 * A part of the portal (a page, a drawer, a dialog, the map) that could not be fetched: the
 * network failed, or a new version replaced the file. `LoadFailureBoundary` tells it from a
 * fault in the page.
 */
export class LoadFailure extends Error {
  constructor(cause: unknown) {
    super("Un élément de la page n'a pas pu être chargé.", { cause });
    this.name = "LoadFailure";
  }
}

/** Resets of the parts whose last fetch failed. */
const failed = new Set<() => void>();

/**
 * React's `lazy`, without its memory of a failure: `lazy` keeps a failed import's error for
 * good, so a page tapped while a phone had no network would stay broken once it is back.
 * Here a failed fetch is tried again after `retryFailedLoads()`.
 */
export function lazyLoad<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T {
  const attempt = () =>
    load().catch((error: unknown) => {
      failed.add(reset);
      void reloadIfNewVersion();
      throw new LoadFailure(error);
    });
  let current = lazy(attempt);
  function reset() {
    current = lazy(attempt);
  }
  function Loaded(props: ComponentProps<T>) {
    return createElement(current, props);
  }
  return Loaded as unknown as T;
}

/** When the portal last reloaded itself for a new version (sessionStorage, per tab). */
const RELOADED_AT = "portail:reloaded-for-new-version";
/** At most one such reload in this time: a part that still fails then shows its message. */
const RELOAD_INTERVAL_MS = 30_000;

/**
 * A part failed to come while the portal answers: its file is gone, a new version having been
 * deployed since the page was opened. Only a fresh page brings the new version's files, so the
 * page reloads itself, at the same address (offline, the probe fails and nothing happens).
 */
async function reloadIfNewVersion(): Promise<void> {
  if (typeof window === "undefined") return;
  try {
    const answer = await fetch("/favicon.svg", { method: "HEAD", cache: "no-store" });
    if (!answer.ok) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < RELOAD_INTERVAL_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return;
  }
  window.location.reload();
}

/** The parts whose fetch failed are fetched anew when next shown. */
export function retryFailedLoads(): void {
  for (const reset of failed) reset();
  failed.clear();
}
