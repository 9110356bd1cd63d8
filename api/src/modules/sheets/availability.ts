import { ArrayMaxSize, IsOptional, ValidateNested } from "class-validator";
import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ValidationError } from "../../errors";
import {
  availabilityStatusText,
  availabilitySummary,
  CHILDCARE_AGE_GROUP_LABELS,
  type ChildcareAgeGroupValue,
  type AvailabilityStatusValue,
  isAvailabilityCurrent,
  isChildCare,
  vacanciesOf,
} from "../../shared/availability";
import { AVAILABILITY_MESSAGES, availabilityProblem } from "../../shared/availability-rules";
import { parisDay } from "../../shared/rules";

/**
 * « Places disponibles » of a child care sheet: by age group, places (how many), full or a
 * waiting list, and when the partner gave them. The rules and the wording are shared with the
 * web (shared/availability.ts, shared/availability-rules.ts); here are their GraphQL types and
 * what a sheet stores.
 */

export enum ChildcareAgeGroup {
  UNDER_18_MONTHS = "UNDER_18_MONTHS",
  FROM_18_MONTHS = "FROM_18_MONTHS",
  FROM_3_YEARS = "FROM_3_YEARS",
}
registerEnumType(ChildcareAgeGroup, {
  name: "ChildcareAgeGroup",
  description: "Tranche d'âge des places d'accueil du jeune enfant.",
  valuesConfig: Object.fromEntries(
    Object.entries(CHILDCARE_AGE_GROUP_LABELS).map(([value, label]) => [value, { description: label }]),
  ),
});

export enum AvailabilityStatus {
  VACANCIES = "VACANCIES",
  FULL = "FULL",
  WAITING_LIST = "WAITING_LIST",
}
registerEnumType(AvailabilityStatus, {
  name: "AvailabilityStatus",
  valuesConfig: {
    VACANCIES: { description: "Places disponibles (leur nombre : vacancies)." },
    FULL: { description: "Complet." },
    WAITING_LIST: { description: "Complet, inscription sur liste d'attente." },
  },
});

// The schema's values are the shared rules' (a value added to one only is a compile error here).
const AGE_GROUPS = Object.values(ChildcareAgeGroup) satisfies ChildcareAgeGroupValue[];
CHILDCARE_AGE_GROUP_LABELS satisfies Record<ChildcareAgeGroup, string>;
Object.values(AvailabilityStatus) satisfies AvailabilityStatusValue[];

/** One age group as a sheet stores it. */
export interface StoredAvailabilityGroup {
  ageGroup: ChildcareAgeGroup;
  status: AvailabilityStatus;
  /** With VACANCIES only. */
  vacancies: number | null;
}

@InputType("AvailabilityGroupInput", { description: "Les places d'une tranche d'âge." })
export class AvailabilityGroupInput {
  @Field(() => ChildcareAgeGroup)
  ageGroup: ChildcareAgeGroup;

  @Field(() => AvailabilityStatus)
  status: AvailabilityStatus;

  @Field(() => Int, { nullable: true, description: "Nombre de places (1 à 999), avec VACANCIES." })
  @IsOptional()
  vacancies?: number | null;
}

@InputType("AvailabilityInput", {
  description: "Les places disponibles, par tranche d'âge, datées du jour où elles sont données ; aucune : effacées.",
})
export class AvailabilityInput {
  @Field(() => [AvailabilityGroupInput])
  @ArrayMaxSize(AGE_GROUPS.length, { message: AVAILABILITY_MESSAGES.sameAgeGroupTwice })
  @ValidateNested()
  groups: AvailabilityGroupInput[];
}

@ObjectType("AvailabilityGroup", { description: "Les places d'une tranche d'âge." })
export class AvailabilityGroupType {
  @Field(() => ChildcareAgeGroup)
  ageGroup: ChildcareAgeGroup;

  @Field({ description: "La tranche d'âge en français (« Moins de 18 mois »)." })
  label: string;

  @Field(() => AvailabilityStatus)
  status: AvailabilityStatus;

  @Field(() => Int, { nullable: true, description: "Nombre de places disponibles (VACANCIES)." })
  vacancies: number | null;

  @Field({ description: "« 2 places disponibles », « complet », « liste d'attente »." })
  text: string;
}

@ObjectType("ServiceAvailability", {
  description:
    "Les places disponibles d'un mode d'accueil du jeune enfant, par tranche d'âge, et la date où elles ont été données.",
})
export class ServiceAvailabilityType {
  @Field({ description: "Quand le partenaire les a données." })
  givenAt: Date;

  @Field({
    description:
      "Données il y a deux mois au plus (jours de Paris) ; sinon elles sont « à confirmer », jamais actuelles.",
  })
  current: boolean;

  @Field({ description: "« 2 places disponibles (au 12/11) », « Complet au 12/09, à confirmer »." })
  summary: string;

  @Field(() => [AvailabilityGroupType])
  groups: AvailabilityGroupType[];
}

/** The availability a sheet shows at `now`, or null (none given, or not a child care sheet). */
export function availabilityOf(
  service: {
    types: readonly string[];
    availabilityGroups: StoredAvailabilityGroup[] | null;
    availabilityGivenAt: Date | null;
  },
  now: Date,
): ServiceAvailabilityType | null {
  const { availabilityGroups: groups, availabilityGivenAt: givenAt } = service;
  if (!groups?.length || !givenAt || !isChildCare(service.types)) return null;
  return {
    givenAt,
    current: isAvailabilityCurrent(givenAt, now),
    summary: availabilitySummary({ givenAt, groups }, now)!,
    groups: groups.map((group) => ({
      ...group,
      label: CHILDCARE_AGE_GROUP_LABELS[group.ageGroup],
      text: availabilityStatusText(group),
    })),
  };
}

/**
 * The age groups given, checked (the shared rules) and in their order; a number only with
 * places. Refused for a sheet of another kind than child care.
 */
export function checkedAvailability(types: readonly string[], input: AvailabilityInput): StoredAvailabilityGroup[] {
  const invalid = (message: string) => new ValidationError(message, { availability: message });
  if (!isChildCare(types)) throw invalid(AVAILABILITY_MESSAGES.notChildCare);
  const problem = availabilityProblem(input.groups);
  if (problem) throw invalid(problem);
  return [...input.groups]
    .sort((a, b) => AGE_GROUPS.indexOf(a.ageGroup) - AGE_GROUPS.indexOf(b.ageGroup))
    .map(({ ageGroup, status, vacancies }) => ({
      ageGroup,
      status,
      vacancies: status === AvailabilityStatus.VACANCIES ? (vacancies ?? null) : null,
    }));
}

/**
 * The Paris day (YYYY-MM-DD) of the `vacancy` facet row of a sheet whose availability names
 * places, or null: « Avec des places disponibles » looks for rows of the last two months.
 */
export function vacancyDay(service: {
  types: readonly string[];
  availabilityGroups: StoredAvailabilityGroup[] | null;
  availabilityGivenAt: Date | null;
}): string | null {
  const { availabilityGroups: groups, availabilityGivenAt: givenAt } = service;
  if (!groups || !givenAt || !isChildCare(service.types) || vacanciesOf(groups) === 0) return null;
  return parisDay(givenAt);
}
