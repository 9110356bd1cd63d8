import { Button } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { type ServiceFullFragment } from "../../generated/sheet-editing";
import { useUpdateServiceAvailabilityMutation } from "../../generated/availability";
import { notify } from "../../ui/toaster";
import AvailabilityForm from "./AvailabilityForm";

/**
 * On a child care sheet's page, for its members and administrators: « Mettre à jour les places »
 * opens the form; saved, the page shows the new line at once (the mutation answers it).
 */
export default function SheetAvailabilityEditor({ service }: { service: ServiceFullFragment }) {
  const [open, setOpen] = useState(false);
  const [update] = useUpdateServiceAvailabilityMutation();
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  if (!open)
    return (
      <Button
        ref={opener}
        variant="outline"
        colorPalette="brand"
        minH="11"
        alignSelf="flex-start"
        onClick={() => setOpen(true)}
      >
        Mettre à jour les places
      </Button>
    );
  return (
    <AvailabilityForm
      initial={service.availability}
      focusFirst
      onCancel={close}
      save={async (input) => {
        await update({ variables: { id: service.id, input } });
        notify.info("Places disponibles enregistrées");
        close();
      }}
    />
  );
}
