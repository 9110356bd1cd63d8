import { ArrayMaxSize, IsOptional, MaxLength, ValidateNested } from "class-validator";
import { Field, InputType, ObjectType, registerEnumType } from "type-graphql";
import {
  DAY_CODES,
  closureSummary,
  DAY_LABELS,
  type DayCode,
  daySummary,
  frenchDate,
  frenchRanges,
  MAX_CLOSURES,
  MAX_NOTE_LENGTH,
  MAX_RANGES_PER_DAY,
  MAX_SPECIAL_OPENINGS,
  type OpeningStateKind,
  type WeeklyHours,
  type WeeklyHoursDraft,
} from "./opening-hours";
import { openingHoursSpecification, toOsmOpeningHours } from "./opening-hours-formats";

export enum Weekday {
  MONDAY = "MONDAY",
  TUESDAY = "TUESDAY",
  WEDNESDAY = "WEDNESDAY",
  THURSDAY = "THURSDAY",
  FRIDAY = "FRIDAY",
  SATURDAY = "SATURDAY",
  SUNDAY = "SUNDAY",
}
registerEnumType(Weekday, { name: "Weekday", description: "Jour de la semaine." });
const WEEKDAYS = Object.values(Weekday);
export const dayCodeOf = (day: Weekday): DayCode => DAY_CODES[WEEKDAYS.indexOf(day)];

export enum OpeningState {
  OPEN_TODAY = "OPEN_TODAY",
  BY_APPOINTMENT = "BY_APPOINTMENT",
  CLOSED_TODAY = "CLOSED_TODAY",
  TEMPORARILY_CLOSED = "TEMPORARILY_CLOSED",
}
registerEnumType(OpeningState, {
  name: "OpeningState",
  description: "Ce que dit la fiche pour aujourd'hui (heure de Paris).",
  valuesConfig: {
    OPEN_TODAY: { description: "Ouvert aujourd'hui (à certaines heures)." },
    BY_APPOINTMENT: { description: "Sur rendez-vous aujourd'hui." },
    CLOSED_TODAY: { description: "Fermé aujourd'hui (jour de fermeture ou jour férié)." },
    TEMPORARILY_CLOSED: { description: "Fermeture temporaire en cours." },
  },
});

@ObjectType("TimeRange", { description: "Une plage horaire, heure de Paris (HH:MM)." })
export class TimeRangeType {
  @Field()
  start: string;

  @Field()
  end: string;
}

@ObjectType("OpeningDay")
export class OpeningDayType {
  @Field(() => Weekday)
  day: Weekday;

  @Field({ description: "« Lundi »…" })
  label: string;

  @Field(() => [TimeRangeType])
  ranges: TimeRangeType[];

  @Field({ description: "Sur rendez-vous (les plages, s'il y en a, sont celles des rendez-vous)." })
  byAppointment: boolean;

  @Field({ description: "« 8h30–12h30, 14h–18h », « Sur rendez-vous (14h–17h) », « Fermé »." })
  summary: string;
}

@ObjectType("TemporaryClosure", { description: "Une fermeture temporaire, dates incluses (AAAA-MM-JJ)." })
export class ClosureType {
  @Field()
  from: string;

  @Field()
  to: string;

  @Field(() => String, { nullable: true })
  note: string | null;

  @Field({ description: "« Du 22/12/2026 au 02/01/2027 », « Le 22/12/2026 »." })
  summary: string;
}

@ObjectType("SpecialOpening", {
  description: "Un jour d'ouverture exceptionnelle (AAAA-MM-JJ) : ses plages remplacent celles de la semaine.",
})
export class SpecialOpeningType {
  @Field()
  date: string;

  @Field(() => [TimeRangeType])
  ranges: TimeRangeType[];

  @Field(() => String, { nullable: true })
  note: string | null;

  @Field({ description: "« Le 28/12/2026 : 10h–12h »." })
  summary: string;
}

@ObjectType("OpeningHoursSpecification", {
  description: "Une spécification d'horaires au sens de schema.org (openingHoursSpecification).",
})
export class OpeningHoursSpecificationType {
  @Field(() => [String], { nullable: true, description: "Jours (https://schema.org/Monday…)." })
  dayOfWeek?: string[];

  @Field({ description: "HH:MM:SS" })
  opens: string;

  @Field({ description: "HH:MM:SS (égal à opens pour un jour fermé)." })
  closes: string;

  @Field(() => String, { nullable: true })
  validFrom?: string;

  @Field(() => String, { nullable: true })
  validThrough?: string;

  @Field(() => String, { nullable: true })
  description?: string;
}

@ObjectType("OpeningHours", { description: "Les horaires d'un service (heure de Paris)." })
export class OpeningHoursType {
  @Field(() => [OpeningDayType], { description: "Les sept jours, du lundi au dimanche." })
  week: OpeningDayType[];

  @Field({ description: "Fermé les jours fériés." })
  closedOnPublicHolidays: boolean;

  @Field(() => [ClosureType], { description: "Fermetures temporaires à venir ou en cours." })
  closures: ClosureType[];

  @Field(() => [SpecialOpeningType], { description: "Ouvertures exceptionnelles à venir." })
  specialOpenings: SpecialOpeningType[];

  @Field({ description: "Les mêmes horaires dans la syntaxe opening_hours d'OpenStreetMap." })
  osm: string;

