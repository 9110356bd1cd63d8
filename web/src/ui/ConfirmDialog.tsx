import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import "./more-recipes";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Checked before the call: false leaves the dialog open and calls nothing (a choice left to make, said in it). */
  beforeConfirm?: () => boolean;
  /** Where the focus goes when the dialog closes; null: back to what opened it (the default). */
  finalFocusEl?: () => HTMLElement | null;
}

/** The delete confirmation: warns that the action is irreversible; closes after the call, whatever its outcome. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = "Supprimer",
  onConfirm,
  onClose,
  beforeConfirm = () => true,
  finalFocusEl,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!beforeConfirm()) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => !event.open && !busy && onClose()}
      role="alertdialog"
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {children}
              <Text fontWeight="semibold" color="red.700" mt="2">
                Attention : cette action est irréversible.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Annuler
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={busy} loadingText="Suppression…">
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
