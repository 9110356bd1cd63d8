import { ValidationError } from "../../errors";

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
