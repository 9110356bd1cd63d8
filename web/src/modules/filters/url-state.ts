import { DEFAULT_RADIUS_KM, isRealDay, PLACE_NAME_MAX, SEARCH_PLACES_MAX, SEARCH_TEXT_MAX } from "../../rules";
import { LAST_PAGE } from "../../ui/paging";
import { type Network } from "../../generated/accounts";
import { type Age, type ServiceType, type Thematic } from "../../generated/reference";

/**
 * The state of a list page (search text, filters, page) as a URL query string, so a
 * filtered list can be bookmarked, shared and restored with the back button:
 * `?q=creche&ages=PETITE_ENFANCE,ENFANCE&epci=CA%20Pau%20B%C3%A9arn%20Pyr%C3%A9n%C3%A9es&page=2`.
 * Pure functions: unknown or malformed values are dropped, never an error.
 */

/** news: `/` and `/actualites`; resources: `/ressources`; services: `/services`. */
export type ListMode = "news" | "resources" | "services";

/** The news list narrowed to one category; null: news and events. */
export type NewsCategory = "NEW" | "EVENT";

export interface ListFilters {
  ages: Age[];
  thematics: Thematic[];
  networks: Network[];
  types: ServiceType[];
  /** Intercommunalités (EPCI names). */
  epci: string[];
  /** Town names. */
  towns: string[];
  category: NewsCategory | null;
  /** Paris days, YYYY-MM-DD. */
  eventFrom: string | null;
  eventTo: string | null;
  eventPlace: string;
  /** Events only: the past ones (most recent first) instead of those to come. */
  pastEvents: boolean;
  /** Events only: the place they are searched around (« Où ? »), within its radius. */
  eventNear: PlaceState | null;
  /** Services only: « Ouvert maintenant », « Ouvert le samedi ». */
  open: OpenFilter[];
  /** Services only: « Avec des places disponibles » (`?places=disponibles`). */
  vacancies: boolean;
}

/** When a service must be open (URL values: `?ouvert=maintenant,samedi`). */
export type OpenFilter = "maintenant" | "samedi";
const OPEN_FILTERS: Record<OpenFilter, true> = { maintenant: true, samedi: true };
/** `?places=disponibles`: « Avec des places disponibles ». */
export const VACANCIES_VALUE = "disponibles";

/** The label of a search around the device's position. */
export const AROUND_ME = "Autour de moi";

/**
 * A place a list searches around (« Où ? »): a town, an address or the device's position. The
 * same URL parameters say it on the services list (the list's place) and on the events list (a
 * filter of the events).
 */
export interface PlaceState {
  label: string;
  lat: number;
  lon: number;
  radiusKm: number;
}

/** The radii offered around a place, in km; the first search uses the default. */
export const RADII_KM = [5, 10, 20, 50] as const;
export { DEFAULT_RADIUS_KM };

export interface ListState {
  text: string;
  /** 1-based. */
  page: number;
  filters: ListFilters;
  /** Services only: the place searched around, nearest first. */
  place?: PlaceState | null;
}

export const EMPTY_FILTERS: ListFilters = {
  ages: [],
  thematics: [],
  networks: [],
  types: [],
  epci: [],
  towns: [],
  category: null,
  eventFrom: null,
  eventTo: null,
  eventPlace: "",
  pastEvents: false,
  eventNear: null,
  open: [],
  vacancies: false,
};

// Enum values (not labels: those come from the server's reference data). Records, so the
// compiler reports a value added to or removed from the schema.
const AGES: Record<Age, true> = {
  DEVENIR: true,
  PETITE_ENFANCE: true,
  ENFANCE: true,
  ADOLESCENCE: true,
  YOUNG_ADULT: true,
  FAMMILY: true,
};
const THEMATICS: Record<Thematic, true> = {
  DISABILITY: true,
  PARENT_CHILD_RELATIONSHIPS: true,
  HOLIDAYS_LEISURE: true,
  FAMILY_CHANGES: true,
  HOUSING: true,
};
const NETWORKS: Record<Network, true> = {
  ALL: true,
  ALSH_DIRECTORS: true,
  CLAS_REFERENTS: true,
  COOPERATION_OFFICERS: true,
  DISABILITY_SUPPORT_HUB: true,
  EAJE: true,
  FAMILY_REFERENTS: true,
  LAEP_REFERENTS: true,
  LEISURE_CENTRE_ANIMATION: true,
  PDN: true,
  RAJ: true,
  REAAP: true,
  RPE: true,
  SOCIAL_CENTRES: true,
  TERRITORY: true,
};
const SERVICE_TYPES: Record<ServiceType, true> = {
  CLAS: true,
  CRECHE: true,
  DAILY_LIFE: true,
  DROP_IN_NURSERY: true,
  FAMILY_CHANGES: true,
  FAMILY_CRECHE: true,
  FAMILY_HOLIDAYS: true,
  FAMILY_MEDIATION: true,
  GRANDIR_HANDIFERENCE: true,
  HOLIDAY_CAMP: true,
  HOUSING: true,
  KINDERGARTEN: true,
  LAEP: true,
  LEISURE_CENTRE: true,
  MAM: true,
  MEETING_SPACE: true,
  MICRO_CRECHE: true,
  PARENTING_SUPPORT: true,
  PROMENEURS_DU_NET: true,
  RPE: true,
  SOCIAL_CENTRES: true,
  SOCIAL_LIFE_SPACES: true,
  TOY_LIBRARY: true,
  YOUTH_SUPPORT: true,
};

