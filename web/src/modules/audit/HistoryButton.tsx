import { Button } from "@chakra-ui/react";
import { useState } from "react";
import type { AuditItemType } from "../../generated/audit";
import { useHydrated } from "../../ui/useHydrated";
import { useSession } from "../auth/session";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";

const HistoryDialog = lazyLoad(() => import("./HistoryDialog"));

/** « Historique » of an item, for administrators (the server refuses anyone else). */
export function HistoryButton({ itemType, id, label }: { itemType: AuditItemType; id: string; label: string }) {
  const { can } = useSession();
  // Shown once the page is live: the server renders pages as a visitor sees them.
  const live = useHydrated();
  const [open, setOpen] = useState(false);
  if (!live || !can.manageUsers) return null;
  return (
    <>
      <Button variant="outline" colorPalette="brand" size="sm" alignSelf="flex-start" onClick={() => setOpen(true)}>
        Historique
      </Button>
      {open && (
        <LazyPart>
          <HistoryDialog title={`Historique : ${label}`} of={{ itemType, id }} onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </>
  );
}
