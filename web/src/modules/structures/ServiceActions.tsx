import { Box, Button, HStack } from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ServiceFullFragment } from "../../generated/graphql";
import { BusyOverlay } from "../../ui/BusyOverlay";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useDeleteService } from "./useDeleteService";

const ServiceFormDialog = lazy(() => import("./ServiceFormDialog"));

/** Spec §9: after a deletion the page goes back one step after 1 s. */
export const BACK_AFTER_DELETE_MS = 1000;

/** The edit and delete actions of the service's members or an admin, as the server allows them. */
export function ServiceActions({ service }: { service: ServiceFullFragment }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { remove, forget } = useDeleteService();
  const deleted = useRef(false);

  // Once the page is left, the deleted sheet leaves the cache too.
  useEffect(() => {
    const id = service.id;
    return () => {
      if (deleted.current) forget(id);
    };
  }, [service.id, forget]);

  if (!service.viewerCan.update && !service.viewerCan.delete) return null;

  const confirmDelete = async () => {
    if (!(await remove(service.id))) return;
    deleted.current = true;
    setTimeout(() => (window.history.length > 1 ? navigate(-1) : navigate("/services")), BACK_AFTER_DELETE_MS);
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
      aria-label="Actions sur le service"
    >
      <HStack gap="2">
        {service.viewerCan.update && (
          <Button colorPalette="brand" borderRadius="full" onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )}
        {service.viewerCan.delete && (
          <Button colorPalette="red" variant="outline" borderRadius="full" onClick={() => setDeleting(true)}>
            Supprimer
          </Button>
        )}
      </HStack>
      {editing && (
        <Suspense fallback={<BusyOverlay busy label="Chargement du formulaire" />}>
          <ServiceFormDialog mode="edit" service={service} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        title={`Supprimer le service « ${service.serviceName} » ?`}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Box>
  );
}
