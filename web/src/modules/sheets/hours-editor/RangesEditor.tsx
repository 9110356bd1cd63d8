import { Button, HStack, Stack } from "@chakra-ui/react";
import { useRef } from "react";
import { MAX_RANGES, nextRange, type RangeValues } from "../sheet-form";
import { TimeField } from "./fields";

/** A day's (or an exceptional opening's) ranges: « de … à … », added and removed one by one. */
export function RangesEditor({
  name,
  field,
  ranges,
  onChange,
}: {
  /** « Lundi », « Ouverture du 28/12 »: prefixes each field's accessible name. */
  name: string;
  /** The prefix of its fields' keys (« week-0 »). */
  field: string;
  ranges: RangeValues[];
  onChange: (ranges: RangeValues[]) => void;
}) {
  const set = (index: number, patch: Partial<RangeValues>) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, ...patch } : range)));
  // A range removed, the focus goes to « Ajouter une plage » (it was lost to the page's top).
  const addButton = useRef<HTMLButtonElement>(null);
  const remove = (index: number) => {
    onChange(ranges.filter((_, i) => i !== index));
    requestAnimationFrame(() => addButton.current?.focus());
  };
  return (
    <Stack gap="2">
      {ranges.map((range, index) => (
        <HStack key={index} gap="3" alignItems="flex-end" flexWrap="wrap">
          <TimeField
            context={`${name}, plage ${index + 1} :`}
            label="de"
            field={`${field}-r${index}-start`}
            value={range.start}
            onChange={(start) => set(index, { start })}
          />
          <TimeField
            context={`${name}, plage ${index + 1} :`}
            label="à"
            field={`${field}-r${index}-end`}
            value={range.end}
            onChange={(end) => set(index, { end })}
          />
          <Button
            variant="ghost"
            size="sm"
            color="red.700"
            onClick={() => remove(index)}
            aria-label={`Retirer la plage ${index + 1} (${name})`}
          >
            Retirer
          </Button>
        </HStack>
      ))}
      {ranges.length < MAX_RANGES && (
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          onClick={() => onChange([...ranges, nextRange(ranges)])}
          aria-label={`Ajouter une plage horaire (${name})`}
        >
          Ajouter une plage
        </Button>
      )}
    </Stack>
  );
}
