import { Box, Button, chakra, Checkbox, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { createContext, useContext, useId, useRef } from "react";
import "../../ui/more-recipes";
import {
  type ClosureValues,
  type DayMode,
  type HoursValues,
  hoursErrorAt,
  MAX_RANGES,
  nextRange,
  type RangeValues,
  type SpecialOpeningValues,
  WEEKDAYS,
  withDayMode,
} from "./sheet-form";

const Fieldset = chakra("fieldset");
const Legend = chakra("legend");
const Label = chakra("label");

const DAY_MODES: Array<{ value: DayMode; label: string }> = [
  { value: "closed", label: "Fermé" },
  { value: "open", label: "Ouvert" },
  { value: "appointment", label: "Sur rendez-vous" },
];

interface FieldProps {
  /** Read before the visible label by screen readers (« Lundi, plage 1 : »). */
  context: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Its key in hoursErrorAt's terms (« week-0-r1-end »): the field an error is about is marked. */
  field: string;
}

/** The field the form's hours error is about (hoursErrorAt), and the error's element. */
const HoursErrorContext = createContext<{ at: string | undefined; errorId: string }>({ at: undefined, errorId: "" });

/** aria-invalid and aria-describedby for the field `field`, when the error is about it. */
function useFieldError(field: string) {
  const { at, errorId } = useContext(HoursErrorContext);
  return at === field ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
}

/** A native time or date field: typed with the keyboard, or picked with the device's own picker. */
function TimeOrDateField({ context, label, value, onChange, field, type }: FieldProps & { type: "time" | "date" }) {
  const id = useId();
  const invalid = useFieldError(field);
  return (
    <Stack gap="0.5">
      <Label htmlFor={id} fontSize="sm">
        <Text as="span" srOnly>
          {context}{" "}
        </Text>
        {label}
      </Label>
      <Input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        bg="white"
        w={type === "time" ? "8.5rem" : "10rem"}
        {...invalid}
      />
    </Stack>
  );
}
const TimeField = (props: FieldProps) => <TimeOrDateField {...props} type="time" />;
const DateField = (props: FieldProps) => <TimeOrDateField {...props} type="date" />;

/** A day's (or an exceptional opening's) ranges: « de … à … », added and removed one by one. */
function RangesEditor({
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
  const errorId = useId();
  // The field the error is about, when the form found it (the server's say none): marked, focused.
  const found = error ? hoursErrorAt(value) : undefined;
  const errorAt = { at: found?.message === error ? found?.at : undefined, errorId };
  const patch = (changes: Partial<HoursValues>) => onChange({ ...value, ...changes });
  const setDay = (index: number, day: HoursValues["week"][number]) =>
    patch({ week: value.week.map((current, i) => (i === index ? day : current)) });
  const setClosure = (index: number, changes: Partial<ClosureValues>) =>
    patch({ closures: value.closures.map((closure, i) => (i === index ? { ...closure, ...changes } : closure)) });
  const setOpening = (index: number, changes: Partial<SpecialOpeningValues>) =>
    patch({
      specialOpenings: value.specialOpenings.map((opening, i) => (i === index ? { ...opening, ...changes } : opening)),
    });
  const monday = value.week[0];

  return (
    <HoursErrorContext.Provider value={errorAt}>
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
          {WEEKDAYS.map(({ day, label }, index) => {
            const current = value.week[index];
            const selectId = `${id}-${day}`;
            return (
              <Box key={day} borderBottomWidth="1px" borderColor="gray.100" pb="3">
                <HStack gap="3" flexWrap="wrap">
                  <Label htmlFor={selectId} fontWeight="medium" minW="6rem">
                    {label}
                  </Label>
                  <NativeSelect.Root size="sm" width="auto">
                    <NativeSelect.Field
                      id={selectId}
                      {...(errorAt.at === `week-${index}-mode`
                        ? { "aria-invalid": true as const, "aria-describedby": errorId }
                        : {})}
                      value={current.mode}
                      bg="white"
                      onChange={(event) => setDay(index, withDayMode(current, event.target.value as DayMode))}
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
                {current.mode !== "closed" && (
                  <Box mt="2" ps={{ base: "0", sm: "6" }}>
                    {current.mode === "appointment" && (
                      <Text fontSize="sm" color="gray.700" mb="1">
                        Heures des rendez-vous (facultatif).
                      </Text>
                    )}
                    <RangesEditor
                      name={label}
                      field={`week-${index}`}
                      ranges={current.ranges}
                      onChange={(ranges) => setDay(index, { ...current, ranges })}
                    />
                  </Box>
                )}
              </Box>
            );
          })}
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
              onClick={() =>
                patch({
                  week: value.week.map((day, index) =>
                    index >= 1 && index <= 4
                      ? { mode: monday.mode, ranges: monday.ranges.map((r) => ({ ...r })) }
                      : day,
                  ),
                })
              }
            >
              Appliquer les horaires du lundi du mardi au vendredi
            </Button>
          )}

          <Checkbox.Root
            checked={value.closedOnPublicHolidays}
            onCheckedChange={(details) => patch({ closedOnPublicHolidays: details.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Fermé les jours fériés</Checkbox.Label>
          </Checkbox.Root>

          <Stack gap="2">
            <Text fontWeight="medium">Fermetures temporaires</Text>
            {value.closures.map((closure, index) => (
              <HStack key={index} gap="3" alignItems="flex-end" flexWrap="wrap">
                <DateField
                  context={`Fermeture ${index + 1} :`}
                  label="du"
                  field={`closure-${index}-from`}
                  value={closure.from}
                  onChange={(from) => setClosure(index, { from })}
                />
                <DateField
                  context={`Fermeture ${index + 1} :`}
                  label="au"
                  field={`closure-${index}-to`}
                  value={closure.to}
                  onChange={(to) => setClosure(index, { to })}
                />
                <NoteField
                  context={`Fermeture ${index + 1} :`}
                  label="Précision"
                  value={closure.note}
                  onChange={(note) => setClosure(index, { note })}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  color="red.700"
                  onClick={() => patch({ closures: value.closures.filter((_, i) => i !== index) })}
                  aria-label={`Retirer la fermeture ${index + 1}`}
                >
                  Retirer
                </Button>
              </HStack>
            ))}
            <Button
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              onClick={() => patch({ closures: [...value.closures, { from: "", to: "", note: "" }] })}
            >
              Ajouter une fermeture
            </Button>
          </Stack>

          <Stack gap="2">
            <Text fontWeight="medium">Ouvertures exceptionnelles</Text>
            {value.specialOpenings.map((opening, index) => (
              <Stack key={index} gap="2" borderLeftWidth="3px" borderColor="brand.200" ps="3">
                <HStack gap="3" alignItems="flex-end" flexWrap="wrap">
                  <DateField
                    context={`Ouverture exceptionnelle ${index + 1} :`}
                    label="le"
                    field={`opening-${index}-date`}
                    value={opening.date}
                    onChange={(date) => setOpening(index, { date })}
                  />
                  <NoteField
                    context={`Ouverture exceptionnelle ${index + 1} :`}
                    label="Précision"
                    value={opening.note}
                    onChange={(note) => setOpening(index, { note })}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    color="red.700"
                    onClick={() => patch({ specialOpenings: value.specialOpenings.filter((_, i) => i !== index) })}
                    aria-label={`Retirer l'ouverture exceptionnelle ${index + 1}`}
                  >
                    Retirer
                  </Button>
                </HStack>
                <RangesEditor
                  name={`Ouverture exceptionnelle ${index + 1}`}
                  field={`opening-${index}`}
                  ranges={opening.ranges}
                  onChange={(ranges) => setOpening(index, { ranges })}
                />
              </Stack>
            ))}
            <Button
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              onClick={() =>
                patch({
                  specialOpenings: [...value.specialOpenings, { date: "", ranges: [nextRange([])], note: "" }],
                })
              }
            >
              Ajouter une ouverture exceptionnelle
            </Button>
          </Stack>
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

function NoteField({ context, label, value, onChange }: Omit<FieldProps, "field">) {
  const id = useId();
  return (
    <Stack gap="0.5" flex="1" minW="10rem">
      <Label htmlFor={id} fontSize="sm">
        <Text as="span" srOnly>
          {context}{" "}
        </Text>
        {label} (facultatif)
      </Label>
      <Input
        id={id}
        value={value}
        maxLength={200}
        placeholder="Travaux, vacances…"
        onChange={(event) => onChange(event.target.value)}
        bg="white"
      />
    </Stack>
  );
}
