import type { AvailabilityInput, AvailabilityStatus, ChildcareAgeGroup } from "../../generated/sheet-editing";
import { availabilityProblem, CHILDCARE_AGE_GROUP_LABELS } from "../../form-rules";

/** The availability form's values, what it sends, and what it refuses (the server's rules). */

/** An age group's choice: nothing said (""), places, full or a waiting list. */
export type AvailabilityChoice = "" | AvailabilityStatus;

/** Per age group, the choice and the number of places as typed. */
export type AvailabilityValues = Record<ChildcareAgeGroup, { status: AvailabilityChoice; vacancies: string }>;

/** The age groups in their order, with their French names. */
export const AGE_GROUPS = (Object.keys(CHILDCARE_AGE_GROUP_LABELS) as ChildcareAgeGroup[]).map((value) => ({
  value,
  label: CHILDCARE_AGE_GROUP_LABELS[value],
}));

export const AVAILABILITY_CHOICES: Array<{ value: AvailabilityChoice; label: string }> = [
  { value: "", label: "Non indiqué" },
  { value: "VACANCIES", label: "Places disponibles" },
  { value: "FULL", label: "Complet" },
  { value: "WAITING_LIST", label: "Liste d'attente" },
];

/** A sheet's availability as the form reads it. */
export interface GivenAvailability {
  groups: ReadonlyArray<{ ageGroup: ChildcareAgeGroup; status: AvailabilityStatus; vacancies: number | null }>;
}

/** The form's starting values: the sheet's availability, or nothing said. */
export function availabilityValues(availability: GivenAvailability | null | undefined): AvailabilityValues {
  const values = Object.fromEntries(
    AGE_GROUPS.map(({ value }) => [value, { status: "" as AvailabilityChoice, vacancies: "" }]),
  ) as AvailabilityValues;
  for (const group of availability?.groups ?? [])
    values[group.ageGroup] = {
      status: group.status,
      vacancies: group.vacancies === null ? "" : String(group.vacancies),
    };
  return values;
}

/** What the form sends: the age groups it says something of (a number only with places; typed otherwise: refused). */
export function availabilityInput(values: AvailabilityValues): AvailabilityInput {
  return {
    groups: AGE_GROUPS.flatMap(({ value: ageGroup }) => {
      const { status, vacancies } = values[ageGroup];
      if (!status) return [];
      const count = /^\d+$/.test(vacancies.trim()) ? Number(vacancies.trim()) : Number.NaN;
      return [{ ageGroup, status, vacancies: status === "VACANCIES" ? count : null }];
    }),
  };
}

/** The age group whose number of places is refused (its field is marked), if any. */
export const availabilityErrorAt = (values: AvailabilityValues): ChildcareAgeGroup | null =>
  availabilityInput(values).groups.find((group) => availabilityProblem([group]) !== null)?.ageGroup ?? null;

/** The server's message about these values, said before sending; null when they are fine. */
export const availabilityError = (values: AvailabilityValues): string | null =>
  availabilityProblem(availabilityInput(values).groups);
