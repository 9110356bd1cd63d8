import { Box, HStack, NativeSelect, Text } from "@chakra-ui/react";
import { type DayMode, type DayValues, withDayMode } from "../sheet-form";
import { Label, useFieldError } from "./fields";
import { RangesEditor } from "./RangesEditor";
import "../../../ui/more-recipes";

const DAY_MODES: Array<{ value: DayMode; label: string }> = [
  { value: "closed", label: "Fermé" },
  { value: "open", label: "Ouvert" },
  { value: "appointment", label: "Sur rendez-vous" },
];

/** One day of the week: closed, open or by appointment, and its ranges when it is not closed. */
export function DayRow({
  label,
  index,
  selectId,
  day,
  onChange,
}: {
  /** « Lundi » */
  label: string;
  /** Its place in the week (0 for Monday): its fields' keys (« week-0-mode »). */
  index: number;
  selectId: string;
  day: DayValues;
  onChange: (day: DayValues) => void;
}) {
  const invalid = useFieldError(`week-${index}-mode`);
  return (
    <Box borderBottomWidth="1px" borderColor="gray.100" pb="3">
      <HStack gap="3" flexWrap="wrap">
        <Label htmlFor={selectId} fontWeight="medium" minW="6rem">
          {label}
        </Label>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={selectId}
            {...invalid}
            value={day.mode}
            bg="white"
            onChange={(event) => onChange(withDayMode(day, event.target.value as DayMode))}
          >
            {DAY_MODES.map((mode) => (
              <option key={mode.value} value={mode.value}>
                {mode.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {day.mode !== "closed" && (
        <Box mt="2" ps={{ base: "0", sm: "6" }}>
          {day.mode === "appointment" && (
            <Text fontSize="sm" color="gray.700" mb="1">
              Heures des rendez-vous (facultatif).
            </Text>
          )}
          <RangesEditor
            name={label}
            field={`week-${index}`}
            ranges={day.ranges}
            onChange={(ranges) => onChange({ ...day, ranges })}
          />
        </Box>
      )}
    </Box>
  );
}
