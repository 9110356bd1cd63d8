import { parisParts } from "../../rules";

/** The element the worker adds to a page it serves from its saved copy. */
export const OFFLINE_NOTE_ID = "hors-connexion";

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** « Hors connexion : informations du 28/11 à 14:02 », the time of the copy in Paris. */
export function offlineNoteText(savedAt: Date): string {
  const { day, month, hour, minute } = parisParts(savedAt);
  return `Hors connexion : informations du ${twoDigits(day)}/${twoDigits(month)} à ${twoDigits(hour)}:${twoDigits(minute)}`;
}

/**
 * The saved page with the note at the top of its body, outside the part React takes over
 * (`#root`): it shows before the scripts run, and stays if they cannot. Styled inline: the
 * page's own styles belong to the application (the policy allows inline styles, not scripts).
 */
export function withOfflineNote(html: string, savedAt: Date): string {
  const note =
    `<div id="${OFFLINE_NOTE_ID}" role="status" style="padding:0.75rem 1rem;background:#fefcbf;` +
    `color:#1a202c;border-bottom:1px solid #b7791f;font:600 1rem/1.5 system-ui,sans-serif;text-align:center">` +
    `${offlineNoteText(savedAt)}</div>`;
  return html.replace(/<body([^>]*)>/, (body) => `${body}${note}`);
}
