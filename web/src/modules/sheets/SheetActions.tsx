import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { type ServiceFullFragment } from "../../generated/sheet-editing";
import { BusyOverlay } from "../../ui/BusyOverlay";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { BACK_AFTER_DELETE_MS, FloatingActions } from "../../ui/FloatingActions";
import { useDeleteSheet } from "./useDeleteSheet";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";

const SheetFormDialog = lazyLoad(() => import("./SheetFormDialog"));

/** The edit and delete actions of the service's members or an admin, as the server allows them. */
export default function SheetActions({ service }: { service: ServiceFullFragment }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { remove, forget } = useDeleteSheet();
  const deleted = useRef(false);

  // Once the page is left, the deleted sheet leaves the cache too.
  useEffect(() => {
    const id = service.id;
    return () => {
      if (deleted.current) forget(id);
    };
  }, [service.id, forget]);

  const confirmDelete = async () => {
    if (!(await remove(service.id))) return;
    deleted.current = true;
    setTimeout(() => (window.history.length > 1 ? navigate(-1) : navigate("/services")), BACK_AFTER_DELETE_MS);
  };

  return (
    <FloatingActions
      label="Actions sur le service"
      abilities={service.viewerCan}
      onEdit={() => setEditing(true)}
      onDelete={() => setDeleting(true)}
    >
      {editing && (
        <LazyPart fallback={<BusyOverlay busy label="Chargement du formulaire" />}>
          <SheetFormDialog mode="edit" service={service} onClose={() => setEditing(false)} />
        </LazyPart>
      )}
      <ConfirmDialog
        open={deleting}
        title={`Supprimer le service « ${service.serviceName} » ?`}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </FloatingActions>
  );
}
