import { DateTime } from "luxon";
import { ValidationError } from "../../errors";
import {
  closureName,
  closureProblem,
  DAY_LABELS,
  HOURS_LIMITS,
  HOURS_MESSAGES,
  rangesProblem,
  specialOpeningName,
} from "../../shared/hours-rules";
import { isIsoDay } from "../../shared/rules";
import { isPublicHoliday, parseOsmOpeningHours, toOsmOpeningHours } from "./opening-hours-formats";
import type { Closure, DayHours, SpecialOpening, TimeRange, WeeklyHours } from "./weekly-hours";

/**
 * A service's opening hours as partners write them: a week (several ranges a day, « sur
 * rendez-vous », closed days), public holidays, temporary closures and exceptional openings.
 * Times are Paris wall-clock times ("08:30"), dates Paris calendar days ("2026-12-22"), so
 * daylight-saving changes never move them. Everything else is derived from this one record:
 * the day's status on cards, the OpenStreetMap `opening_hours` string of the open-data export
 * (checked with the maintained opening_hours library), schema.org's openingHoursSpecification
 * (those two in opening-hours-formats.ts) and the facet rows that « Ouvert maintenant » /
 * « Ouvert le samedi » search on.
 */
export type { Closure, DayHours, SpecialOpening, TimeRange, WeeklyHours } from "./weekly-hours";

export const PARIS = "Europe/Paris";
export const DAY_CODES = ["mo", "tu", "we", "th", "fr", "sa", "su"] as const;
export type DayCode = (typeof DAY_CODES)[number];
export { DAY_LABELS };

/** The limits, from the rules shared with the web (api/src/shared/hours-rules.ts). */
export const MAX_RANGES_PER_DAY = HOURS_LIMITS.rangesPerDay;
export const MAX_CLOSURES = HOURS_LIMITS.closures;
export const MAX_SPECIAL_OPENINGS = HOURS_LIMITS.specialOpenings;
export const MAX_NOTE_LENGTH = HOURS_LIMITS.note;

// ---------------------------------------------------------------------------
// Input: checked and cleaned, or a French error naming what is wrong
// ---------------------------------------------------------------------------

export interface WeeklyHoursDraft {
  week: Array<{ day: DayCode; ranges: TimeRange[]; byAppointment?: boolean | null }>;
  closedOnPublicHolidays?: boolean | null;
  closures?: Closure[] | null;
  specialOpenings?: SpecialOpening[] | null;
}

const refuse = (message: string): never => {
  throw new ValidationError(message, { openingHours: message });
};

export const frenchDate = (iso: string) => DateTime.fromISO(iso, { zone: PARIS }).toFormat("dd/MM/yyyy");

function cleanNote(note: string | null | undefined, what: string): string | null {
  const text = (note ?? "").replace(/\s+/g, " ").trim();
  if (text.length > MAX_NOTE_LENGTH) refuse(HOURS_MESSAGES.noteTooLong(what));
  return text || null;
}

