import { Box, Button, HStack } from "@chakra-ui/react";
import { useEffect, useEffectEvent, useRef } from "react";
import { touchTarget } from "../../ui/theme-config";
import { useHydrated } from "../../ui/useHydrated";
import { activeFilters } from "./active-filters";
import { type ListFilters } from "./url-state";
import { type FilterOptions } from "./useFilterOptions";

interface FilterChipsProps {
  /** The filters applied (networks the viewer may filter on only). */
  filters: ListFilters;
  options: FilterOptions;
  onApply: (filters: ListFilters) => void;
  /** Where the keyboard focus goes when the last chip is removed. */
  onEmptied: () => void;
}

/**
 * The filters applied, above the results: each one a chip (« Crèche × »), whatever chose it (the
 * filters panel, a place, a shared link), so that « Filtres ③ » says which three. Removing one
 * applies at once. Loaded apart from the list: most visits filter nothing.
 */
export default function FilterChips({ filters, options, onApply, onEmptied }: FilterChipsProps) {
  const list = useRef<HTMLDivElement>(null);
  // The position of a chip just removed, so the focus moves to its neighbour, not to the page.
  const removedAt = useRef<number | null>(null);
  // Shown by the server, these chips come alive once their code has arrived, a moment after the
  // page: until then a tap would be lost (React drops it), so they say they are not ready.
  const live = useHydrated();
  const chips = activeFilters(filters, options);
  const chipsKey = chips.map((chip) => chip.key).join("|");

  const focusAfterRemoval = useEffectEvent(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll("button") ?? [];
    if (buttons.length === 0) onEmptied();
    else buttons[Math.min(at, buttons.length - 1)].focus();
  });
  // Keyed on the chips: runs once the removal has reached the URL and the list.
  useEffect(() => focusAfterRemoval(), [chipsKey]);

  if (chips.length === 0) return null;
  return (
    <HStack as="ul" ref={list} aria-label="Filtres actifs" gap="2" flexWrap="wrap" listStyleType="none" m="0" p="0">
      {chips.map((chip, index) => (
        <Box as="li" key={chip.key} maxW="full">
          {/* The whole chip removes its filter: a large target, its name read with the action. */}
          <Button
            size="sm"
            variant="subtle"
            colorPalette={chip.palette}
            aria-label={chip.removeLabel}
            disabled={!live}
            // A long one (an event's place as typed) wraps within the phone's width.
            whiteSpace="normal"
            overflowWrap="anywhere"
            textAlign="start"
            maxW="full"
            h="auto"
            minH={touchTarget("9")}
            py="1"
            onClick={() => {
              removedAt.current = index;
              onApply(chip.without(filters));
            }}
          >
            {chip.label}
            <Box as="span" aria-hidden="true" fontSize="lg" lineHeight="1">
              ×
            </Box>
          </Button>
        </Box>
      ))}
    </HStack>
  );
}
