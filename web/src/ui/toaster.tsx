import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";

/** Spec §9: the notification bar sits top right and hides after 6 s. */
export const NOTIFICATION_DURATION_MS = 6000;

export const toaster = createToaster({
  placement: "top-end",
  duration: NOTIFICATION_DURATION_MS,
  pauseOnPageIdle: true,
});

export const notify = {
  info: (title: string) => toaster.create({ type: "success", title }),
  error: (title: string) => toaster.create({ type: "error", title }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
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
