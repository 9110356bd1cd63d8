import { useSyncExternalStore } from "react";
import { lazyLoad } from "./lazy-load";
import { LazyPart } from "./LazyPart";
import type { NotificationType } from "./notification";

const ToasterView = lazyLoad(() => import("./ToasterView"));

// The bar's code is loaded with the first notification: most visits never need it.
let wanted = false;
const listeners = new Set<() => void>();

function show(type: NotificationType, title: string, announced = true) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  // Offline, the bar's code may not come: the notification is dropped (see Toaster).
  import("./ToasterView").then(
    (view) => view.notifyNow(type, title, announced),
    () => undefined,
  );
}

/**
 * `announced: false` when the page shows and announces the same message itself (an inline alert
 * beside the form): the toast is still shown, but a screen reader does not say it a second time.
 */
export const notify = {
  info: (title: string) => show("success", title),
  error: (title: string, { announced }: { announced?: boolean } = {}) => show("error", title, announced),
  /** Takes away the error notifications still shown (a form sent again); a success does too. */
  clearErrors: () =>
    wanted &&
    void import("./ToasterView").then(
      (view) => view.dismissErrors(),
      () => undefined,
    ),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mounted once; shows the notification bar from the first notification on. */
export function Toaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!mounted) return null;
  return (
    // Offline, a notification that cannot be shown is dropped: the page says what matters itself.
    <LazyPart failed={() => null}>
      <ToasterView />
    </LazyPart>
  );
}
