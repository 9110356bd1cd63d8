import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import type { NotificationType } from "./notification";
import "./more-recipes";

/** Spec §9: the notification bar sits top right and hides after 6 s. */
const NOTIFICATION_DURATION_MS = 6000;

export const toaster = createToaster({
  placement: "top-end",
  // Top right (spec §9), under the pinned header (HEADER_BAR_HEIGHT, 64 px, in layout/Header:
  // not imported, which would bring the header's module into this chunk): « Menu » and
  // « Mon compte » stay in reach.
  offsets: { top: "calc(64px + 0.5rem)", right: "1rem", bottom: "1rem", left: "1rem" },
  duration: NOTIFICATION_DURATION_MS,
  pauseOnPageIdle: true,
});

/** The error notifications on screen: a new attempt, or a success, takes them away. */
const shownErrors = new Set<string>();
/** The last notification of each message: said again, it replaces it rather than piling up. */
const lastOf = new Map<string, string>();

export function notifyNow(type: NotificationType, title: string, announced: boolean) {
  // « Message envoyé » beside the error of the attempt before would say two opposite things.
  if (type === "success") dismissErrors();
  const key = `${type}:${title}`;
  const previous = lastOf.get(key);
  if (previous !== undefined) toaster.dismiss(previous);
  const id = toaster.create({ type, title, meta: { announced } });
  lastOf.set(key, id);
  if (type === "error") shownErrors.add(id);
}

export function dismissErrors() {
  shownErrors.forEach((id) => toaster.dismiss(id));
  shownErrors.clear();
}

/** The notification bar itself, loaded with the first notification. */
export default function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          // A toast the page announces itself is not a live region (see `announced` in toaster.tsx).
          <Toast.Root width={{ md: "sm" }} {...(toast.meta?.announced === false ? { "aria-live": "off" } : {})}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Fermer la notification" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
