import { Box, Input, InputGroup, Spinner, Text, useFieldContext, VisuallyHidden } from "@chakra-ui/react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { type AddressSuggestionsQuery, useAddressSuggestionsQuery } from "../../generated/services";
import { errorMessage } from "../../ui/errors";
import { useDebouncedValue } from "../users/useDebouncedValue";
import "../../ui/more-recipes";

export type AddressSuggestion = AddressSuggestionsQuery["addressSuggestions"][number];

/** Typing is debounced briefly: the suggestions follow the text without one call per key. */
export const ADDRESS_DEBOUNCE_MS = 200;
export const ADDRESS_MIN_LENGTH = 3;
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
  maxLength = 255,
}: AddressFieldProps) {
  const field = useFieldContext();
  const listboxId = useId();
  const failureId = useId();
  // The text the user typed last: the value set by the form (editing, picking) is never searched.
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failure, setFailure] = useState<string | null>(null);

  const search = useDebouncedValue(typed.trim(), ADDRESS_DEBOUNCE_MS);
  const searching = open && search.length >= ADDRESS_MIN_LENGTH;
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
  const expanded = suggestions.length > 0 && typed.trim().length >= ADDRESS_MIN_LENGTH;
  const activeIndex = expanded && active < suggestions.length ? active : -1;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const pick = (suggestion: AddressSuggestion) => {
    onPick(suggestion);
    setOpen(false);
    setActive(-1);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          // Reopens the list of the current text on its first suggestion.
          setTyped(value);
          setOpen(true);
          setActive(0);
        } else if (count > 0) setActive(activeIndex < 0 ? 0 : (activeIndex + 1) % count);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) {
          setTyped(value);
          setOpen(true);
          setActive(-1);
        } else if (count > 0) setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case "Enter":
        // Enter on a highlighted suggestion picks it; otherwise the form submits as usual.
        if (expanded && activeIndex >= 0) {
          event.preventDefault();
          pick(suggestions[activeIndex]);
        }
        break;
      case "Escape":
        // Closes the list only (a surrounding dialog sees aria-expanded and stays open).
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  };

  const describedBy = [field?.ariaDescribedby, failure ? failureId : null].filter(Boolean).join(" ") || undefined;
  const status = !searching || loading || error ? "" : suggestionCount(suggestions.length);

  return (
    <Box position="relative" width="100%">
      <InputGroup
        endElement={searching && loading ? <Spinner size="sm" color="brand.600" aria-hidden="true" /> : undefined}
      >
        <Input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          bg="white"
          onChange={(event) => {
            onChange(event.target.value);
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={keyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
        />
      </InputGroup>
      <Box
        as="ul"
        id={listboxId}
        role="listbox"
        aria-label="Adresses proposées"
        hidden={!expanded}
        position="absolute"
        top="100%"
        insetInline="0"
        mt="1"
        zIndex="dropdown"
        bg="white"
        borderWidth="1px"
        borderRadius="md"
        shadow="md"
        listStyleType="none"
        m="0"
        p="1"
        maxH="64"
        overflowY="auto"
        // Scrolling or clicking the list keeps the focus in the input.
        onMouseDown={(event) => event.preventDefault()}
      >
        {expanded &&
          suggestions.map((suggestion, index) => (
            <Box
              as="li"
              key={`${suggestion.label}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              px="3"
              py="2"
              borderRadius="sm"
              cursor="pointer"
              bg={index === activeIndex ? "brand.100" : undefined}
              color="gray.900"
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(suggestion)}
            >
              {suggestion.label}
            </Box>
          ))}
      </Box>
      <VisuallyHidden aria-live="polite">{status}</VisuallyHidden>
      {/* Always present, so that a failure is announced when it appears. */}
      <Text id={failureId} role="status" fontSize="sm" color="orange.800" mt={failure ? "1.5" : "0"}>
        {failure ?? ""}
      </Text>
    </Box>
  );
}

/** "3 adresses proposées" for the screen-reader announcement. */
export function suggestionCount(count: number): string {
  if (count === 0) return "Aucune adresse proposée : vous pouvez saisir l'adresse à la main.";
  return count === 1 ? "1 adresse proposée" : `${count} adresses proposées`;
}

/**
 * For a surrounding dialog's onEscapeKeyDown: Escape on an open address list only
 * closes the list, not the dialog.
 */
export function keepOpenForExpandedCombobox(event: KeyboardEvent | globalThis.KeyboardEvent) {
  const target = event.target;
  if (
    target instanceof HTMLElement &&
    target.getAttribute("role") === "combobox" &&
    target.getAttribute("aria-expanded") === "true"
  ) {
    event.preventDefault();
  }
}
