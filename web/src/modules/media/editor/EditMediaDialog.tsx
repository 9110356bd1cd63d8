import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { type MediaFullFragment, type MediaInput, useUpdateMediaMutation } from "../../../generated/media";
import { FormDialog } from "../../../ui/FormDialog";
import { notify } from "../../../ui/toaster";
import { articleValuesFromMedia, mediaPath, savedMessage } from "./article-form";
import { ArticleForm } from "./ArticleForm";
import { evictMediaLists } from "./cache";
import { useArticleForm } from "./useArticleForm";

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
  // What is being done while saving (uploads, then the save), or null.
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <FormDialog open={open} title="Modification de l'article" size="xl" busy={busy} onClose={onClose}>
      <EditMediaForm media={media} onClose={onClose} onBusyChange={setBusy} />
    </FormDialog>
  );
}

interface EditMediaFormProps {
  media: MediaFullFragment;
  onClose: () => void;
  onBusyChange: (busy: string | null) => void;
}

function EditMediaForm({ media, onClose, onBusyChange }: EditMediaFormProps) {
  const formId = useId();
  const [updateMedia] = useUpdateMediaMutation({ update: evictMediaLists });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useArticleForm({
    initial: () => articleValuesFromMedia(media),
    original: media,
    save: async (input: MediaInput) => {
      const { data } = await updateMedia({ variables: { id: media.id, input } });
      notify.info(savedMessage(data!.updateMedia, media.publication));
      onClose();
      // Made a resource, or a resource no more: the page moves to its own address.
      const path = mediaPath(data!.updateMedia);
      if (pathname !== path) navigate(path, { replace: true });
    },
  });
  useEffect(() => onBusyChange(form.busy), [form.busy, onBusyChange]);
  // Closed while saving ends: the next opening starts idle.
  useEffect(() => () => onBusyChange(null), [onBusyChange]);

  return (
    <>
      <FormDialog.Body>
        <ArticleForm
          form={form}
          id={formId}
          currentNetworks={media.networks}
          published={media.publication === "PUBLISHED"}
        />
      </FormDialog.Body>
      <FormDialog.Footer
        formId={formId}
        submitLabel="Mettre à jour"
        busy={Boolean(form.busy)}
        status={form.busy ? `${form.busy}…` : null}
      />
    </>
  );
}

export default EditMediaDialog;
