import { lazy, Suspense, useSyncExternalStore } from "react";

/** Spec §9: the notification bar sits top right and hides after 6 s. */
export const NOTIFICATION_DURATION_MS = 6000;

const ToasterView = lazy(() => import("./ToasterView"));

// The bar's code is loaded with the first notification: most visits never need it.
let wanted = false;
const listeners = new Set<() => void>();

export interface NotifyOptions {
  /**
   * false when the page shows and announces the same message itself (an inline alert beside
   * the form): the toast is still shown, but a screen reader does not say it a second time.
   */
  announced?: boolean;
}

/** The error notifications on screen: a new attempt, or a success, takes them away. */
const shownErrors = new Set<string>();

function show(type: "success" | "error", title: string, { announced = true }: NotifyOptions) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  // « Message envoyé » beside the error of the attempt before would say two opposite things.
  if (type === "success") clearErrors();
  void import("./ToasterView").then(({ toaster }) => {
    const id = toaster.create({ type, title, meta: { announced } });
    if (type === "error") shownErrors.add(id);
  });
}

function clearErrors() {
  if (shownErrors.size === 0) return;
  const ids = [...shownErrors];
  shownErrors.clear();
  void import("./ToasterView").then(({ toaster }) => ids.forEach((id) => toaster.dismiss(id)));
}

export const notify = {
  info: (title: string, options: NotifyOptions = {}) => show("success", title, options),
  error: (title: string, options: NotifyOptions = {}) => show("error", title, options),
  /** Takes away the error notifications still shown (a form sent again). */
  clearErrors,
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
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
