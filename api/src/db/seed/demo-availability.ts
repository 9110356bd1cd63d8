import { type DateTime } from "luxon";
import { isChildCare } from "../../shared/availability";
import { AvailabilityStatus, ChildcareAgeGroup, type StoredAvailabilityGroup } from "../../modules/sheets/availability";

const { UNDER_18_MONTHS, FROM_18_MONTHS, FROM_3_YEARS } = ChildcareAgeGroup;
const { VACANCIES, FULL, WAITING_LIST } = AvailabilityStatus;
const group = (ageGroup: ChildcareAgeGroup, status: AvailabilityStatus, vacancies: number | null = null) => ({
  ageGroup,
  status,
  vacancies,
});

/**
 * Fictional « Places disponibles » of child care sheets, four kinds in turn: places in one age
 * group and full in another, one place, full with a waiting list, and places given three months
 * ago (« à confirmer »: not found by « Avec des places disponibles »). Other sheets give none.
 */
export function demoAvailability(
  index: number,
  today: DateTime,
  types: readonly string[],
): { availabilityGroups: StoredAvailabilityGroup[]; availabilityGivenAt: Date } | Record<string, never> {
  if (!isChildCare(types)) return {};
  const kinds: Array<[StoredAvailabilityGroup[], number]> = [
    [[group(UNDER_18_MONTHS, FULL), group(FROM_18_MONTHS, VACANCIES, 2)], 3],
    [[group(FROM_18_MONTHS, VACANCIES, 1)], 12],
    [[group(UNDER_18_MONTHS, WAITING_LIST), group(FROM_18_MONTHS, FULL)], 20],
    [[group(FROM_18_MONTHS, VACANCIES, 3), group(FROM_3_YEARS, VACANCIES, 1)], 95],
  ];
  const [availabilityGroups, daysAgo] = kinds[index % kinds.length];
  return { availabilityGroups, availabilityGivenAt: today.minus({ days: daysAgo + (index % 5) }).toJSDate() };
}
