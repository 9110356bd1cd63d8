import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import type { SpecialOpeningValues } from "../sheet-form";
import { DateField, NoteField } from "./fields";
import { RangesEditor } from "./RangesEditor";

/** Exceptional openings: a date, its ranges and an optional note. */
export function SpecialOpeningsEditor({
  openings,
  onChange,
  onAdd,
  onRemove,
}: {
  openings: SpecialOpeningValues[];
  onChange: (index: number, changes: Partial<SpecialOpeningValues>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Stack gap="2">
      <Text fontWeight="medium">Ouvertures exceptionnelles</Text>
      {openings.map((opening, index) => (
        <Stack key={index} gap="2" borderLeftWidth="3px" borderColor="brand.200" ps="3">
          <HStack gap="3" alignItems="flex-end" flexWrap="wrap">
            <DateField
              context={`Ouverture exceptionnelle ${index + 1} :`}
              label="le"
              field={`opening-${index}-date`}
              value={opening.date}
              onChange={(date) => onChange(index, { date })}
            />
            <NoteField
              context={`Ouverture exceptionnelle ${index + 1} :`}
              label="Précision"
              value={opening.note}
              onChange={(note) => onChange(index, { note })}
            />
            <Button
              variant="ghost"
              size="sm"
              color="red.700"
              onClick={() => onRemove(index)}
              aria-label={`Retirer l'ouverture exceptionnelle ${index + 1}`}
            >
              Retirer
            </Button>
          </HStack>
          <RangesEditor
            name={`Ouverture exceptionnelle ${index + 1}`}
            field={`opening-${index}`}
            ranges={opening.ranges}
            onChange={(ranges) => onChange(index, { ranges })}
          />
        </Stack>
      ))}
      <Button variant="outline" size="sm" alignSelf="flex-start" onClick={onAdd}>
        Ajouter une ouverture exceptionnelle
      </Button>
    </Stack>
  );
}
