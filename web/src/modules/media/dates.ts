import { DateTime } from "luxon";

const ZONE = "Europe/Paris";

/** DD/MM/YYYY HH:mm, 24 h, in Paris time (spec §2, §5). */
export const formatDateTime = (iso: string): string =>
  DateTime.fromISO(iso, { zone: ZONE }).toFormat("dd/LL/yyyy HH:mm");

/** DD/MM/YYYY in Paris time. */
export const formatDate = (iso: string): string => DateTime.fromISO(iso, { zone: ZONE }).toFormat("dd/LL/yyyy");

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
