/**
 * The rules of a service's opening hours, written once for the API (which checks and cleans
 * them, opening-hours.ts) and the web's hours editor (which tells the partner before sending):
 * the limits, the French names of the days, the messages, and the checks of a day's ranges and
 * of a closure. Times are "HH:MM", dates "YYYY-MM-DD", both in Paris. Plain TypeScript that
 * imports nothing outside api/src/shared.
 */
import { isIsoDay } from "./rules";

export const HOURS_LIMITS = {
  /** Ranges in one day (or one exceptional opening). */
  rangesPerDay: 4,
  closures: 20,
  specialOpenings: 20,
  /** A temporary closure lasts at most a year (longer: the sheet should say the service stopped). */
  closureDays: 366,
  /** A closure's or an exceptional opening's note. */
  note: 200,
} as const;

/** The days of the week, Monday first. */
export const DAY_LABELS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"] as const;

/** How a closure and an exceptional opening are named in messages (`index` from 0). */
export const closureName = (index: number): string => `Fermeture ${index + 1}`;
export const specialOpeningName = (index: number): string => `Ouverture exceptionnelle ${index + 1}`;

/** The messages, about `what` (« Lundi », « Fermeture 2 »…). */
export const HOURS_MESSAGES = {
  tooManyRanges: (what: string) => `${what} : ${HOURS_LIMITS.rangesPerDay} plages horaires au plus.`,
  timeFormat: (what: string) => `${what} : indiquez les heures au format HH:MM (par exemple 08:30).`,
  endBeforeStart: (what: string) => `${what} : l'heure de fin doit être après l'heure de début.`,
  overlap: (what: string) => `${what} : des plages horaires se chevauchent.`,
  noteTooLong: (what: string) => `${what} : la précision ne doit pas dépasser ${HOURS_LIMITS.note} caractères.`,
  closureDates: (what: string) => `${what} : indiquez des dates valides.`,
  closureOrder: (what: string) => `${what} : la date de fin doit être après la date de début.`,
  closureTooLong: (what: string) => `${what} : une fermeture temporaire dure au plus un an.`,
  tooManyClosures: `${HOURS_LIMITS.closures} fermetures au plus.`,
  openingDate: (what: string) => `${what} : indiquez une date valide.`,
  openingRanges: (what: string) => `${what} : indiquez au moins une plage horaire.`,
  tooManyOpenings: `${HOURS_LIMITS.specialOpenings} ouvertures exceptionnelles au plus.`,
  openingTwice: "Une ouverture exceptionnelle est indiquée deux fois le même jour.",
  dayTwice: (what: string) => `${what} est indiqué deux fois.`,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A problem of a list of ranges or of a closure, and the range or date it is about. */
export interface HoursProblem {
  message: string;
  /** The range at fault (its place in the list given), or the closure's date at fault. */
  at: number | "from" | "to";
}

/**
 * The first problem of a day's ranges (`what`: the day's or the opening's name): too many, not
 * HH:MM, an end not after its start, two ranges that overlap (the later one is at fault).
 */
export function rangesProblem(
  ranges: ReadonlyArray<{ start: string; end: string }>,
  what: string,
): HoursProblem | null {
  if (ranges.length > HOURS_LIMITS.rangesPerDay)
    return { message: HOURS_MESSAGES.tooManyRanges(what), at: HOURS_LIMITS.rangesPerDay };
  const sorted = ranges
    .map((range, index) => ({ start: range.start.trim(), end: range.end.trim(), index }))
    .sort((a, b) => a.start.localeCompare(b.start));
  for (const [position, range] of sorted.entries()) {
    if (!TIME.test(range.start) || !TIME.test(range.end))
      return { message: HOURS_MESSAGES.timeFormat(what), at: range.index };
    if (range.end <= range.start) return { message: HOURS_MESSAGES.endBeforeStart(what), at: range.index };
    if (position > 0 && range.start < sorted[position - 1].end)
      return { message: HOURS_MESSAGES.overlap(what), at: range.index };
  }
  return null;
}

/** The days from `from` to `to`, both counted ("2026-12-22" to "2026-12-22": 1). */
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The first problem of a temporary closure: real days, in order, a year at most. */
export function closureProblem(closure: { from: string; to: string }, what: string): HoursProblem | null {
  if (!isIsoDay(closure.from)) return { message: HOURS_MESSAGES.closureDates(what), at: "from" };
  if (!isIsoDay(closure.to)) return { message: HOURS_MESSAGES.closureDates(what), at: "to" };
  if (closure.to < closure.from) return { message: HOURS_MESSAGES.closureOrder(what), at: "to" };
  if (daysBetween(closure.from, closure.to) > HOURS_LIMITS.closureDays)
    return { message: HOURS_MESSAGES.closureTooLong(what), at: "to" };
  return null;
}
