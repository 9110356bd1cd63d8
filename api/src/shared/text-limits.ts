/**
 * The long texts a person writes (a request's motivation, a contact message, an error report):
 * their limits and what both sides say when one is too long. The form counts as the server does
 * (« 120 / 2000 caractères ») and keeps a longer paste whole, to be shortened. Apart from
 * rules.ts so that the public pages' first load does not carry them (forms load on demand).
 */

export const JOIN_JUSTIFY_MAX = 2000;
export const JOIN_JUSTIFY_TOO_LONG = `La motivation ne doit pas dépasser ${JOIN_JUSTIFY_MAX} caractères.`;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_MESSAGE_TOO_LONG = `Le message ne doit pas dépasser ${CONTACT_MESSAGE_MAX} caractères.`;
export const characterCount = (length: number, max: number): string => `${length} / ${max} caractères`;

// « Signaler une erreur »

/** What a report of an error says, once cleaned: 10 to 2000 characters. */
export const REPORT_MESSAGE_MIN = 10;
export const REPORT_MESSAGE_MAX = 2000;
export const REPORT_MESSAGE_TOO_SHORT = `Décrivez ce qui est inexact en ${REPORT_MESSAGE_MIN} caractères au moins.`;
export const REPORT_MESSAGE_TOO_LONG = `Le message ne doit pas dépasser ${REPORT_MESSAGE_MAX} caractères.`;

/**
 * A report's message as stored: control characters other than line breaks removed, spaces
 * within a line reduced to one, at most one empty line in a row, trimmed.
 */
export function cleanReportMessage(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/[^\S\n]+/g, " ")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, "")
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
