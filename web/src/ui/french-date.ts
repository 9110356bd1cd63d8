import { addMonths, isoDay, isRealDay, parisParts } from "./paris-time";

/** "21/05/2027" → "2027-05-21"; null when it is not a real date in that format. */
export function parseFrenchDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? isoDay({ year, month, day }) : null;
}

/** "2027-05-21" → "21/05/2027". */
export const formatIsoDay = (day: string): string => day.slice(0, 10).split("-").reverse().join("/");

/** Today in Paris as YYYY-MM-DD. */
export const todayIso = (): string => isoDay(parisParts(new Date()));

/** Today + months in Paris as YYYY-MM-DD (default account expiration: 6 months). */
export const monthsFromToday = (months: number): string => addMonths(todayIso(), months);
