import { Fieldset, Input, RadioGroup, Stack } from "@chakra-ui/react";
import { type Category } from "../../generated/reference";
import { formatIsoDay, parseFrenchDate, SEARCH_TEXT_MAX } from "../../rules";
import { FormField } from "../../ui/FormField";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";

// The services list's « Où ? », loaded when the event filters are shown: a static import would
// take it out of the services list's own chunk, into one of its own that list's first load pays for.
const PlaceField = lazyLoad(() => import("../geo/PlaceField").then((module) => ({ default: module.PlaceField })));
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

/**
 * A day field with the browser's own calendar: typed (JJ/MM/AAAA in French) or picked, with
 * the keyboard and screen readers the browser supports. The draft keeps the French text;
 * an incomplete or impossible date becomes « Date invalide » on « Rechercher ».
 */
function DayField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (text: string) => void;
}) {
  const iso = parseFrenchDate(value) ?? "";
  return (
    <FormField label={label} helper="Tapez la date (JJ/MM/AAAA) ou choisissez-la dans le calendrier" error={error}>
      <Input
        // A half-typed date has no value yet: React leaves the field alone while its value is "".
        type="date"
        size="sm"
        bg="white"
        min="2000-01-01"
        max="2100-12-31"
        value={iso}
        onChange={(event) => {
          const { value: picked, validity } = event.target;
          onChange(picked ? formatIsoDay(picked) : validity.badInput ? "?" : "");
        }}
      />
    </FormField>
  );
}

/**
 * « Où ? » (a town, a postcode, an address or « Autour de moi », and a radius: the services
 * list's own field), the event period (both ends optional, typed or picked) and the words of
 * its place, offered with the event category.
 */
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
        <LazyPart>
          <PlaceField place={draft.eventNear} onChange={(eventNear) => onChange({ eventNear })} />
        </LazyPart>
        <DayField
          label="À partir du"
          value={draft.eventFrom}
          error={errors.eventFrom}
          onChange={(eventFrom) => onChange({ eventFrom })}
        />
        <DayField
          label="Jusqu'au"
          value={draft.eventTo}
          error={errors.eventTo}
          onChange={(eventTo) => onChange({ eventTo })}
        />
        <FormField label="Lieu">
          <Input
            size="sm"
            bg="white"
            autoComplete="off"
            maxLength={SEARCH_TEXT_MAX}
            value={draft.eventPlace}
            onChange={(event) => onChange({ eventPlace: event.target.value })}
          />
        </FormField>
      </Stack>
    </Fieldset.Root>
  );
}
