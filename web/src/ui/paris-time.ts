/**
 * Paris dates with the browser's own Intl (no date library in the first chunk
 * of the public pages; the editor and the admin pages, loaded later, use luxon).
 */
const PARTS = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export interface ParisParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function parisParts(date: Date): ParisParts {
  const parts = Object.fromEntries(PARTS.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** YYYY-MM-DD of a Paris day. */
export const isoDay = ({ year, month, day }: Pick<ParisParts, "year" | "month" | "day">): string =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The Paris offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function parisOffset(instant: number): number {
  const p = parisParts(new Date(instant));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of a Paris wall-clock time. */
export function parisToUtc(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - parisOffset(wall);
  // Around a change of time the offset at the guess may differ from the one at the result.
  return new Date(wall - parisOffset(first));
}

/** A real calendar day? (rejects 30/02, 31/04…) */
export function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A Paris day plus a number of months, the day clamped to the month's end (31/08 + 6 → 28 or 29/02). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return isoDay({ year: targetYear, month: targetMonth, day: Math.min(date, lastDay) });
}
