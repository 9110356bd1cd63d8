import { useFieldContext } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { type AddressSuggestionsQuery, useAddressSuggestionsQuery } from "../../generated/sheet-editing";
import { Combobox } from "../../ui/Combobox";
import { errorMessage } from "../../ui/errors";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { ADDRESS_DEBOUNCE_MS, ADDRESS_MIN_LENGTH } from "./address-search";
import "../../ui/more-recipes";
import { ADDRESS_MAX } from "../../form-rules";

export type AddressSuggestion = AddressSuggestionsQuery["addressSuggestions"][number];

export { ADDRESS_DEBOUNCE_MS, ADDRESS_MIN_LENGTH } from "./address-search";
/** Shown when the failure carries no French message of the server (network failure…). */
export const ADDRESS_UNAVAILABLE =
  "Les suggestions d'adresses sont indisponibles pour le moment : saisissez l'adresse complète.";

interface AddressFieldProps {
  value: string;
  /** Every typed change (the form stays usable when no suggestion is picked). */
  onChange: (text: string) => void;
  /** A suggestion was chosen: the form fills the postcode, town, EPCI and location from it. */
  onPick: (suggestion: AddressSuggestion) => void;
  /** INSEE code of the chosen town: suggestions are limited to it. */
  townCode?: string | null;
  onBlur?: () => void;
  placeholder?: string;
  maxLength?: number;
  /** Given by the surrounding FormField: its hint and error, and whether it is in error. */
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

/**
 * A free-text address input that suggests the department's addresses as the user
 * types (ARIA 1.2 combobox with a listbox popup: arrows, Enter, Escape). Meant to sit
 * inside a labelled field (FormField): the label, helper and error come from it.
 */
export function AddressField({
  value,
  onChange,
  onPick,
  townCode,
  onBlur,
  placeholder = "ex. : 12 rue des Écoles",
  maxLength = ADDRESS_MAX,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: AddressFieldProps) {
  const field = useFieldContext();
  // The text the user typed last: the value set by the form (editing, picking) is never searched.
  const [typed, setTyped] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  const search = useDebouncedValue(typed.trim(), ADDRESS_DEBOUNCE_MS);
  const searching = search.length >= ADDRESS_MIN_LENGTH;
  const { data, previousData, loading, error } = useAddressSuggestionsQuery({
    variables: { query: search, townCode: townCode || null },
    skip: !searching,
  });

  // The last failure stays shown until a search succeeds again (no flicker while the next one loads).
  useEffect(() => {
    if (error) setFailure(errorMessage(error, ADDRESS_UNAVAILABLE));
    else if (data) setFailure(null);
  }, [error, data]);

  const suggestions = searching && !error ? ((data ?? previousData)?.addressSuggestions ?? []) : [];
  const shown = typed.trim().length >= ADDRESS_MIN_LENGTH ? suggestions : [];
  const options = shown.map((suggestion, index) => ({
    key: `${suggestion.label}-${index}`,
    label: suggestion.label,
    suggestion,
  }));

  return (
    <Combobox
      value={value}
      onType={(text) => {
        onChange(text);
        setTyped(text);
      }}
      options={options}
      onPick={(option) => onPick(option.suggestion)}
      listLabel="Adresses proposées"
      status={!searching || loading || error ? "" : suggestionCount(suggestions.length)}
      loading={searching && loading}
      note={failure}
      describedBy={describedBy ?? field?.ariaDescribedby}
      invalid={invalid ?? field?.invalid}
      placeholder={placeholder}
      maxLength={maxLength}
      onBlur={onBlur}
    />
  );
}

/** "3 adresses proposées" for the screen-reader announcement. */
export function suggestionCount(count: number): string {
  if (count === 0) return "Aucune adresse proposée : vous pouvez saisir l'adresse à la main.";
  return count === 1 ? "1 adresse proposée" : `${count} adresses proposées`;
}
