import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { type MediaFullFragment, useDeleteMediaMutation } from "../../../generated/media";
import { BusyOverlay } from "../../../ui/BusyOverlay";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { BACK_AFTER_DELETE_MS, FloatingActions } from "../../../ui/FloatingActions";
import { notify } from "../../../ui/toaster";
import { lazyLoad } from "../../../ui/lazy-load";
import { LazyPart } from "../../../ui/LazyPart";

const EditMediaDialog = lazyLoad(() => import("../editor/EditMediaDialog"));

/** The edit and delete actions of the owner (userIds) or an admin, as the server allows them. */
export default function MediaActions({ media }: { media: MediaFullFragment }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteMedia] = useDeleteMediaMutation({
    update(cache) {
      cache.evict({ id: cache.identify(media) });
      cache.evict({ fieldName: "mediaSearch" });
      cache.gc();
    },
  });

  const remove = async () => {
    try {
      await deleteMedia({ variables: { id: media.id } });
      notify.info("Article supprimé");
      setTimeout(() => (window.history.length > 1 ? navigate(-1) : navigate("/")), BACK_AFTER_DELETE_MS);
    } catch (error) {
      // Spec §8: a failed deletion is only logged.
      console.warn("Suppression impossible", error);
    }
  };

  return (
    <FloatingActions
      label="Actions sur l'article"
      abilities={media.viewerCan}
      onEdit={() => setEditing(true)}
      onDelete={() => setDeleting(true)}
    >
      {editing && (
        <LazyPart fallback={<BusyOverlay busy label="Chargement de l'éditeur" />}>
          <EditMediaDialog media={media} open={editing} onClose={() => setEditing(false)} />
        </LazyPart>
      )}
      <ConfirmDialog
        open={deleting}
        title={`Supprimer l'article « ${media.title} » ?`}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </FloatingActions>
  );
}
