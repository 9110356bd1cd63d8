/**
 * « Places disponibles » of child care sheets (CHILD_CARE_TYPES, in child-care.ts), as families read
 * them: the age groups, when availability stops being current, and its wording (« 2 places
 * disponibles (au 12/11) », « Complet au 12/09, à confirmer »). Written once: the API words
 * `Service.availability` with it (cards and sheets show that text, so a page and its server
 * rendering agree) and the « Avec des places disponibles » filter reads the same two months; the
 * web's availability form takes the age groups' names. The form's limits and messages are in
 * availability-rules.ts. Plain TypeScript that imports nothing outside api/src/shared.
 */
import { addMonths, parisDay, parisParts } from "./rules";

export { CHILD_CARE_TYPES, isChildCare } from "./child-care";

/** The age groups availability is given for, in their order. */
export const CHILDCARE_AGE_GROUP_LABELS = {
  UNDER_18_MONTHS: "Moins de 18 mois",
  FROM_18_MONTHS: "De 18 mois à 3 ans",
  FROM_3_YEARS: "De 3 à 6 ans",
} as const;
export type ChildcareAgeGroupValue = keyof typeof CHILDCARE_AGE_GROUP_LABELS;

/** What an age group says: places (with their number), full, or full with a waiting list. */
export type AvailabilityStatusValue = "VACANCIES" | "FULL" | "WAITING_LIST";

/** Availability given more than this many months ago (Paris days) is « à confirmer », never current. */
export const AVAILABILITY_CURRENT_MONTHS = 2;

export interface AvailabilityGroupLike {
  status: string;
  vacancies?: number | null;
}

/**
 * The first Paris day (YYYY-MM-DD) whose availability is still current today: given that day or
 * later. On 12/11, availability of 12/09 is current, of 11/09 « à confirmer ».
 */
export const availabilityCurrentSince = (now: Date): string => addMonths(parisDay(now), -AVAILABILITY_CURRENT_MONTHS);

/** Whether availability given at `givenAt` is current at `now`. */
export const isAvailabilityCurrent = (givenAt: Date | string, now: Date): boolean =>
  parisDay(new Date(givenAt)) >= availabilityCurrentSince(now);

/** « 1 place disponible », « 12 places disponibles ». */
export const vacanciesText = (count: number): string =>
  count === 1 ? "1 place disponible" : `${count} places disponibles`;

/** What an age group says, in lower case: « 2 places disponibles », « complet », « liste d'attente ». */
export const availabilityStatusText = (group: AvailabilityGroupLike): string =>
  group.status === "VACANCIES"
    ? vacanciesText(group.vacancies ?? 0)
    : group.status === "WAITING_LIST"
      ? "liste d'attente"
      : "complet";

/** The places a sheet's age groups offer in all (0: none). */
export const vacanciesOf = (groups: readonly AvailabilityGroupLike[]): number =>
  groups.reduce((sum, group) => sum + (group.status === "VACANCIES" ? (group.vacancies ?? 0) : 0), 0);

/**
 * The line of a card and a sheet: the places of every age group together, else « Liste
 * d'attente » when a group has one, else « Complet »; dated « (au 12/11) » while current, « au
 * 12/09, à confirmer » after (with the year when it is not this year's); null without any group.
 */
export function availabilitySummary(
  availability: { givenAt: Date | string; groups: readonly AvailabilityGroupLike[] } | null | undefined,
  now: Date,
): string | null {
  if (!availability || availability.groups.length === 0) return null;
  const { groups } = availability;
  const vacancies = vacanciesOf(groups);
  const what =
    vacancies > 0
      ? vacanciesText(vacancies)
      : groups.some((group) => group.status === "WAITING_LIST")
        ? "Liste d'attente"
        : "Complet";
  const given = parisParts(new Date(availability.givenAt));
  const day = `${String(given.day).padStart(2, "0")}/${String(given.month).padStart(2, "0")}`;
  if (isAvailabilityCurrent(availability.givenAt, now)) return `${what} (au ${day})`;
  return `${what} au ${given.year === parisParts(now).year ? day : `${day}/${given.year}`}, à confirmer`;
}