/** Ranges checked (count, times, order, no overlap: rangesProblem) and sorted. */
function cleanRanges(ranges: readonly TimeRange[], what: string): TimeRange[] {
  const problem = rangesProblem(ranges, what);
  if (problem) refuse(problem.message);
  return ranges
    .map((range) => ({ start: range.start.trim(), end: range.end.trim() }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The hours a partner entered, checked: null when nothing was entered (no day open, no
 * appointment, no closure or exceptional opening), which the sheets show as « non renseignés ».
 */
export function cleanWeeklyHours(draft: WeeklyHoursDraft, today: string): WeeklyHours | null {
  const week: DayHours[] = DAY_CODES.map(() => ({ ranges: [], byAppointment: false }));
  const seen = new Set<DayCode>();
  for (const day of draft.week) {
    const index = DAY_CODES.indexOf(day.day);
    if (index < 0) refuse("Jour inconnu.");
    if (seen.has(day.day)) refuse(HOURS_MESSAGES.dayTwice(DAY_LABELS[index]));
    seen.add(day.day);
    week[index] = { ranges: cleanRanges(day.ranges, DAY_LABELS[index]), byAppointment: Boolean(day.byAppointment) };
  }
  const closures = (draft.closures ?? []).map((closure, index) => {
    const what = closureName(index);
    const problem = closureProblem(closure, what);
    if (problem) refuse(problem.message);
    return { from: closure.from, to: closure.to, note: cleanNote(closure.note, what) };
  });
  if (closures.length > MAX_CLOSURES) refuse(HOURS_MESSAGES.tooManyClosures);
  const specialOpenings = (draft.specialOpenings ?? []).map((opening, index) => {
    const what = specialOpeningName(index);
    if (!isIsoDay(opening.date)) refuse(HOURS_MESSAGES.openingDate(what));
    const ranges = cleanRanges(opening.ranges, what);
    if (ranges.length === 0) refuse(HOURS_MESSAGES.openingRanges(what));
    return { date: opening.date, ranges, note: cleanNote(opening.note, what) };
  });
  if (specialOpenings.length > MAX_SPECIAL_OPENINGS) refuse(HOURS_MESSAGES.tooManyOpenings);
  const dates = specialOpenings.map((opening) => opening.date);
  if (new Set(dates).size !== dates.length) refuse(HOURS_MESSAGES.openingTwice);
  // What is over is of no use to families: past closures and openings are dropped when a sheet is saved.
  const hours: WeeklyHours = {
    week,
    closedOnPublicHolidays: draft.closedOnPublicHolidays ?? true,
    closures: closures.filter((closure) => closure.to >= today).sort((a, b) => a.from.localeCompare(b.from)),
    specialOpenings: specialOpenings
      .filter((opening) => opening.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
  const entered =
    week.some((day) => day.ranges.length > 0 || day.byAppointment) ||
    hours.closures.length > 0 ||
    hours.specialOpenings.length > 0;
  if (!entered) return null;
  checkedOsm(toOsmOpeningHours(hours));
  return hours;
}

function checkedOsm(value: string): string {
  try {
    parseOsmOpeningHours(value);
  } catch {
    refuse("Ces horaires ne peuvent pas être enregistrés : vérifiez les dates et les heures.");
  }
  return value;
}

// ---------------------------------------------------------------------------
// A day's hours, the status of cards, « ouvert maintenant »
// ---------------------------------------------------------------------------

export interface ParisMoment {
  /** "YYYY-MM-DD" */
  date: string;
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
  /** "HH:MM" */
  time: string;
}

export function parisMoment(instant: Date): ParisMoment {
  const paris = DateTime.fromJSDate(instant, { zone: PARIS });
  return { date: paris.toISODate()!, weekday: paris.weekday - 1, time: paris.toFormat("HH:mm") };
}

export type DayState =
  | { kind: "special"; opening: SpecialOpening }
  | { kind: "closure"; closure: Closure; until: string }
  | { kind: "holiday" }
  | { kind: "week"; day: DayHours };

/** The calendar day after an ISO date (counted in UTC: a date has no time zone). */
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** What applies on a day: an exceptional opening, else a closure, else a public holiday, else the week. */
export function dayState(hours: WeeklyHours, date: string, weekday: number): DayState {
  const opening = hours.specialOpenings.find((candidate) => candidate.date === date);
  if (opening) return { kind: "special", opening };
  const closure = hours.closures.find((candidate) => candidate.from <= date && date <= candidate.to);
  if (closure) {
    // Closures that follow one another are one closure for families.
    let until = closure.to;
    for (let next = hours.closures.find((c) => c.from <= nextDay(until) && c.to > until); next;) {
      until = next.to;
      next = hours.closures.find((c) => c.from <= nextDay(until) && c.to > until);
    }
    return { kind: "closure", closure, until };
  }
  if (hours.closedOnPublicHolidays && isPublicHoliday(date)) return { kind: "holiday" };
  return { kind: "week", day: hours.week[weekday] };
}

/** Whether the doors are open at an instant (appointments are not open doors). */
export function isOpenAt(hours: WeeklyHours, instant: Date): boolean {
  const { date, weekday, time } = parisMoment(instant);
  return openRanges(dayState(hours, date, weekday)).some((range) => range.start <= time && time < range.end);
}

export type OpeningStateKind = "OPEN_TODAY" | "BY_APPOINTMENT" | "CLOSED_TODAY" | "TEMPORARILY_CLOSED";

/** "08:30" → "8h30", "18:00" → "18h". */
export const frenchTime = (time: string) => {
  const [hours, minutes] = time.split(":");
  return `${Number(hours)}h${minutes === "00" ? "" : minutes}`;
};
export const frenchRanges = (ranges: readonly TimeRange[]) =>
  ranges.map((range) => `${frenchTime(range.start)}–${frenchTime(range.end)}`).join(", ");

/** A day of the week as the sheet's table says it. */
export function daySummary(day: DayHours): string {
  if (day.byAppointment) return day.ranges.length ? `Sur rendez-vous (${frenchRanges(day.ranges)})` : "Sur rendez-vous";
  return day.ranges.length ? frenchRanges(day.ranges) : "Fermé";
}

export const closureSummary = (closure: Closure) =>
  closure.from === closure.to
    ? `Le ${frenchDate(closure.from)}`
    : `Du ${frenchDate(closure.from)} au ${frenchDate(closure.to)}`;

/** The open-door ranges of a day (an appointment is not an open door; closures and holidays have none). */
function openRanges(state: DayState): readonly TimeRange[] {
  if (state.kind === "special") return state.opening.ranges;
  if (state.kind === "week" && !state.day.byAppointment) return state.day.ranges;
  return [];
}

/** How far ahead a closed day's next opening is looked for. */
const NEXT_OPENING_DAYS = 14;

/**
 * When the doors open next after `date` (a closed day), as a family reads it: « ouvre demain à
 * 8h30 », « ouvre lundi à 9h » within the week, « ouvre le lundi 04/01/2027 à 9h » beyond; null
 * when nothing opens within two weeks (appointments only, a long closure).
 */
export function nextOpening(hours: WeeklyHours, date: string): string | null {
  // Calendar days, counted in UTC (a date has no time zone): a card's status is computed on every
  // list, and luxon's arithmetic cost about 20 µs a day (300 µs for a card two weeks from opening).
  const [year, month, day] = date.split("-").map(Number);
  for (let ahead = 1; ahead <= NEXT_OPENING_DAYS; ahead++) {
    const next = new Date(Date.UTC(year, month - 1, day + ahead));
    const iso = next.toISOString().slice(0, 10);
    const weekday = (next.getUTCDay() + 6) % 7;
    const ranges = openRanges(dayState(hours, iso, weekday));
    if (ranges.length === 0) continue;
    const name = DAY_LABELS[weekday].toLowerCase();
    const when = ahead === 1 ? "demain" : ahead < 7 ? name : `le ${name} ${frenchDate(iso)}`;
    return `ouvre ${when} à ${frenchTime(ranges[0].start)}`;
  }
  return null;
}

/** A closed day's label, with the next opening when there is one (« Fermé aujourd'hui · ouvre lundi à 9h »). */
const closedToday = (label: string, hours: WeeklyHours, date: string) => {
  const next = nextOpening(hours, date);
  return next ? `${label} · ${next}` : label;
};

/**
 * Today's status, as the cards say it (« Ouvert aujourd'hui 8h–18h », « Fermé aujourd'hui · ouvre
 * lundi à 9h », after the day's last range « Fermé pour aujourd'hui · ouvre demain à 8h »…).
 */
export function openingStatus(
  hours: WeeklyHours,
  now: Date,
): { state: OpeningStateKind; label: string; openNow: boolean } {
  const { date, weekday, time } = parisMoment(now);
  const state = dayState(hours, date, weekday);
  const openNow = isOpenAt(hours, now);
  // Once today's last range has ended, the day is over: the card says when the doors open next
  // (a green « Ouvert aujourd'hui 9h–17h » at 18h contradicted « Ouvert maintenant »).
  const openDay = (ranges: readonly TimeRange[]) =>
    ranges.every((range) => range.end <= time)
      ? { state: "CLOSED_TODAY" as const, label: closedToday("Fermé pour aujourd'hui", hours, date), openNow }
      : { state: "OPEN_TODAY" as const, label: `Ouvert aujourd'hui ${frenchRanges(ranges)}`, openNow };
  switch (state.kind) {
    case "closure":
      return {
        state: "TEMPORARILY_CLOSED",
        label: `Fermeture temporaire jusqu'au ${frenchDate(state.until)}`,
        openNow,
      };
    case "holiday":
      return { state: "CLOSED_TODAY", label: closedToday("Fermé aujourd'hui (jour férié)", hours, date), openNow };
    case "special":
      return openDay(state.opening.ranges);
    case "week": {
      const { ranges, byAppointment } = state.day;
      if (byAppointment) {
        const label = ranges.length
          ? `Sur rendez-vous aujourd'hui ${frenchRanges(ranges)}`
          : "Sur rendez-vous aujourd'hui";
        return { state: "BY_APPOINTMENT", label, openNow };
      }
      if (ranges.length) return openDay(ranges);
      return { state: "CLOSED_TODAY", label: closedToday("Fermé aujourd'hui", hours, date), openNow };
    }
  }
}

// ---------------------------------------------------------------------------
// Facet rows: what « Ouvert le samedi » and « Ouvert maintenant » search on
// ---------------------------------------------------------------------------

export type HoursFacet = "open" | "mayOpen" | "hours" | "closed";
const compactDate = (iso: string) => iso.replace(/-/g, "");
const compactRange = (range: TimeRange) => `${range.start.replace(":", "")}${range.end.replace(":", "")}`;

/**
 * The facet values of a service's hours:
 * - `open`: the days of the week with open doors ("sa"): « Ouvert le samedi »;
 * - `mayOpen`: those and the weekdays of exceptional openings, which drive « ouvert maintenant »;
 * - `hours`: each open range, after its day or date ("sa08301230", "2026122810001200");
 * - `closed`: the days the week does not apply (closure days, exceptional opening days) and
 *   "ph" when closed on public holidays.
 */
export function hoursFacets(hours: WeeklyHours | null): Record<HoursFacet, string[]> {
  const facets: Record<HoursFacet, string[]> = { open: [], mayOpen: [], hours: [], closed: [] };
  if (!hours) return facets;
  hours.week.forEach((day, index) => {
    if (day.byAppointment || day.ranges.length === 0) return;
    facets.open.push(DAY_CODES[index]);
    facets.mayOpen.push(DAY_CODES[index]);
    facets.hours.push(...day.ranges.map((range) => `${DAY_CODES[index]}${compactRange(range)}`));
  });
  for (const opening of hours.specialOpenings) {
    facets.mayOpen.push(DAY_CODES[DateTime.fromISO(opening.date, { zone: PARIS }).weekday - 1]);
    facets.hours.push(...opening.ranges.map((range) => `${compactDate(opening.date)}${compactRange(range)}`));
    facets.closed.push(compactDate(opening.date));
  }
  for (const closure of hours.closures) {
    let day = DateTime.fromISO(closure.from, { zone: PARIS });
    const last = DateTime.fromISO(closure.to, { zone: PARIS });
    while (day <= last) {
      facets.closed.push(compactDate(day.toISODate()!));
      day = day.plus({ days: 1 });
    }
  }
  if (hours.closedOnPublicHolidays) facets.closed.push("ph");
  return facets;
}

/** The values an « ouvert maintenant » search asks of the facet rows, at a Paris moment. */
export function openNowCriteria(moment: ParisMoment) {
  return {
    weekday: DAY_CODES[moment.weekday],
    date: compactDate(moment.date),
    time: moment.time.replace(":", ""),
    holiday: isPublicHoliday(moment.date),
  };
}
