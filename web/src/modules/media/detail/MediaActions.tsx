import { Box, Button, HStack } from "@chakra-ui/react";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router-dom";
import { MediaFullFragment, useDeleteMediaMutation } from "../../../generated/graphql";
import { BusyOverlay } from "../../../ui/BusyOverlay";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { notify } from "../../../ui/toaster";

const EditMediaDialog = lazy(() => import("../editor/EditMediaDialog"));

/** Spec §9: after a deletion the page goes back one step after 1 s. */
export const BACK_AFTER_DELETE_MS = 1000;

/** The edit and delete actions of the owner (userIds) or an admin, as the server allows them. */
export function MediaActions({ media }: { media: MediaFullFragment }) {
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
  if (!media.viewerCan.update && !media.viewerCan.delete) return null;

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
    <Box
      position="fixed"
      bottom="6"
      right="6"
      zIndex="docked"
      bg="white"
      p="2"
      borderRadius="full"
      shadow="lg"
      borderWidth="1px"
      role="group"
      aria-label="Actions sur l'article"
    >
      <HStack gap="2">
        {media.viewerCan.update && (
          <Button colorPalette="brand" borderRadius="full" onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )}
        {media.viewerCan.delete && (
          <Button colorPalette="red" variant="outline" borderRadius="full" onClick={() => setDeleting(true)}>
            Supprimer
          </Button>
        )}
      </HStack>
      {editing && (
        <Suspense fallback={<BusyOverlay busy label="Chargement de l'éditeur" />}>
          <EditMediaDialog media={media} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        title={`Supprimer l'article « ${media.title} » ?`}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </Box>
  );
}
