import { parisParts } from "../../rules";

const pad = (value: number) => String(value).padStart(2, "0");

/** DD/MM/YYYY in Paris time. */
export function formatDate(iso: string): string {
  const p = parisParts(new Date(iso));
  return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

/** DD/MM/YYYY HH:mm, 24 h, in Paris time (spec §2, §5). */
export function formatDateTime(iso: string): string {
  const p = parisParts(new Date(iso));
  return `${formatDate(iso)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** The card line of an event: 'Évènement du {début} à {lieu} jusqu'au {fin}'. */
export function eventSummary(event: {
  eventFrom: string;
  eventTo: string | null;
  eventAddress: string | null;
}): string {
  const place = event.eventAddress ? ` à ${event.eventAddress}` : "";
  const end = event.eventTo ? ` jusqu'au ${formatDateTime(event.eventTo)}` : "";
  return `Évènement du ${formatDateTime(event.eventFrom)}${place}${end}`;
}

const WEEKDAYS = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"];
const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** « dimanche 29 novembre 2026 », « samedi 1er mars 2025 », in Paris time. */
export function longDate(iso: string): string {
  const p = parisParts(new Date(iso));
  const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
  return `${weekday} ${p.day === 1 ? "1er" : p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** « 18h », « 9h30 », in Paris time: as the services' opening hours are written. */
export function clockTime(iso: string): string {
  const p = parisParts(new Date(iso));
  return `${p.hour}h${p.minute === 0 ? "" : pad(p.minute)}`;
}

/** A piece of an event's date line: plain words, or a date or time (`dateTime`: the instant it names). */
export interface WhenPart {
  text: string;
  dateTime?: string;
}

/**
 * When an event takes place, as a family reads it on the event's page, in Paris time:
 * « Dimanche 29 novembre 2026, de 18h à 20h », « Le dimanche 29 novembre 2026 à 18h »
 * (no end, or an end that is not after the start), « Du samedi 26 octobre 2030 à 10h au
 * dimanche 27 octobre 2030 à 18h ».
 */
export function eventWhen(eventFrom: string, eventTo: string | null): WhenPart[] {
  const at = (iso: string) => ({
    day: { text: longDate(iso), dateTime: iso },
    time: { text: clockTime(iso), dateTime: iso },
  });
  const start = at(eventFrom);
  const words = (text: string): WhenPart => ({ text });
  if (eventTo === null || new Date(eventTo).getTime() <= new Date(eventFrom).getTime()) {
    return [words("Le "), start.day, words(" à "), start.time];
  }
  const end = at(eventTo);
  if (start.day.text === end.day.text) {
    const day = { ...start.day, text: start.day.text.charAt(0).toUpperCase() + start.day.text.slice(1) };
    return [day, words(", de "), start.time, words(" à "), end.time];
  }
  return [words("Du "), start.day, words(" à "), start.time, words(" au "), end.day, words(" à "), end.time];
}
