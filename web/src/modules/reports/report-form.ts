import {
  INVALID_EMAIL_MESSAGE,
  isEmailAddress,
  characterCount,
  cleanReportMessage,
  REPORT_MESSAGE_MAX,
  REPORT_MESSAGE_MIN,
  REPORT_MESSAGE_TOO_LONG,
  REPORT_MESSAGE_TOO_SHORT,
} from "../../form-rules";

export interface ReportDraft {
  message: string;
  email: string;
  /** The honeypot: people leave it empty. */
  website: string;
}

export const EMPTY_REPORT: ReportDraft = { message: "", email: "", website: "" };

/** What the form says before sending (the server says the same): per field, or nothing. */
export function reportErrors(draft: ReportDraft): Partial<Record<"message" | "email", string>> {
  const errors: Partial<Record<"message" | "email", string>> = {};
  const length = cleanReportMessage(draft.message).length;
  if (length < REPORT_MESSAGE_MIN) errors.message = REPORT_MESSAGE_TOO_SHORT;
  else if (length > REPORT_MESSAGE_MAX) errors.message = REPORT_MESSAGE_TOO_LONG;
  const email = draft.email.trim();
  if (email && !isEmailAddress(email)) errors.email = INVALID_EMAIL_MESSAGE;
  return errors;
}

/** « 12 / 2000 caractères »: counted as the server will count them. */
export const messageCounter = (message: string): string =>
  characterCount(cleanReportMessage(message).length, REPORT_MESSAGE_MAX);
