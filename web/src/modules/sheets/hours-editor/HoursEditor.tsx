import { Button, chakra, Checkbox, Stack, Text } from "@chakra-ui/react";
import "../../../ui/more-recipes";
import { type HoursValues, WEEKDAYS } from "../sheet-form";
import { ClosuresEditor } from "./ClosuresEditor";
import { DayRow } from "./DayRow";
import { HoursErrorContext } from "./fields";
import { SpecialOpeningsEditor } from "./SpecialOpeningsEditor";
import { useHoursEditor } from "./useHoursEditor";

const Fieldset = chakra("fieldset");
const Legend = chakra("legend");

/**
 * The hours of a service sheet: each day closed, open (ranges) or by appointment; public
 * holidays; temporary closures and exceptional openings. Native selects, time and date fields:
 * usable with the keyboard and read by screen readers, on phones with their own pickers.
 */
export function HoursEditor({
  value,
  onChange,
  error,
  id,
  onBlur,
}: {
  value: HoursValues;
  onChange: (value: HoursValues) => void;
  error?: string;
  id: string;
  onBlur: () => void;
}) {
  const editor = useHoursEditor(value, onChange, error);
  const { errorId, monday } = editor;

  return (
    <HoursErrorContext.Provider value={editor.errorAt}>
      <Fieldset
        id={id}
        tabIndex={-1}
        // A fieldset is at least as wide as its content (min-content): on a phone it would push
        // the dialog sideways instead of letting its rows wrap.
        minW="0"
        borderWidth="1px"
        borderColor={error ? "red.600" : "gray.200"}
        borderRadius="md"
        p="4"
        aria-describedby={error ? errorId : undefined}
        onBlur={onBlur}
      >
        <Legend fontWeight="semibold" px="1">
          Horaires d'ouverture (facultatif)
        </Legend>
        <Text fontSize="sm" color="gray.700" mb="3">
          Heure de Paris. Les familles voient sur la fiche et dans la liste si le service est ouvert aujourd'hui.
        </Text>
        <Stack gap="4">
          {WEEKDAYS.map(({ day, label }, index) => (
            <DayRow
              key={day}
              label={label}
              index={index}
              selectId={`${id}-${day}`}
              day={value.week[index]}
              onChange={(changed) => editor.setDay(index, changed)}
            />
          ))}
          {monday.mode !== "closed" && (
            <Button
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              whiteSpace="normal"
              h="auto"
              minH="8"
              py="1"
              textAlign="start"
              onClick={editor.copyMondayToWeekdays}
            >
              Appliquer les horaires du lundi du mardi au vendredi
            </Button>
          )}

          <Checkbox.Root
            checked={value.closedOnPublicHolidays}
            onCheckedChange={(details) => editor.patch({ closedOnPublicHolidays: details.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Fermé les jours fériés</Checkbox.Label>
          </Checkbox.Root>

          <ClosuresEditor
            closures={value.closures}
            onChange={editor.closures.change}
            onAdd={editor.closures.add}
            onRemove={editor.closures.remove}
          />
          <SpecialOpeningsEditor
            openings={value.specialOpenings}
            onChange={editor.openings.change}
            onAdd={editor.openings.add}
            onRemove={editor.openings.remove}
          />
        </Stack>
        {error && (
          <Text id={errorId} color="red.700" fontSize="sm" mt="3" role="alert">
            {error}
          </Text>
        )}
      </Fieldset>
    </HoursErrorContext.Provider>
  );
}
