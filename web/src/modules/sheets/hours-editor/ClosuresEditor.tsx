import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import type { ClosureValues } from "../sheet-form";
import { DateField, NoteField } from "./fields";

/** Temporary closures: from a date to a date, with an optional note. */
export function ClosuresEditor({
  closures,
  onChange,
  onAdd,
  onRemove,
}: {
  closures: ClosureValues[];
  onChange: (index: number, changes: Partial<ClosureValues>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Stack gap="2">
      <Text fontWeight="medium">Fermetures temporaires</Text>
      {closures.map((closure, index) => (
        <HStack key={index} gap="3" alignItems="flex-end" flexWrap="wrap">
          <DateField
            context={`Fermeture ${index + 1} :`}
            label="du"
            field={`closure-${index}-from`}
            value={closure.from}
            onChange={(from) => onChange(index, { from })}
          />
          <DateField
            context={`Fermeture ${index + 1} :`}
            label="au"
            field={`closure-${index}-to`}
            value={closure.to}
            onChange={(to) => onChange(index, { to })}
          />
          <NoteField
            context={`Fermeture ${index + 1} :`}
            label="Précision"
            value={closure.note}
            onChange={(note) => onChange(index, { note })}
          />
          <Button
            variant="ghost"
            size="sm"
            color="red.700"
            onClick={() => onRemove(index)}
            aria-label={`Retirer la fermeture ${index + 1}`}
          >
            Retirer
          </Button>
        </HStack>
      ))}
      <Button variant="outline" size="sm" alignSelf="flex-start" onClick={onAdd}>
        Ajouter une fermeture
      </Button>
    </Stack>
  );
}
