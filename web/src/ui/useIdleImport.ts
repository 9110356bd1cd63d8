import { useEffect, useState } from "react";

/**
 * A module's value loaded once the page is idle (after its first paint and hydration), or null
 * until then: what only helps later interactions stays out of the first load.
 */
export function useIdleImport<T>(load: () => Promise<T>): T | null {
  const [value, setValue] = useState<{ loaded: T } | null>(null);
  useEffect(() => {
    let cancelled = false;
    const run = () =>
      void load().then(
        (loaded) => !cancelled && setValue({ loaded }),
        () => undefined,
      );
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(run, 500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [load]);
  return value?.loaded ?? null;
}
