import type { Weekday } from "../../../generated/sheets";
import type { OpeningHoursInput, ServiceHoursFragment } from "../../../generated/sheet-editing";
import {
  closureName,
  closureProblem,
  DAY_LABELS,
  HOURS_LIMITS,
  HOURS_MESSAGES,
  rangesProblem,
  specialOpeningName,
} from "../../../form-rules";

/** The hours part of the service form: what it holds, how it starts, and what it sends. */

const DAYS: Weekday[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
export const WEEKDAYS: Array<{ day: Weekday; label: string }> = DAYS.map((day, index) => ({
  day,
  label: DAY_LABELS[index],
}));

export type DayMode = "closed" | "open" | "appointment";

export interface RangeValues {
  /** "HH:MM" as the time field gives it; "" while not typed. */
  start: string;
  end: string;
}

export interface DayValues {
  mode: DayMode;
  ranges: RangeValues[];
}

export interface ClosureValues {
  /** YYYY-MM-DD as the date field gives it. */
  from: string;
  to: string;
  note: string;
}

export interface SpecialOpeningValues {
  date: string;
  ranges: RangeValues[];
  note: string;
}

export interface HoursValues {
  /** Seven days, Monday first. */
  week: DayValues[];
  closedOnPublicHolidays: boolean;
  closures: ClosureValues[];
  specialOpenings: SpecialOpeningValues[];
}

export const MAX_RANGES = HOURS_LIMITS.rangesPerDay;
const MORNING: RangeValues = { start: "09:00", end: "12:00" };

export const emptyHours = (): HoursValues => ({
  week: WEEKDAYS.map(() => ({ mode: "closed", ranges: [] })),
  closedOnPublicHolidays: true,
  closures: [],
  specialOpenings: [],
});

const rangesOf = (ranges: ReadonlyArray<{ start: string; end: string }>) =>
  ranges.map(({ start, end }) => ({ start, end }));

export function hoursValuesFrom(hours: ServiceHoursFragment | null | undefined): HoursValues {
  if (!hours) return emptyHours();
  return {
    week: hours.week.map((day) => ({
      mode: day.byAppointment ? "appointment" : day.ranges.length ? "open" : "closed",
      ranges: rangesOf(day.ranges),
    })),
    closedOnPublicHolidays: hours.closedOnPublicHolidays,
    closures: hours.closures.map((closure) => ({ from: closure.from, to: closure.to, note: closure.note ?? "" })),
    specialOpenings: hours.specialOpenings.map((opening) => ({
      date: opening.date,
      ranges: rangesOf(opening.ranges),
      note: opening.note ?? "",
    })),
  };
}

/** A day switched to open starts with a morning range to adjust; back to closed, its ranges go. */
export function withDayMode(day: DayValues, mode: DayMode): DayValues {
  if (mode === "closed") return { mode, ranges: [] };
  if (mode === "open" && day.ranges.length === 0) return { mode, ranges: [{ ...MORNING }] };
  return { ...day, mode };
}

/** The next range of a day: after the last one (« 14:00 – 17:00 » after a morning). */
export function nextRange(ranges: readonly RangeValues[]): RangeValues {
  const last = ranges.at(-1);
  if (!last) return { ...MORNING };
  return last.end && last.end < "14:00" ? { start: "14:00", end: "17:00" } : { start: "", end: "" };
}

/** What the form sends: closed days are left out (a day absent is closed); blank notes are null. */
export function buildHoursInput(hours: HoursValues): OpeningHoursInput {
  return {
    week: hours.week.flatMap((day, index) =>
      day.mode === "closed"
        ? []
        : [{ day: WEEKDAYS[index].day, ranges: rangesOf(day.ranges), byAppointment: day.mode === "appointment" }],
    ),
    closedOnPublicHolidays: hours.closedOnPublicHolidays,
    closures: hours.closures.map((closure) => ({
      from: closure.from,
      to: closure.to,
      note: closure.note.trim() || null,
    })),
    specialOpenings: hours.specialOpenings.map((opening) => ({
      date: opening.date,
      ranges: rangesOf(opening.ranges),
      note: opening.note.trim() || null,
    })),
  };
}

/**
 * What the form can tell before sending: fields left empty, then the checks the server makes
 * (api/src/shared/hours-rules.ts: order, overlaps, a closure's dates and length), and the field
 * it is about (`at`, a key of HoursEditor's fields: « week-0-r1-end »), which gets the focus and
 * is marked invalid.
 */
export function hoursErrorAt(hours: HoursValues): { message: string; at: string } | undefined {
  for (const [index, day] of hours.week.entries()) {
    const label = WEEKDAYS[index].label;
    if (day.mode === "open" && day.ranges.length === 0)
      return { message: `${label} : ajoutez une plage horaire ou choisissez « Fermé ».`, at: `week-${index}-mode` };
    for (const [r, range] of day.ranges.entries()) {
      if (!range.start || !range.end)
        return {
          message: `${label} : indiquez l'heure de début et l'heure de fin de chaque plage.`,
          at: `week-${index}-r${r}-${range.start ? "end" : "start"}`,
        };
    }
    const problem = rangesProblem(day.ranges, label);
    if (problem) return { message: problem.message, at: `week-${index}-r${problem.at}-end` };
  }
  for (const [index, closure] of hours.closures.entries()) {
    const what = closureName(index);
    if (!closure.from || !closure.to)
      return {
        message: `${what} : indiquez la date de début et la date de fin.`,
        at: `closure-${index}-${closure.from ? "to" : "from"}`,
      };
    const problem = closureProblem(closure, what);
    if (problem) return { message: problem.message, at: `closure-${index}-${problem.at}` };
  }
  for (const [index, opening] of hours.specialOpenings.entries()) {
    const what = specialOpeningName(index);
    if (!opening.date) return { message: `${what} : indiquez la date.`, at: `opening-${index}-date` };
    if (opening.ranges.length === 0)
      return { message: HOURS_MESSAGES.openingRanges(what), at: `opening-${index}-date` };
    for (const [r, range] of opening.ranges.entries()) {
      if (!range.start || !range.end)
        return {
          message: `${what} : indiquez l'heure de début et l'heure de fin.`,
          at: `opening-${index}-r${r}-${range.start ? "end" : "start"}`,
        };
    }
    const problem = rangesProblem(opening.ranges, what);
    if (problem) return { message: problem.message, at: `opening-${index}-r${problem.at}-end` };
  }
  return undefined;
}

/** The message of hoursErrorAt, for the form's errors. */
export const hoursError = (hours: HoursValues): string | undefined => hoursErrorAt(hours)?.message;
