import { todayInParis } from "../../rules";
import { type ListFilters } from "./url-state";

/** The quick choices of the events list, by their place in the week or month. */
export type EventPeriod = "today" | "weekend" | "week" | "month";

export const EVENT_PERIODS: ReadonlyArray<{ id: EventPeriod; label: string }> = [
  { id: "today", label: "Aujourd'hui" },
  { id: "weekend", label: "Ce week-end" },
  { id: "week", label: "Cette semaine" },
  { id: "month", label: "Ce mois-ci" },
];

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

/**
 * The Paris days a period covers, from `today` (YYYY-MM-DD in Paris): today; the coming
 * Saturday and Sunday (or what is left of the week-end); today to Sunday; today to the
 * month's last day.
 */
export function periodDays(period: EventPeriod, today: string): { from: string; to: string } {
  const day = weekday(today);
  switch (period) {
    case "today":
      return { from: today, to: today };
    case "weekend":
      if (day === 0) return { from: today, to: today };
      if (day === 6) return { from: today, to: shiftDay(today, 1) };
      return { from: shiftDay(today, 6 - day), to: shiftDay(today, 7 - day) };
    case "week":
      return { from: today, to: shiftDay(today, day === 0 ? 0 : 7 - day) };
    case "month": {
      const [year, month] = parts(today);
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return { from: today, to: `${year}-${pad(month)}-${pad(last)}` };
    }
  }
}

/** Which choice the filters are: one of the periods, the events to come, the past ones, or other dates. */
export function chosenPeriod(
  filters: Pick<ListFilters, "eventFrom" | "eventTo" | "pastEvents">,
  today: string = todayInParis(),
): EventPeriod | "upcoming" | "past" | null {
  if (filters.pastEvents) return "past";
  if (!filters.eventFrom && !filters.eventTo) return "upcoming";
  const match = EVENT_PERIODS.find(({ id }) => {
    const { from, to } = periodDays(id, today);
    return filters.eventFrom === from && filters.eventTo === to;
  });
  return match?.id ?? null;
}
