import { Box, Button, HStack } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../ui/useHydrated";

interface LocationChipsProps {
  epci: string[];
  towns: string[];
  onRemove: (place: { epci?: string; town?: string }) => void;
  /** Where the keyboard focus goes when the last chip is removed. */
  onEmptied: () => void;
}

/** The chosen intercommunalités and towns above the results; removing one applies at once. */
export default function LocationChips({ epci, towns, onRemove, onEmptied }: LocationChipsProps) {
  const list = useRef<HTMLDivElement>(null);
  // The position of a chip just removed, so the focus moves to its neighbour, not to the page.
  const [removedAt, setRemovedAt] = useState<number | null>(null);
  // Shown by the server, these chips come alive once their code has arrived, a moment after the
  // page: until then a tap would be lost (React drops it), so they say they are not ready.
  const live = useHydrated();
  const chips = [
    ...epci.map((name) => ({ key: `epci:${name}`, name, palette: "blue", place: { epci: name } })),
    ...towns.map((name) => ({ key: `town:${name}`, name, palette: "green", place: { town: name } })),
  ];
  const chipsKey = chips.map((chip) => chip.key).join("|");

  useEffect(() => {
    if (removedAt === null) return;
    setRemovedAt(null);
    const buttons = list.current?.querySelectorAll("button") ?? [];
    if (buttons.length === 0) onEmptied();
    else buttons[Math.min(removedAt, buttons.length - 1)].focus();
    // Keyed on the chips: runs once the removal has reached the URL and the list.
  }, [chipsKey]);

  if (chips.length === 0) return null;
  return (
    <HStack
      as="ul"
      ref={list}
      aria-label="Territoires sélectionnés"
      gap="2"
      flexWrap="wrap"
      listStyleType="none"
      m="0"
      p="0"
    >
      {chips.map((chip, index) => (
        <li key={chip.key}>
          {/* The whole chip removes its place: a large target, its name read with the action. */}
          <Button
            size="sm"
            variant="subtle"
            colorPalette={chip.palette}
            aria-label={`Retirer ${chip.name} de la recherche`}
            disabled={!live}
            onClick={() => {
              setRemovedAt(index);
              onRemove(chip.place);
            }}
          >
            {chip.name}
            <Box as="span" aria-hidden="true" fontSize="lg" lineHeight="1">
              ×
            </Box>
          </Button>
        </li>
      ))}
    </HStack>
  );
}
