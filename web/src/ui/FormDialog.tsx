import { Alert, Box, Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from "react";
import { BusyOverlay } from "./BusyOverlay";
import { ErrorSummary } from "./ErrorSummary";
import "./more-recipes";
import { LeaveConfirmation, useEditMark, useLeaveWarning } from "./unsaved-changes";

/**
 * The parts of a form that Escape closes by themselves: an open list of suggestions (a town, an
 * address), the editor's link box, and any part marked `data-own-escape` (an image's text).
 */
const OWN_ESCAPE = '[role="combobox"][aria-expanded="true"], .ql-tooltip, [data-own-escape]';

/** Escape in such a part closes that part only: the dialog, and what was typed in it, stay. */
function keepOpenForOwnEscape(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.closest(OWN_ESCAPE)) event.preventDefault();
}

export interface FormDialogProps {
  /** Mounted open by its page (the default), or opened and closed by its parent. */
  open?: boolean;
  title: string;
  /** A line under the title (the owner of a service…). */
  subtitle?: ReactNode;
  size?: "lg" | "xl";
  /**
   * While saving, the dialog stays open (Escape included), its buttons are disabled and
   * an overlay covers it; a text names what is being done.
   */
  busy: boolean | string | null;
  onClose: () => void;
  /** What was typed has been sent (the dialog now shows its outcome): closing asks nothing. */
  saved?: boolean;
  /** The body (FormDialog.Body) and the footer (FormDialog.Footer). */
  children: ReactNode;
}

/** Closes the dialog the footer is in, asking first when the form holds edits. */
const CloseContext = createContext<() => void>(() => {});

/**
 * The frame of the create and edit dialogs (users, services, articles, error reports): full
 * screen on a phone, closed only on purpose (never by a click outside, never while saving),
 * each opening starting afresh (its content is mounted on opening). Once something is typed or
 * chosen in it, closing it without saving (Escape, « Fermer », « Annuler ») asks first, and so
 * does the browser on leaving the page.
 */
export function FormDialog({
  open = true,
  title,
  subtitle,
  size = "lg",
  busy,
  onClose,
  saved = false,
  children,
}: FormDialogProps) {
  const saving = Boolean(busy);
  const edits = useEditMark();
  const unsaved = edits.edited && !saved;
  const [confirming, setConfirming] = useState(false);
  useLeaveWarning(open && unsaved && !saving);
  // Closed (saved, or left on purpose): the next opening starts with nothing typed.
  const { clear } = edits;
  useEffect(() => {
    if (!open) clear();
  }, [open, clear]);
  const close = () => {
    if (saving) return;
    if (unsaved) setConfirming(true);
    else onClose();
  };
  const leave = () => {
    setConfirming(false);
    clear();
    onClose();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => !event.open && close()}
      onEscapeKeyDown={keepOpenForOwnEscape}
      closeOnEscape={!saving}
      closeOnInteractOutside={false}
      size={{ base: "full", md: size }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={edits.ref} position="relative" aria-busy={saving}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>{title}</Dialog.Title>
              {subtitle && <Text color="gray.700">{subtitle}</Text>}
            </Dialog.Header>
            <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer" disabled={saving} />
            </Dialog.CloseTrigger>
            <BusyOverlay busy={saving} label={typeof busy === "string" ? busy : undefined} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      <LeaveConfirmation open={confirming} onStay={() => setConfirming(false)} onLeave={leave} />
    </Dialog.Root>
  );
}

interface FooterProps {
  /** The id of the form the submit button sends. */
  formId: string;
  submitLabel: string;
  busy: boolean;
  /**
   * The submit button waits (spec: until the required fields are filled). It looks and is
   * announced as unavailable (aria-disabled) but keeps the focus: pressed, the form is checked
   * without being sent, and its errors say what is missing, with the focus on the first.
   */
  disabled?: boolean;
  /** Why it waits, said beside it and tied to it. */
  hint?: string | null;
  /** What is being done, announced politely (file uploads…). */
  status?: string | null;
}

/** « Annuler » closes the dialog, as Escape does: asking first when the form holds edits. */
function Footer({ formId, submitLabel, busy, disabled = false, hint, status }: FooterProps) {
  const hintId = useId();
  const cancel = useContext(CloseContext);
  return (
    <Dialog.Footer flexWrap="wrap" gap="3">
      {hint && (
        <Text id={hintId} fontSize="sm" color="gray.700" flexBasis="100%">
          {hint}
        </Text>
      )}
      {status !== undefined && (
        <Text aria-live="polite" fontSize="sm" color="gray.700" flex="1">
          {status ?? ""}
        </Text>
      )}
      <Button variant="outline" onClick={cancel} disabled={busy}>
        Annuler
      </Button>
      <Button
        type="submit"
        form={formId}
        colorPalette="brand"
        disabled={busy}
        aria-disabled={disabled || undefined}
        aria-describedby={hint ? hintId : undefined}
      >
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}

interface ProblemsProps {
  /** After a submission: the fields to correct, each linked to its control. */
  summary?: Array<{ fieldId?: string; message: string }> | null;
  /** The server's message when no field shows it. */
  message?: string | null;
}

/** What stops the save, at the top of the form: the summary of fields in error, and the server's message. */
function Problems({ summary, message }: ProblemsProps) {
  return (
    <>
      {summary && summary.length > 0 && (
        <Box mb="4">
          <ErrorSummary errors={summary} />
        </Box>
      )}
      {message && (
        <Alert.Root status="error" mb="4" role="alert">
          <Alert.Indicator />
          <Alert.Title color="red.800">{message}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}

FormDialog.Body = Dialog.Body;
FormDialog.Footer = Footer;
FormDialog.Problems = Problems;
