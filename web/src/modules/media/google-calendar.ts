import { parisParts } from "../../rules";

/** A day as Google Agenda writes it: 20301026 (a day past the month's end is the next month's). */
const dayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10).replace(/-/g, "");

/** An instant in UTC as Google Agenda writes it: 20301026T080000Z. */
const utcOf = (date: Date) => date.toISOString().replace(/[-:]|\.\d+/g, "");

/** Midnight in Paris, or the last minute of a day (« jusqu'au 27/10 à 23:59 »): a whole day's bound. */
const atMidnight = (parts: { hour: number; minute: number }) => parts.hour === 0 && parts.minute === 0;
const atDayEnd = (parts: { hour: number; minute: number }) => parts.hour === 23 && parts.minute === 59;

/**
 * Google Agenda's `dates`: an event from midnight to midnight (or to 23:59), in Paris time, takes
 * whole days, the last one excluded as Google counts them (`20301026/20301028` for the 26th and
 * the 27th); an event starting at midnight without an end takes its day. Any other event is
 * timed, in UTC (`20301026T080000Z/20301027T160000Z`); without an end (or with an end that is not
 * after the start) it ends when it starts, as its .ics says.
 */
export function googleCalendarDates(eventFrom: string, eventTo: string | null): string {
  const start = new Date(eventFrom);
  const end = eventTo && new Date(eventTo).getTime() > start.getTime() ? new Date(eventTo) : null;
  const from = parisParts(start);
  if (atMidnight(from)) {
    const to = end ? parisParts(end) : null;
    if (!to) return `${dayOf(from.year, from.month, from.day)}/${dayOf(from.year, from.month, from.day + 1)}`;
    if (atMidnight(to) || atDayEnd(to)) {
      const lastDay = atMidnight(to) ? to.day : to.day + 1;
      return `${dayOf(from.year, from.month, from.day)}/${dayOf(to.year, to.month, lastDay)}`;
    }
  }
  return `${utcOf(start)}/${utcOf(end ?? start)}`;
}

/** « Ajouter à Google Agenda »: Google's page that creates the event, filled in (nothing is sent before the parent saves it). */
export function googleCalendarUrl(event: {
  title: string;
  eventFrom: string;
  eventTo: string | null;
  place: string | null;
  details: string;
}): string {
  const parts = [
    "action=TEMPLATE",
    `text=${encodeURIComponent(event.title)}`,
    `dates=${googleCalendarDates(event.eventFrom, event.eventTo)}`,
    ...(event.details ? [`details=${encodeURIComponent(event.details)}`] : []),
    ...(event.place ? [`location=${encodeURIComponent(event.place)}`] : []),
  ];
  return `https://calendar.google.com/calendar/render?${parts.join("&")}`;
}
