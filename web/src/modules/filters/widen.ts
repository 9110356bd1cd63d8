import { parisDay, todayInParis } from "../../rules";
import { longDate } from "../media/dates";
import { type ListState, RADII_KM } from "./url-state";

/** A wider search: the list state without its narrowest criterion, and what was removed. */
export interface Widening {
  state: ListState;
  /** For « Élargir la recherche (sans …) ». */
  removed: string;
  /** The button's whole wording, when it says something else (« Chercher à 20 km »). */
  label?: string;
}

/** Quoted, and cut past 40 characters: a long text typed (or pasted) makes no button of 200. */
const quoted = (text: string) => `« ${text.length > 40 ? text.slice(0, 39) + "…" : text} »`;

/**
 * When a search finds nothing, the criterion to drop first: the narrowest one (the radius
 * around a place, which grows, then the place; a place of event, then dates, a town, an
 * intercommunality, types, themes, ages, networks, the category), the words typed last. Null
 * when nothing narrows the list.
 */
export function widenSearch(state: ListState): Widening | null {
  const { filters } = state;
  const next = (patch: Partial<ListState["filters"]>, removed: string, text = state.text): Widening => ({
    state: { ...state, text, page: 1, filters: { ...filters, ...patch } },
    removed,
  });
  // Around a place, the radius grows first (5, 10, 20, 50 km).
  const radius = state.place && RADII_KM.find((value) => value > state.place!.radiusKm);
  if (state.place && radius) {
    return {
      state: { ...state, page: 1, place: { ...state.place, radiusKm: radius } },
      removed: `le rayon de ${state.place.radiusKm} km`,
      label: `Chercher dans un rayon de ${radius} km`,
    };
  }
  // Events around a place: the radius grows too, then the place goes.
  const near = filters.eventNear;
  if (near) {
    const wider = RADII_KM.find((value) => value > near.radiusKm);
    if (!wider) return next({ eventNear: null }, quoted(near.label));
    return {
      ...next({ eventNear: { ...near, radiusKm: wider } }, `le rayon de ${near.radiusKm} km`),
      label: `Chercher dans un rayon de ${wider} km`,
    };
  }
  if (filters.eventPlace) return next({ eventPlace: "" }, `le lieu ${quoted(filters.eventPlace)}`);
  if (filters.eventFrom || filters.eventTo) return next({ eventFrom: null, eventTo: null }, "les dates");
  if (filters.towns.length) {
    const town = filters.towns[filters.towns.length - 1];
    return next({ towns: filters.towns.slice(0, -1) }, town);
  }
  if (filters.epci.length) {
    const epci = filters.epci[filters.epci.length - 1];
    return next({ epci: filters.epci.slice(0, -1) }, epci);
  }
  if (filters.types.length) return next({ types: [] }, "les types de service");
  if (filters.thematics.length) return next({ thematics: [] }, "les thématiques");
  if (filters.ages.length) return next({ ages: [] }, "les âges");
  if (filters.networks.length) return next({ networks: [] }, "les réseaux");
  if (filters.category) return next({ category: null }, "la catégorie");
  if (state.text) return next({}, `les mots ${quoted(state.text)}`, "");
  return null;
}

/** What the server proposes for a search that found nothing: its words with misspelt names corrected. */
export interface SearchSuggestion {
  textQuery?: string | null;
  eventPlace?: string | null;
}

/**
 * « Vouliez-vous dire « atelier Lescar » ? »: the corrected search (the same filters, its first
 * page) and the link's wording; null when the server proposes nothing.
 */
export function suggestedSearch(
  state: ListState,
  suggestion: SearchSuggestion | null | undefined,
): { state: ListState; label: string } | null {
  const text = suggestion?.textQuery || null;
  const eventPlace = suggestion?.eventPlace || null;
  if (!text && !eventPlace) return null;
  const said = [text, eventPlace].filter((part): part is string => part !== null).map(quoted);
  return {
    state: {
      ...state,
      text: text ?? state.text,
      page: 1,
      filters: { ...state.filters, eventPlace: eventPlace ?? state.filters.eventPlace },
    },
    label: `Vouliez-vous dire ${said.join(" et ")} ?`,
  };
}

/**
 * The way out of a period that holds no event: the same search on the day the next one starts
 * (`nextEventFrom`, said by the server, in Paris time), as « Prochain évènement : samedi 6
 * décembre » (with the year when it is not this one).
 */
export function nextEventChoice(
  state: ListState,
  nextEventFrom: string,
  today: string = todayInParis(),
): { state: ListState; label: string } {
  const day = parisDay(new Date(nextEventFrom));
  const date = longDate(nextEventFrom);
  const shown = day.slice(0, 4) === today.slice(0, 4) ? date.replace(/ \d+$/, "") : date;
  return {
    state: { ...state, page: 1, filters: { ...state.filters, eventFrom: day, eventTo: day, pastEvents: false } },
    label: `Prochain évènement : ${shown}`,
  };
}
