import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { useEffect, useId, useState } from "react";
import { type MediaFullFragment, type MediaInput, useUpdateMediaMutation } from "../../../generated/media";
import { BusyOverlay } from "../../../ui/BusyOverlay";
import { notify } from "../../../ui/toaster";
import { articleValuesFromMedia } from "./article-form";
import { ArticleForm } from "./ArticleForm";
import { evictMediaLists } from "./cache";
import { useArticleForm } from "./useArticleForm";
import "../../../ui/more-recipes";

export interface EditMediaDialogProps {
  media: MediaFullFragment;
  open: boolean;
  onClose: () => void;
}

/**
 * Modification of an article (its author or an administrator): the new-article
 * form prefilled from the media, its attachments kept or removed one by one.
 * The form is mounted on each opening, so it always starts from the media.
 */
export function EditMediaDialog({ media, open, onClose }: EditMediaDialogProps) {
  // While saving, the dialog stays open (Escape included).
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => !event.open && !busy && onClose()}
      closeOnEscape={!busy}
      closeOnInteractOutside={false}
      size={{ base: "full", md: "xl" }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <EditMediaContent media={media} onClose={onClose} onBusyChange={setBusy} />
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface EditMediaContentProps {
  media: MediaFullFragment;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

function EditMediaContent({ media, onClose, onBusyChange }: EditMediaContentProps) {
  const formId = useId();
  const [updateMedia] = useUpdateMediaMutation({ update: evictMediaLists });
  const form = useArticleForm({
    initial: () => articleValuesFromMedia(media),
    original: media,
    save: async (input: MediaInput) => {
      await updateMedia({ variables: { id: media.id, input } });
      notify.info("Modifications sauvegardées");
      onClose();
    },
  });
  const busy = Boolean(form.busy);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  return (
    <Dialog.Content position="relative" aria-busy={busy}>
      <Dialog.Header>
        <Dialog.Title>Modification de l'article</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <ArticleForm form={form} id={formId} currentNetworks={media.networks} />
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Text aria-live="polite" fontSize="sm" color="gray.700" flex="1">
          {form.busy ? `${form.busy}…` : ""}
        </Text>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Annuler
        </Button>
        <Button type="submit" form={formId} colorPalette="brand" disabled={busy}>
          Mettre à jour
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Fermer" disabled={busy} />
      </Dialog.CloseTrigger>
      <BusyOverlay busy={busy} label={form.busy ?? undefined} />
    </Dialog.Content>
  );
}

export default EditMediaDialog;
