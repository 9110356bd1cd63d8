import { ValidationError } from "../../errors";

/**
 * Unicode's bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in
 * a name, a title or an address they reorder what the administrators read (a name shown
 * backwards, « gpj.exe » shown as « exe.jpg »), in a list, an e-mail or a spreadsheet.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export const withoutBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, "");

/** Text as stored: trimmed, inner runs of spaces reduced to one. */
export const clean = (value: string): string => value.trim().replace(/\s+/g, " ");

/** Optional text as stored: cleaned, or null when blank. */
export const cleanOptional = (value: string | null | undefined): string | null => (value?.trim() ? clean(value) : null);

/** Refuses the first field left blank (after cleaning), with its message, e.g. « Le nom est requis. ». */
export function requireText(fields: Record<string, string>, messages: Record<string, string>): void {
  for (const [key, value] of Object.entries(fields)) {
    if (!value) throw new ValidationError(messages[key], { [key]: messages[key] });
  }
}
