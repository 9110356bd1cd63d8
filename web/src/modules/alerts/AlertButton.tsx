import { Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";
import { LiveButton } from "../../ui/LiveButton";
import type { ListMode, ListState } from "../filters/url-state";
import type { AlertSearch } from "./alert-search";

// The form and its dialog load on the first tap: the lists' first load stays as it was.
const AlertDialog = lazyLoad(() => import("./AlertDialog"));

/**
 * « Me prévenir »: follow the list's search by e-mail. Rendered with the list (nothing moves when
 * the page comes alive), pressable once it is live.
 */
export default function AlertButton({
  mode,
  state,
  search,
}: {
  mode: ListMode;
  state: ListState;
  search: AlertSearch;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="2" align="flex-start">
      <Text color="gray.700">Être prévenu·e par e-mail de ce qui paraît de nouveau pour cette recherche :</Text>
      <LiveButton
        variant="outline"
        colorPalette="brand"
        size="sm"
        alignSelf="flex-start"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Me prévenir
      </LiveButton>
      {open && (
        <LazyPart>
          <AlertDialog mode={mode} state={state} search={search} onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </Stack>
  );
}
