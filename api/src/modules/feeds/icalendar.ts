import { PARIS_ZONE, parisParts } from "../../shared/rules";

/** One event as a calendar application receives it. */
export interface CalendarEvent {
  /** Stable across downloads and feeds: the calendar replaces its copy instead of adding one. */
  uid: string;
  title: string;
  start: Date;
  /** None: the event has a start only (RFC 5545: it then lasts no time). */
  end: Date | null;
  location: string | null;
  description: string | null;
  url: string;
}

/**
 * Europe/Paris as calendar applications expect it beside local times (RFC 5545 §3.6.5):
 * summer time from the last Sunday of March 02:00 to the last Sunday of October 03:00.
 */
const PARIS_TIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${PARIS_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** Paris wall-clock time, as DTSTART;TZID=Europe/Paris wants it: 20261024T140000. */
function parisLocal(instant: Date): string {
  const p = parisParts(instant);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** UTC time (DTSTAMP): 20261024T120000Z. */
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A TEXT value (RFC 5545 §3.3.11): backslashes, semicolons, commas and line breaks escaped. */
export const escapeText = (text: string): string =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines of at most 75 octets, continued on lines starting with a space (§3.1), never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, "utf8");
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** An iCalendar object (RFC 5545) of events in Paris time, with CRLF line ends. */
export function icalendar(events: readonly CalendarEvent[], { name, now = new Date() }: { name: string; now?: Date }) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Portail parentalité//Agenda//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${PARIS_ZONE}`,
    ...PARIS_TIMEZONE,
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART;TZID=${PARIS_ZONE}:${parisLocal(event.start)}`,
      ...(event.end && event.end > event.start ? [`DTEND;TZID=${PARIS_ZONE}:${parisLocal(event.end)}`] : []),
      `SUMMARY:${escapeText(event.title)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      `URL:${event.url}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** What an event page or feed knows of a media to put it in a calendar. */
export interface EventMedia {
  id: string;
  title: string;
  description: string | null;
  eventFrom: Date | null;
  eventTo: Date | null;
  eventAddress: string | null;
  city: string[];
}

/** The calendar event of a media (null when it is not an event), named after the portal's address. */
export function calendarEvent(media: EventMedia, publicUrl: string): CalendarEvent | null {
  if (!media.eventFrom) return null;
  return {
    uid: `evenement-${media.id}@${new URL(publicUrl).host}`,
    title: media.title,
    start: media.eventFrom,
    end: media.eventTo,
    location: media.eventAddress ?? (media.city.length > 0 ? media.city.join(", ") : null),
    description: media.description,
    url: `${publicUrl}/actualites/${media.id}`,
  };
}
