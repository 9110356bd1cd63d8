import { chakra, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { AVAILABILITY_LIMITS } from "../../form-rules";
import {
  AGE_GROUPS,
  AVAILABILITY_CHOICES,
  type AvailabilityChoice,
  availabilityErrorAt,
  type AvailabilityValues,
} from "./availability-form";
import "../../ui/more-recipes";

const Fieldset = chakra("fieldset");
const Legend = chakra("legend");
const Label = chakra("label");

/**
 * « Places disponibles » of a child care sheet, by age group: nothing said, places (how many),
 * full or a waiting list. Native selects and a number field: the keyboard and the phone's own
 * pickers work, and a screen reader reads each field with its age group.
 */
export function AvailabilityFields({
  id,
  values,
  onChange,
  error,
}: {
  id?: string;
  values: AvailabilityValues;
  onChange: (values: AvailabilityValues) => void;
  error?: string | null;
}) {
  const base = useId();
  const errorId = `${base}erreur`;
  // The field the error is about: an age group's number of places, else the first choice.
  const at = error ? (availabilityErrorAt(values) ?? AGE_GROUPS[0].value) : null;
  const invalid = (field: string) =>
    at && field === (values[at].status === "VACANCIES" ? `${at}-n` : at)
      ? { "aria-invalid": true as const, "aria-describedby": errorId }
      : {};
  return (
    <Fieldset
      id={id}
      tabIndex={-1}
      minW="0"
      borderWidth="1px"
      borderColor={error ? "red.600" : "gray.200"}
      borderRadius="md"
      p="4"
      bg="white"
    >
      <Legend fontWeight="semibold" px="1">
        Places disponibles
      </Legend>
      <Text fontSize="sm" color="gray.700" mb="3">
        Datées d'aujourd'hui une fois enregistrées ; après deux mois, les familles les voient « à confirmer ».
      </Text>
      <Stack gap="3">
        {AGE_GROUPS.map(({ value: ageGroup, label }) => {
          const group = values[ageGroup];
          const set = (patch: Partial<typeof group>) => onChange({ ...values, [ageGroup]: { ...group, ...patch } });
          return (
            <HStack key={ageGroup} gap="3" flexWrap="wrap" alignItems="flex-end">
              <Stack gap="1">
                <Label htmlFor={`${base}${ageGroup}`} fontSize="sm" fontWeight="medium">
                  {label}
                </Label>
                <NativeSelect.Root width="auto">
                  <NativeSelect.Field
                    id={`${base}${ageGroup}`}
                    value={group.status}
                    bg="white"
                    minH="11"
                    {...invalid(ageGroup)}
                    onChange={(event) => set({ status: event.target.value as AvailabilityChoice })}
                  >
                    {AVAILABILITY_CHOICES.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Stack>
              {group.status === "VACANCIES" && (
                <Stack gap="1">
                  <Label htmlFor={`${base}${ageGroup}-n`} fontSize="sm" fontWeight="medium">
                    <Text as="span" srOnly>
                      {label} :{" "}
                    </Text>
                    Nombre de places
                  </Label>
                  <Input
                    id={`${base}${ageGroup}-n`}
                    type="number"
                    inputMode="numeric"
                    min={AVAILABILITY_LIMITS.vacanciesMin}
                    max={AVAILABILITY_LIMITS.vacanciesMax}
                    value={group.vacancies}
                    onChange={(event) => set({ vacancies: event.target.value })}
                    bg="white"
                    w="7rem"
                    minH="11"
                    {...invalid(`${ageGroup}-n`)}
                  />
                </Stack>
              )}
            </HStack>
          );
        })}
      </Stack>
      {error && (
        <Text id={errorId} color="red.700" fontSize="sm" mt="2">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
