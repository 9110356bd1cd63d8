import { DateTime } from "luxon";

/** "21/05/2027" → "2027-05-21"; null when it is not a real date in that format. */
export function parseFrenchDate(text: string): string | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text.trim())) return null;
  const date = DateTime.fromFormat(text.trim(), "dd/LL/yyyy", { zone: "Europe/Paris" });
  return date.isValid ? date.toISODate() : null;
}

/** "2027-05-21" → "21/05/2027". */
export const formatIsoDay = (day: string): string => DateTime.fromISO(day).toFormat("dd/LL/yyyy");

/** Today in Paris as YYYY-MM-DD. */
export const todayIso = (): string => DateTime.now().setZone("Europe/Paris").toISODate()!;

/** Today + months in Paris as YYYY-MM-DD (default account expiration: 6 months). */
export const monthsFromToday = (months: number): string =>
  DateTime.now().setZone("Europe/Paris").plus({ months }).toISODate()!;
