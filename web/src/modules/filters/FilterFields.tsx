import { Button, HStack, Stack } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { CheckboxGroup } from "../../ui/CheckboxGroup";
import { LocationPicker } from "../geo/LocationPicker";
import { OPEN_LABELS, VACANCIES_LABEL } from "./active-filters";
import { type DraftErrors, draftFromFilters, type FilterDraft, filtersFromDraft } from "./draft";
import { EventFilters, NewsCategoryFilter } from "./NewsCategoryFilters";
import { ServiceTypeFilter } from "./ServiceTypeFilter";
import {
  EMPTY_FILTERS,
  type ListFilters,
  type ListMode,
  offersEventFilters,
  type OpenFilter,
  serialiseListState,
  VACANCIES_VALUE,
} from "./url-state";
import { useFilterOptions } from "./useFilterOptions";

const OPEN_OPTIONS = (Object.keys(OPEN_LABELS) as OpenFilter[]).map((value) => ({ value, label: OPEN_LABELS[value] }));
const VACANCIES_OPTIONS = [{ value: VACANCIES_VALUE, label: VACANCIES_LABEL }];

/** What a panel (side panel or drawer) receives from its list. */
export interface FilterPanelInput {
  mode: ListMode;
  /** The filters the list applies now. */
  filters: ListFilters;
  onApply: (filters: ListFilters) => void;
}

export interface FilterPanelProps {
  mode: ListMode;
  draft: FilterDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<FilterDraft>) => void;
  /** Applies the draft; false when it has errors. */
  onApply: () => boolean;
  onReset: () => void;
}

/**
 * A panel edits a draft of the filters; 'Rechercher' applies it. A change of the applied
 * filters (a chip removed, the back button) starts the draft again from them.
 */
export function useFilterDraft({ mode, filters, onApply }: FilterPanelInput): FilterPanelProps {
  const appliedKey = serialiseListState({ text: "", page: 1, filters }, mode).toString();
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(filters));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [draftOf, setDraftOf] = useState(appliedKey);
  if (draftOf !== appliedKey) {
    setDraftOf(appliedKey);
    setDraft(draftFromFilters(filters));
    setErrors({});
  }
  return {
    mode,
    draft,
    errors,
    onChange: (patch) => setDraft((current) => ({ ...current, ...patch })),
    onApply: () => {
      const outcome = filtersFromDraft(draft, mode);
      setErrors(outcome.errors ?? {});
      if (outcome.filters) onApply(outcome.filters);
      return outcome.filters !== null;
    },
    onReset: () => {
      setDraft(draftFromFilters(EMPTY_FILTERS));
      setErrors({});
      onApply(EMPTY_FILTERS);
    },
  };
}

/** The filters of a mode, editing the draft; Enter in a text field submits the surrounding form. */
export function FilterFields({
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
      {mode === "services" && (
        <CheckboxGroup
          legend="Horaires"
          options={OPEN_OPTIONS}
          value={draft.open}
          onChange={(open) => onChange({ open })}
        />
      )}
      {mode === "services" && (
        <CheckboxGroup
          legend="Accueil du jeune enfant"
          options={VACANCIES_OPTIONS}
          value={draft.vacancies ? [VACANCIES_VALUE] : []}
          onChange={(chosen) => onChange({ vacancies: chosen.length > 0 })}
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

export function PanelButtons({ formId, onReset }: { formId: string; onReset: () => void }) {
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

/**
 * Applies the filters; refused (a date that is not one), the focus goes to the first field in
 * error once it is drawn, as in the portal's other forms.
 */
export const submitHandler = (onApply: () => boolean, then?: () => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  const form = event.currentTarget;
  if (onApply()) then?.();
  else requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
};
