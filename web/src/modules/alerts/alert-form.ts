import type { AlertRhythm } from "../../generated/alerts";
import { AROUND_ME, type ListState } from "../filters/url-state";
import { INVALID_EMAIL_MESSAGE, isEmailAddress, REQUIRED } from "../../form-rules";

export interface AlertDraft {
  email: string;
  rhythm: AlertRhythm;
}

export const EMPTY_ALERT: AlertDraft = { email: "", rhythm: "DAILY" };

/** The form's own check of the address, with the server's messages. */
export function alertErrors(draft: AlertDraft): Partial<Record<"email", string>> {
  const email = draft.email.trim();
  if (!email) return { email: REQUIRED.email };
  if (!isEmailAddress(email)) return { email: INVALID_EMAIL_MESSAGE };
  return {};
}

/** The name of the place searched around, for the alert's label (none for the device's position). */
export function placeLabelOf(state: ListState): string | null {
  const place = state.place ?? state.filters.eventNear;
  return place && place.label !== AROUND_ME ? place.label : null;
}
