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
