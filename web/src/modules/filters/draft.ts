import { formatIsoDay, parseFrenchDate } from "../../rules";
import { type ListFilters, type ListMode, offersEventFilters, offersFilter } from "./url-state";

/** What the filter panel edits before 'Rechercher': the event dates as typed (DD/MM/YYYY). */
export interface FilterDraft extends Omit<ListFilters, "eventFrom" | "eventTo"> {
  eventFrom: string;
  eventTo: string;
}

export interface DraftErrors {
  eventFrom?: string;
  eventTo?: string;
}

export const INVALID_DATE = "Date invalide";
export const END_BEFORE_START = "La date de fin doit être postérieure à la date de début";

export const draftFromFilters = (filters: ListFilters): FilterDraft => ({
  ...filters,
  eventFrom: filters.eventFrom ? formatIsoDay(filters.eventFrom) : "",
  eventTo: filters.eventTo ? formatIsoDay(filters.eventTo) : "",
});

/**
 * The filters a draft applies, or the errors that keep it from being applied. Filters
 * the mode does not offer (or event filters once the event category is left) are dropped.
 */
export function filtersFromDraft(
  draft: FilterDraft,
  mode: ListMode,
): { filters: ListFilters; errors: null } | { filters: null; errors: DraftErrors } {
  const offered = (filter: keyof ListFilters) => offersFilter(mode, filter);
  const category = offered("category") ? draft.category : null;
  const events = offersEventFilters(mode, category);

  const errors: DraftErrors = {};
  const day = (text: string, field: keyof DraftErrors): string | null => {
    if (!events || !text.trim()) return null;
    const parsed = parseFrenchDate(text);
    if (!parsed) errors[field] = INVALID_DATE;
    return parsed;
  };
  const eventFrom = day(draft.eventFrom, "eventFrom");
  const eventTo = day(draft.eventTo, "eventTo");
  if (eventFrom && eventTo && eventTo < eventFrom) errors.eventTo = END_BEFORE_START;
  if (errors.eventFrom || errors.eventTo) return { filters: null, errors };

  return {
    errors: null,
    filters: {
      ages: offered("ages") ? draft.ages : [],
      thematics: offered("thematics") ? draft.thematics : [],
      networks: offered("networks") ? draft.networks : [],
      types: offered("types") ? draft.types : [],
      epci: draft.epci,
      towns: draft.towns,
      category,
      eventFrom,
      eventTo,
      eventPlace: events ? draft.eventPlace.trim() : "",
      pastEvents: events && draft.pastEvents && !eventFrom && !eventTo,
      eventNear: events ? draft.eventNear : null,
      open: offered("open") ? draft.open : [],
      vacancies: offered("vacancies") && draft.vacancies,
    },
  };
}
