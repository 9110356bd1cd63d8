import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { holdLeaving, pathLeftTo } from "./leave-path";
import "./more-recipes";

/** What a person does in a form: type, choose, tick, drop a file. */
const EDIT_EVENTS = ["input", "change", "drop"] as const;

/**
 * Whether the person has typed or chosen anything in an element since it showed: `ref` goes on
 * the element (a form, a dialog's content); `clear` forgets the edits (once they are saved).
 * Only the person's own actions count, not what the code fills in.
 */
export function useEditMark() {
  const [edited, setEdited] = useState(false);
  const detach = useRef<(() => void) | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    detach.current?.();
    detach.current = null;
    if (!element) return;
    // Heard on the document, after React's own handlers on the application's root: heard on the
    // element, the re-render it causes would run first and reset a controlled field's value,
    // and React would then see no change (the keystroke lost).
    const mark = (event: Event) => {
      if (event.isTrusted && event.target instanceof Node && element.contains(event.target)) setEdited(true);
    };
    for (const type of EDIT_EVENTS) document.addEventListener(type, mark);
    detach.current = () => {
      for (const type of EDIT_EVENTS) document.removeEventListener(type, mark);
    };
  }, []);
  const clear = useCallback(() => setEdited(false), []);
  return { ref, edited, clear };
}

/** While `active`, closing the tab, reloading or leaving the site asks the browser's own confirmation. */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set; every browser shows its own text.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

/**
 * Guards a page's form (a new article, a partner request, a contact message): while it holds
 * edits, a link that leaves the page, or an item of the account menu, asks first in the portal's
 * words, and the browser asks on closing or reloading. Returns the confirmation to render. The
 * browser's Back button still leaves at once (the router offers no way to hold it without a data
 * router).
 */
export function usePageLeaveGuard(active: boolean) {
  const navigate = useNavigate();
  // What leaving does, once confirmed: follow the link, or the account menu's action (wrapped in an
  // object, as React would call a function given to the setter).
  const [pending, setPending] = useState<{ leave: () => void } | null>(null);
  useLeaveWarning(active);
  useEffect(() => {
    if (!active) return;
    // Captured on the document, before the router's own handler on the application's root.
    const hold = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      const path = anchor && pathLeftTo(anchor, event, window.location);
      if (!path) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ leave: () => navigate(path) });
    };
    const release = holdLeaving((leave) => setPending({ leave }));
    document.addEventListener("click", hold, true);
    return () => {
      release();
      document.removeEventListener("click", hold, true);
    };
  }, [active, navigate]);
  return (
    <LeaveConfirmation
      open={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        setPending(null);
        pending?.leave();
      }}
    />
  );
}

interface LeaveConfirmationProps {
  open: boolean;
  /** Back to the form, everything typed in place. */
  onStay: () => void;
  /** Leave, and lose what was typed. */
  onLeave: () => void;
}

/**
 * « Quitter sans enregistrer ? »: asked when a form holding edits is about to close or its page
 * to be left. The focus starts on « Continuer la saisie », so Enter or Escape lose nothing.
 */
export function LeaveConfirmation({ open, onStay, onLeave }: LeaveConfirmationProps) {
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => !event.open && onStay()}
      role="alertdialog"
      initialFocusEl={() => stay.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Quitter sans enregistrer ?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>Ce que vous avez saisi n'est pas enregistré : en quittant, vous le perdrez.</Text>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="3">
              <Button ref={stay} variant="outline" onClick={onStay}>
                Continuer la saisie
              </Button>
              <Button colorPalette="red" onClick={onLeave}>
                Quitter sans enregistrer
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