/** The API's limits (MediaSearchInput, ServiceSearchInput): longer values would be refused. */
const MAX_TEXT = SEARCH_TEXT_MAX;
const MAX_PLACE_NAME = PLACE_NAME_MAX;
const MAX_PLACES = SEARCH_PLACES_MAX;

/** Which filters a mode offers; the others are ignored in its URL. */
export function offersFilter(mode: ListMode, filter: keyof ListFilters): boolean {
  switch (filter) {
    case "ages":
    case "epci":
    case "towns":
      return true;
    case "thematics":
    case "networks":
      return mode !== "services";
    case "types":
    case "open":
    case "vacancies":
      return mode === "services";
    case "category":
      return mode === "news";
    case "eventFrom":
    case "eventTo":
    case "eventPlace":
    case "pastEvents":
    case "eventNear":
      return mode === "news";
  }
}

/** Event dates and place only make sense when the list is narrowed to events. */
export const offersEventFilters = (mode: ListMode, category: NewsCategory | null): boolean =>
  mode === "news" && category === "EVENT";

const KEYS = {
  text: "q",
  category: "category",
  ages: "ages",
  thematics: "thematics",
  networks: "networks",
  types: "types",
  epci: "epci",
  towns: "towns",
  eventFrom: "from",
  eventTo: "to",
  eventPlace: "place",
  pastEvents: "passes",
  open: "ouvert",
  vacancies: "places",
  page: "page",
  placeLabel: "ou",
  lat: "lat",
  lon: "lon",
  radius: "rayon",
} as const;

/** A coordinate within its range, rounded to 5 decimals (about a metre), else null. */
function coordinate(value: string | null, limit: number): number | null {
  if (!value || !/^-?\d{1,3}(\.\d+)?$/.test(value)) return null;
  const number = Number(value);
  return Math.abs(number) <= limit ? Math.round(number * 1e5) / 1e5 : null;
}

/** The place of a list URL (`?ou=Lescar&lat=43.3405&lon=-0.4282&rayon=10`), or null. */
function parsePlace(params: URLSearchParams): PlaceState | null {
  const lat = coordinate(params.get(KEYS.lat), 90);
  const lon = coordinate(params.get(KEYS.lon), 180);
  if (lat === null || lon === null) return null;
  const radius = Number(params.get(KEYS.radius));
  return {
    label: (params.get(KEYS.placeLabel) ?? "").trim().slice(0, MAX_PLACE_NAME) || "Lieu choisi",
    lat,
    lon,
    radiusKm: (RADII_KM as readonly number[]).includes(radius) ? radius : DEFAULT_RADIUS_KM,
  };
}

/** Values of a list parameter: comma-separated, possibly repeated (`?ages=A,B&ages=C`). */
function listValues(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
  return [...new Set(values)];
}

function enumValues<V extends string>(params: URLSearchParams, key: string, known: Record<V, true>): V[] {
  return listValues(params, key).filter((value): value is V => Object.hasOwn(known, value));
}

const placeNames = (params: URLSearchParams, key: string): string[] =>
  listValues(params, key).filter((name) => name.length <= MAX_PLACE_NAME);

/** A real calendar day written YYYY-MM-DD, else null. */
function isoDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split("-").map(Number);
  return isRealDay(year, month, day) ? value : null;
}

/** A page of the URL, from 1 to the last the lists can show (a deeper one shows that last page). */
function pageNumber(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1;
}

