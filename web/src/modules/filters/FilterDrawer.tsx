import { CloseButton, Drawer, Portal } from "@chakra-ui/react";
import { type RefObject, useId } from "react";
import { FilterFields, type FilterPanelInput, PanelButtons, submitHandler, useFilterDraft } from "./FilterFields";
import "../../ui/more-recipes";

interface FilterDrawerProps extends FilterPanelInput {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: the focus goes back there when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The left drawer of small screens, loaded the first time the 'Filtres' button is pressed. */
export default function FilterDrawer({ open, onOpenChange, trigger, ...input }: FilterDrawerProps) {
  const formId = useId();
  // Mounted when opened: the draft starts from the filters applied.
  const props = useFilterDraft(input);
  return (
    <Drawer.Root
      placement="start"
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      finalFocusEl={() => trigger.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Filtres</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <form id={formId} onSubmit={submitHandler(props.onApply, () => onOpenChange(false))} noValidate>
                <FilterFields {...props} />
              </form>
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px">
              <PanelButtons formId={formId} onReset={props.onReset} />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer les filtres" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
