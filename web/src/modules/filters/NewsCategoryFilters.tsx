import { Fieldset, Input, RadioGroup, Stack } from "@chakra-ui/react";
import { type Category } from "../../generated/reference";
import { FormField } from "../../ui/FormField";
import { type DraftErrors, type FilterDraft } from "./draft";
import { type NewsCategory } from "./url-state";
import "../../ui/more-recipes";

const BOTH = "BOTH";

/** The news category choice (news, events or both). */
export function NewsCategoryFilter({
  value,
  onChange,
  categoryLabel,
}: {
  value: NewsCategory | null;
  onChange: (value: NewsCategory | null) => void;
  categoryLabel: (category: Category) => string;
}) {
  const news = categoryLabel("NEW");
  const events = categoryLabel("EVENT");
  if (!news || !events) return null;
  const items = [
    { value: BOTH, label: "Toutes" },
    { value: "NEW", label: news },
    { value: "EVENT", label: events },
  ];
  return (
    <RadioGroup.Root
      size="sm"
      colorPalette="brand"
      value={value ?? BOTH}
      onValueChange={(event) => onChange(event.value === "NEW" || event.value === "EVENT" ? event.value : null)}
    >
      <RadioGroup.Label fontWeight="semibold" color="gray.900" fontSize="md">
        Catégorie
      </RadioGroup.Label>
      <Stack gap="1.5" mt="2">
        {items.map((item) => (
          <RadioGroup.Item key={item.value} value={item.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{item.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

/** Event period (DD/MM/YYYY, both ends optional) and place, offered with the event category. */
export function EventFilters({
  draft,
  errors,
  onChange,
}: {
  draft: FilterDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<FilterDraft>) => void;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" color="gray.900">
        Évènement
      </Fieldset.Legend>
      <Stack gap="3" mt="2">
        <FormField label="À partir du" helper="Format JJ/MM/AAAA" error={errors.eventFrom}>
          <Input
            size="sm"
            bg="white"
            inputMode="numeric"
            autoComplete="off"
            placeholder="JJ/MM/AAAA"
            value={draft.eventFrom}
            onChange={(event) => onChange({ eventFrom: event.target.value })}
          />
        </FormField>
        <FormField label="Jusqu'au" helper="Format JJ/MM/AAAA" error={errors.eventTo}>
          <Input
            size="sm"
            bg="white"
            inputMode="numeric"
            autoComplete="off"
            placeholder="JJ/MM/AAAA"
            value={draft.eventTo}
            onChange={(event) => onChange({ eventTo: event.target.value })}
          />
        </FormField>
        <FormField label="Lieu">
          <Input
            size="sm"
            bg="white"
            autoComplete="off"
            maxLength={200}
            value={draft.eventPlace}
            onChange={(event) => onChange({ eventPlace: event.target.value })}
          />
        </FormField>
      </Stack>
    </Fieldset.Root>
  );
}