  @Field(() => [OpeningHoursSpecificationType], { description: "Les mêmes horaires pour schema.org." })
  schemaOrg: OpeningHoursSpecificationType[];
}

/** The GraphQL shape of stored hours. */
export function openingHoursType(hours: WeeklyHours): OpeningHoursType {
  return {
    week: hours.week.map((day, index) => ({
      day: WEEKDAYS[index],
      label: DAY_LABELS[index],
      ranges: day.ranges,
      byAppointment: day.byAppointment,
      summary: daySummary(day),
    })),
    closedOnPublicHolidays: hours.closedOnPublicHolidays,
    closures: hours.closures.map((closure) => ({ ...closure, summary: closureSummary(closure) })),
    specialOpenings: hours.specialOpenings.map((opening) => ({
      ...opening,
      summary: `Le ${frenchDate(opening.date)} : ${frenchRanges(opening.ranges)}`,
    })),
    osm: toOsmOpeningHours(hours),
    schemaOrg: openingHoursSpecification(hours),
  };
}

@ObjectType("OpeningStatus")
export class OpeningStatusType {
  @Field(() => OpeningState)
  state: OpeningStateKind;

  @Field({
    description:
      "« Ouvert aujourd'hui 8h–18h », « Fermé aujourd'hui · ouvre lundi à 9h », « Fermeture temporaire jusqu'au … »…",
  })
  label: string;

  @Field({ description: "Ouvert en ce moment (les rendez-vous ne comptent pas)." })
  openNow: boolean;
}

@InputType("TimeRangeInput")
export class TimeRangeInput {
  @Field({ description: "HH:MM" })
  @MaxLength(5, { message: "Indiquez les heures au format HH:MM." })
  start: string;

  @Field({ description: "HH:MM" })
  @MaxLength(5, { message: "Indiquez les heures au format HH:MM." })
  end: string;
}

@InputType("OpeningDayInput")
export class OpeningDayInput {
  @Field(() => Weekday)
  day: Weekday;

  @Field(() => [TimeRangeInput], { defaultValue: [] })
  @ArrayMaxSize(MAX_RANGES_PER_DAY, { message: `${MAX_RANGES_PER_DAY} plages horaires au plus par jour.` })
  @ValidateNested({ each: true })
  ranges: TimeRangeInput[];

  @Field({ defaultValue: false })
  byAppointment: boolean;
}

@InputType("TemporaryClosureInput")
export class ClosureInput {
  @Field({ description: "Premier jour fermé (AAAA-MM-JJ)." })
  @MaxLength(10, { message: "Indiquez des dates valides." })
  from: string;

  @Field({ description: "Dernier jour fermé (AAAA-MM-JJ)." })
  @MaxLength(10, { message: "Indiquez des dates valides." })
  to: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(MAX_NOTE_LENGTH, { message: `La précision ne doit pas dépasser ${MAX_NOTE_LENGTH} caractères.` })
  note?: string | null;
}

@InputType("SpecialOpeningInput")
export class SpecialOpeningInput {
  @Field({ description: "AAAA-MM-JJ" })
  @MaxLength(10, { message: "Indiquez une date valide." })
  date: string;

  @Field(() => [TimeRangeInput])
  @ArrayMaxSize(MAX_RANGES_PER_DAY, { message: `${MAX_RANGES_PER_DAY} plages horaires au plus par jour.` })
  @ValidateNested({ each: true })
  ranges: TimeRangeInput[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(MAX_NOTE_LENGTH, { message: `La précision ne doit pas dépasser ${MAX_NOTE_LENGTH} caractères.` })
  note?: string | null;
}

@InputType("OpeningHoursInput", { description: "Les horaires d'un service ; un jour absent est un jour fermé." })
export class OpeningHoursInput {
  @Field(() => [OpeningDayInput])
  @ArrayMaxSize(7, { message: "Sept jours au plus." })
  @ValidateNested({ each: true })
  week: OpeningDayInput[];

  @Field({ defaultValue: true, description: "Fermé les jours fériés (vrai par défaut)." })
  closedOnPublicHolidays: boolean;

  @Field(() => [ClosureInput], { defaultValue: [] })
  @ArrayMaxSize(MAX_CLOSURES, { message: `${MAX_CLOSURES} fermetures au plus.` })
  @ValidateNested({ each: true })
  closures: ClosureInput[];

  @Field(() => [SpecialOpeningInput], { defaultValue: [] })
  @ArrayMaxSize(MAX_SPECIAL_OPENINGS, { message: `${MAX_SPECIAL_OPENINGS} ouvertures exceptionnelles au plus.` })
  @ValidateNested({ each: true })
  specialOpenings: SpecialOpeningInput[];
}

/** An input as the hours module reads it. */
export function hoursDraft(input: OpeningHoursInput): WeeklyHoursDraft {
  return {
    week: input.week.map((day) => ({ day: dayCodeOf(day.day), ranges: day.ranges, byAppointment: day.byAppointment })),
    closedOnPublicHolidays: input.closedOnPublicHolidays,
    closures: input.closures.map((closure) => ({ from: closure.from, to: closure.to, note: closure.note ?? null })),
    specialOpenings: input.specialOpenings.map((opening) => ({
      date: opening.date,
      ranges: opening.ranges,
      note: opening.note ?? null,
    })),
  };
}
