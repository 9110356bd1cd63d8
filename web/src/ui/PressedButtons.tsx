import { Button, HStack } from "@chakra-ui/react";
import { type ReactNode } from "react";

/**
 * A group of buttons of which one is pressed (`aria-pressed`): a choice between views or
 * statuses that applies at once (« Liste / Carte », the reports' statuses).
 */
export function PressedButtons<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's name, read by screen readers (« Affichage des résultats »). */
  label: string;
  options: readonly { value: V; label: ReactNode }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <HStack role="group" aria-label={label} gap="2" flexWrap="wrap">
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={option.value === value ? "solid" : "outline"}
          colorPalette="brand"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </HStack>
  );
}
