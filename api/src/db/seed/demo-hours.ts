import { type DateTime } from "luxon";
import { cleanWeeklyHours, type DayCode, type WeeklyHours } from "../../modules/sheets/opening-hours";

/**
 * Fictional hours, four kinds in turn: a crèche's long days (one of them closed this week for
 * works), a centre with lunch break and Saturday morning, a service by appointment, and a sheet
 * without hours.
 */
export function demoHours(index: number, today: DateTime): WeeklyHours | null {
  const range = (start: string, end: string) => ({ start, end });
  const days = (codes: DayCode[], ranges: Array<{ start: string; end: string }>, byAppointment = false) =>
    codes.map((day) => ({ day, ranges, byAppointment }));
  const weekdays: DayCode[] = ["mo", "tu", "we", "th", "fr"];
  const iso = (date: DateTime) => date.toISODate()!;
  switch (index % 4) {
    case 0:
      return cleanWeeklyHours(
        {
          week: days(weekdays, [range("07:30", "18:30")]),
          closures:
            index === 0
              ? [{ from: iso(today.minus({ days: 2 })), to: iso(today.plus({ days: 5 })), note: "Travaux" }]
              : [],
        },
        iso(today),
      );
    case 1:
      return cleanWeeklyHours(
        {
          week: [
            ...days(weekdays, [range("09:00", "12:30"), range("13:30", "17:00")]),
            ...days(["sa"], [range("09:00", "12:00")]),
          ],
        },
        iso(today),
      );
    case 2:
      return cleanWeeklyHours(
        {
          week: [...days(["tu", "th"], [range("09:00", "12:00")]), ...days(["we"], [range("14:00", "18:00")], true)],
        },
        iso(today),
      );
    default:
      return null;
  }
}
