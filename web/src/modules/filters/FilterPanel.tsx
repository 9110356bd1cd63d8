import { Badge, Box, Button, CloseButton, Drawer, Heading, HStack, Portal, Stack } from "@chakra-ui/react";
import { FormEvent, useId, useState } from "react";
import { CheckboxGroup } from "../../ui/CheckboxGroup";
import { LocationPicker } from "../geo/LocationPicker";
import { DraftErrors, FilterDraft } from "./draft";
import { EventFilters, NewsCategoryFilter } from "./NewsCategoryFilters";
import { ServiceTypeFilter } from "./ServiceTypeFilter";
import { ListMode, offersEventFilters } from "./url-state";
import { useFilterOptions } from "./useFilterOptions";

export interface FilterPanelProps {
  mode: ListMode;
  draft: FilterDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<FilterDraft>) => void;
  /** Applies the draft; false when it has errors. */
  onApply: () => boolean;
  onReset: () => void;
}

/** The filters of a mode, editing the draft; Enter in a text field submits the surrounding form. */
function FilterFields({
  mode,
  draft,
  errors,
  onChange,
}: Pick<FilterPanelProps, "mode" | "draft" | "errors" | "onChange">) {
  const options = useFilterOptions(mode);
  return (
    <Stack gap="6">
      <CheckboxGroup
        legend="Familles"
        options={options.ages}
        value={draft.ages}
        onChange={(ages) => onChange({ ages })}
      />
      {mode === "services" ? (
        <ServiceTypeFilter
          options={options.serviceTypes}
          value={draft.types}
          onChange={(types) => onChange({ types })}
        />
      ) : (
        <CheckboxGroup
          legend="Thématiques"
          options={options.thematics}
          value={draft.thematics}
          onChange={(thematics) => onChange({ thematics })}
        />
      )}
      {options.networks.length > 0 && (
        <CheckboxGroup
          legend="Réseaux"
          options={options.networks}
          value={draft.networks}
          onChange={(networks) => onChange({ networks })}
        />
      )}
      <LocationPicker
        value={{ epci: draft.epci, city: draft.towns }}
        onChange={(locations) => onChange({ epci: locations.epci, towns: locations.city })}
      />
      {mode === "news" && (
        <NewsCategoryFilter
          value={draft.category}
          categoryLabel={options.categoryLabel}
          onChange={(category) => onChange({ category })}
        />
      )}
      {offersEventFilters(mode, draft.category) && <EventFilters draft={draft} errors={errors} onChange={onChange} />}
    </Stack>
  );
}

function PanelButtons({ formId, onReset }: { formId: string; onReset: () => void }) {
  return (
    <HStack gap="3" width="100%">
      <Button type="submit" form={formId} colorPalette="brand" flex="1">
        Rechercher
      </Button>
      <Button type="button" variant="outline" onClick={onReset} flex="1">
        Réinitialiser
      </Button>
    </HStack>
  );
}

const submitHandler = (onApply: () => boolean, then?: () => void) => (event: FormEvent) => {
  event.preventDefault();
  if (onApply()) then?.();
};

/** The side panel of wide screens; its buttons stay in view at the bottom while it scrolls. */
export function FilterSidebar(props: FilterPanelProps) {
  const formId = useId();
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} bg="white" borderWidth="1px" borderRadius="lg">
      <Heading as="h2" size="lg" id={headingId} px="4" pt="4">
        Filtres
      </Heading>
      <form id={formId} onSubmit={submitHandler(props.onApply)} noValidate>
        <Box px="4" py="4">
          <FilterFields {...props} />
        </Box>
      </form>
      <Box position="sticky" bottom="0" bg="white" borderTopWidth="1px" borderBottomRadius="lg" px="4" py="3">
        <PanelButtons formId={formId} onReset={props.onReset} />
      </Box>
    </Box>
  );
}

/** The left drawer of small screens, opened by a 'Filtres' button that counts the active filters. */
export function FilterDrawer({
  activeCount,
  onOpen,
  ...props
}: FilterPanelProps & { activeCount: number; onOpen: () => void }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Drawer.Root
      placement="start"
      open={open}
      onOpenChange={(event) => {
        if (event.open) onOpen();
        setOpen(event.open);
      }}
    >
      <Drawer.Trigger asChild>
        <Button
          variant="outline"
          colorPalette="brand"
          flexShrink={0}
          aria-label={activeCount > 0 ? `Filtres (${activeCount} actif${activeCount > 1 ? "s" : ""})` : undefined}
        >
          Filtres
          {activeCount > 0 && (
            <Badge colorPalette="brand" variant="solid" borderRadius="full">
              {activeCount}
            </Badge>
          )}
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Filtres</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <form id={formId} onSubmit={submitHandler(props.onApply, () => setOpen(false))} noValidate>
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