/** The list state a query string describes, for one mode. */
export function parseListState(params: URLSearchParams, mode: ListMode): ListState {
  const offered = (filter: keyof ListFilters) => offersFilter(mode, filter);
  const rawCategory = params.get(KEYS.category);
  const category = offered("category") && (rawCategory === "NEW" || rawCategory === "EVENT") ? rawCategory : null;
  const events = offersEventFilters(mode, category);

  let epci = offered("epci") ? placeNames(params, KEYS.epci) : [];
  let towns = offered("towns") ? placeNames(params, KEYS.towns) : [];
  epci = epci.slice(0, MAX_PLACES);
  towns = towns.slice(0, MAX_PLACES - epci.length);

  return {
    text: (params.get(KEYS.text) ?? "").trim().slice(0, MAX_TEXT),
    page: pageNumber(params.get(KEYS.page)),
    filters: {
      ages: offered("ages") ? enumValues(params, KEYS.ages, AGES) : [],
      thematics: offered("thematics") ? enumValues(params, KEYS.thematics, THEMATICS) : [],
      networks: offered("networks") ? enumValues(params, KEYS.networks, NETWORKS) : [],
      types: offered("types") ? enumValues(params, KEYS.types, SERVICE_TYPES) : [],
      epci,
      towns,
      category,
      eventFrom: events ? isoDay(params.get(KEYS.eventFrom)) : null,
      eventTo: events ? isoDay(params.get(KEYS.eventTo)) : null,
      eventPlace: events ? (params.get(KEYS.eventPlace) ?? "").trim().slice(0, MAX_TEXT) : "",
      pastEvents: events && params.get(KEYS.pastEvents) === "1",
      eventNear: events ? parsePlace(params) : null,
      open: offered("open") ? enumValues(params, KEYS.open, OPEN_FILTERS) : [],
      vacancies: offered("vacancies") && params.get(KEYS.vacancies) === VACANCIES_VALUE,
    },
    ...(mode === "services" ? { place: parsePlace(params) } : {}),
  };
}

/** The query string of a list state: empty values and page 1 are left out, in a stable order. */
export function serialiseListState(state: ListState, mode: ListMode): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = state;
  const offered = (filter: keyof ListFilters) => offersFilter(mode, filter);
  const events = offersEventFilters(mode, offered("category") ? filters.category : null);
  const text = state.text.trim();
  const list = (key: string, values: string[]) => {
    const kept = values.filter((value) => value.trim().length > 0 && !value.includes(","));
    if (kept.length > 0) params.set(key, [...new Set(kept)].join(","));
  };

  const place = mode === "services" ? state.place : events ? filters.eventNear : null;
  if (place) {
    params.set(KEYS.placeLabel, place.label);
    params.set(KEYS.lat, place.lat.toFixed(5));
    params.set(KEYS.lon, place.lon.toFixed(5));
    if (place.radiusKm !== DEFAULT_RADIUS_KM) params.set(KEYS.radius, String(place.radiusKm));
  }
  if (text) params.set(KEYS.text, text.slice(0, MAX_TEXT));
  if (offered("category") && filters.category) params.set(KEYS.category, filters.category);
  if (offered("ages")) list(KEYS.ages, filters.ages);
  if (offered("thematics")) list(KEYS.thematics, filters.thematics);
  if (offered("networks")) list(KEYS.networks, filters.networks);
  if (offered("types")) list(KEYS.types, filters.types);
  if (offered("open")) list(KEYS.open, filters.open);
  if (offered("vacancies") && filters.vacancies) params.set(KEYS.vacancies, VACANCIES_VALUE);
  if (offered("epci")) list(KEYS.epci, filters.epci);
  if (offered("towns")) list(KEYS.towns, filters.towns);
  if (events && filters.eventFrom) params.set(KEYS.eventFrom, filters.eventFrom);
  if (events && filters.eventTo) params.set(KEYS.eventTo, filters.eventTo);
  if (events && filters.eventPlace.trim()) params.set(KEYS.eventPlace, filters.eventPlace.trim());
  if (events && filters.pastEvents) params.set(KEYS.pastEvents, "1");
  if (Number.isSafeInteger(state.page) && state.page > 1) params.set(KEYS.page, String(state.page));
  return params;
}

/** How many filter values are applied (shown on the small-screen 'Filtres' button). */
export function countActiveFilters(filters: ListFilters): number {
  return (
    filters.ages.length +
    filters.thematics.length +
    filters.networks.length +
    filters.types.length +
    filters.epci.length +
    filters.towns.length +
    filters.open.length +
    (filters.vacancies ? 1 : 0) +
    (filters.category ? 1 : 0) +
    // A period is one filter, whether it has a start, an end or both.
    (filters.eventFrom || filters.eventTo ? 1 : 0) +
    (filters.eventPlace.trim() ? 1 : 0) +
    (filters.eventNear ? 1 : 0)
  );
}
