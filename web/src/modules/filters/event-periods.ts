import { todayInParis } from "../../rules";
import { type ListFilters } from "./url-state";

/** The quick choices of the events list, by their place in the week or month. */
export type EventPeriod = "today" | "weekend" | "week" | "month";

/** The labels of the quick choices on a weekday; on a week-end day some name what comes next. */
export const EVENT_PERIOD_LABELS: Record<EventPeriod, string> = {
  today: "Aujourd'hui",
  weekend: "Ce week-end",
  week: "Cette semaine",
  month: "Ce mois-ci",
};

const pad = (value: number) => String(value).padStart(2, "0");
const parts = (day: string) => day.split("-").map(Number) as [number, number, number];

/** A calendar day (YYYY-MM-DD) moved by some days; calendar arithmetic, so no clock change moves it. */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** 0 for Sunday … 6 for Saturday. */
const weekday = (day: string): number => {
  const [year, month, date] = parts(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
};

export interface PeriodChoice {
  id: EventPeriod;
  label: string;
  from: string;
  to: string;
}

const lastDayOfMonth = (year: number, month: number) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

/**
 * The quick choices from `today` (YYYY-MM-DD in Paris), each covering other days, whatever the
 * day: today; the coming Saturday and Sunday (from a Saturday, that week-end; on a Sunday, the
 * next one, « Le week-end prochain »); today to Sunday (on a week-end day, next Monday to
 * Sunday, « La semaine prochaine »); today to the month's last day (when that covers no other
 * days than a choice before it, the next month, « Le mois prochain »).
 */
export function eventPeriods(today: string): PeriodChoice[] {
  const day = weekday(today);
  const choices: PeriodChoice[] = [{ id: "today", label: EVENT_PERIOD_LABELS.today, from: today, to: today }];
  choices.push(
    day === 0
      ? { id: "weekend", label: "Le week-end prochain", from: shiftDay(today, 6), to: shiftDay(today, 7) }
      : {
          id: "weekend",
          label: EVENT_PERIOD_LABELS.weekend,
          from: shiftDay(today, 6 - day),
          to: shiftDay(today, 7 - day),
        },
  );
  choices.push(
    day === 0 || day === 6
      ? {
          id: "week",
          label: "La semaine prochaine",
          from: shiftDay(today, (8 - day) % 7),
          to: shiftDay(today, ((8 - day) % 7) + 6),
        }
      : { id: "week", label: EVENT_PERIOD_LABELS.week, from: today, to: shiftDay(today, 7 - day) },
  );
  const [year, month] = parts(today);
  const restOfMonth = { from: today, to: lastDayOfMonth(year, month) };
  const same = choices.some(({ from, to }) => from === restOfMonth.from && to === restOfMonth.to);
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  choices.push(
    same
      ? {
          id: "month",
          label: "Le mois prochain",
          from: `${nextYear}-${pad(nextMonth)}-01`,
          to: lastDayOfMonth(nextYear, nextMonth),
        }
      : { id: "month", label: EVENT_PERIOD_LABELS.month, ...restOfMonth },
  );
  return choices;
}

/** The Paris days a period covers from `today` (see eventPeriods). */
export function periodDays(period: EventPeriod, today: string): { from: string; to: string } {
  const { from, to } = eventPeriods(today).find(({ id }) => id === period)!;
  return { from, to };
}

/** Which choice the filters are: one of the periods, the events to come, the past ones, or other dates. */
export function chosenPeriod(
  filters: Pick<ListFilters, "eventFrom" | "eventTo" | "pastEvents">,
  today: string = todayInParis(),
): EventPeriod | "upcoming" | "past" | null {
  if (filters.pastEvents) return "past";
  if (!filters.eventFrom && !filters.eventTo) return "upcoming";
  const match = eventPeriods(today).find(({ from, to }) => filters.eventFrom === from && filters.eventTo === to);
  return match?.id ?? null;
}
