/**
 * The rules of « Places disponibles » as a partner gives them, written once for the API (which
 * refuses what they refuse) and the web's availability form (which says it before sending): the
 * number of places an age group may give, and the messages. The wording families read is in
 * availability.ts. Plain TypeScript that imports nothing outside api/src/shared.
 */
import { CHILDCARE_AGE_GROUP_LABELS, type ChildcareAgeGroupValue } from "./availability";

export { CHILDCARE_AGE_GROUP_LABELS };

export const AVAILABILITY_LIMITS = {
  /** Places of one age group: none is « Complet ». */
  vacanciesMin: 1,
  vacanciesMax: 999,
} as const;

export const AVAILABILITY_MESSAGES = {
  vacancies: (ageGroup: string) =>
    `${ageGroup} : indiquez un nombre de places de ${AVAILABILITY_LIMITS.vacanciesMin} à ${AVAILABILITY_LIMITS.vacanciesMax} (aucune place : « Complet »).`,
  sameAgeGroupTwice: "Chaque tranche d'âge n'est indiquée qu'une fois.",
  notChildCare:
    "Les places disponibles ne concernent que l'accueil des jeunes enfants : crèches, micro-crèches, jardins d'enfants, haltes-garderies et MAM.",
} as const;

export interface AvailabilityGroupDraft {
  ageGroup: ChildcareAgeGroupValue;
  status: string;
  vacancies?: number | null;
}

/** What is wrong with the age groups a partner gives (the first problem), or null. */
export function availabilityProblem(groups: readonly AvailabilityGroupDraft[]): string | null {
  if (new Set(groups.map((group) => group.ageGroup)).size !== groups.length)
    return AVAILABILITY_MESSAGES.sameAgeGroupTwice;
  for (const group of groups) {
    if (group.status !== "VACANCIES") continue;
    const count = group.vacancies;
    if (
      typeof count !== "number" ||
      !Number.isInteger(count) ||
      count < AVAILABILITY_LIMITS.vacanciesMin ||
      count > AVAILABILITY_LIMITS.vacanciesMax
    )
      return AVAILABILITY_MESSAGES.vacancies(CHILDCARE_AGE_GROUP_LABELS[group.ageGroup] ?? group.ageGroup);
  }
  return null;
}
