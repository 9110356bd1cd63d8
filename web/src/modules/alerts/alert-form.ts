import type { AlertList, AlertRhythm } from "../../generated/alerts";
import { activeFilters } from "../filters/active-filters";
import { type FilterOptions } from "../filters/useFilterOptions";
import { AROUND_ME, type ListState } from "../filters/url-state";
import { LIST_NAMES } from "./alert-labels";
import { INVALID_EMAIL_MESSAGE, isEmailAddress, REQUIRED } from "../../form-rules";

/**
 * What « Me prévenir » says it will follow, from what the list shows (its chips, its words, its
 * place): « Lieux, offres de partenaires · « crèche » · 10 km autour de Lescar · Avec des places
 * disponibles ». The server keeps a label of its own; this one only tells the parent before they
 * ask. The category is the list's name, and « Ouvert maintenant » is not followed.
 */
export function describeSearch(list: AlertList, state: ListState, options: FilterOptions): string {
  const parts: string[] = [LIST_NAMES[list]];
  const text = state.text.trim();
  if (text) parts.push(`« ${text} »`);
  if (state.place) parts.push(`${state.place.radiusKm} km autour de ${state.place.label}`);
  for (const filter of activeFilters(state.filters, options)) {
    if (filter.key.startsWith("category:") || filter.key === "open:maintenant") continue;
    parts.push(filter.label);
  }
  return parts.join(" · ");
}

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
