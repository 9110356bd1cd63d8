import { Button } from "@chakra-ui/react";
import { useState } from "react";
import type { ReportItemType } from "../../generated/reports";
import { useHydrated } from "../../ui/useHydrated";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";

// The form and its dialog load on the first tap: the public page stays light.
const ReportErrorDialog = lazyLoad(() => import("./ReportErrorDialog"));

/** « Signaler une erreur »: a discreet button under a service sheet or an article, for anyone. */
export function ReportErrorButton({ itemType, id, label }: { itemType: ReportItemType; id: string; label: string }) {
  // Shown once the page is live: a tap on it always does something.
  const live = useHydrated();
  const [open, setOpen] = useState(false);
  if (!live) return null;
  return (
    <>
      <Button
        variant="ghost"
        colorPalette="gray"
        size="sm"
        alignSelf="flex-start"
        textDecoration="underline"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Signaler une erreur
      </Button>
      {open && (
        <LazyPart>
          <ReportErrorDialog item={{ itemType, id, label }} onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </>
  );
}
