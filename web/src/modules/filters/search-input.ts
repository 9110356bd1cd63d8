import { type Network } from "../../generated/accounts";
import { type EventTiming, type MediaSearchInput } from "../../generated/media";
import { type Category } from "../../generated/reference";
import { type ServiceSearchInput } from "../../generated/sheets";
import { PAGE_SIZE } from "../../ui/Pagination";
import { type ListState, type PlaceState } from "./url-state";
import { parisToUtc, todayInParis } from "../../rules";

const dayParts = (day: string) => day.split("-").map(Number) as [number, number, number];

/** The first instant of a Paris day (YYYY-MM-DD), as a UTC ISO string. */
export const parisStartOfDay = (day: string): string => parisToUtc(...dayParts(day)).toISOString();

/** The last instant of a Paris day (YYYY-MM-DD), as a UTC ISO string: just before the next day starts. */
export function parisEndOfDay(day: string): string {
  const [year, month, date] = dayParts(day);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const start = parisToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
  return new Date(start.getTime() - 1).toISOString();
}

const orNull = <T>(values: T[]): T[] | null => (values.length > 0 ? values : null);

/** The place a list searches around, as the API's `near`. */
const nearInput = ({ lat, lon, radiusKm }: PlaceState) => ({ lat, lon, radiusKm });

/**
 * Events alone are listed by date: those not over yet (within the chosen days, if any), or
 * the past ones on request; dates that ended before today (typed in the panel) list what
 * they hold, past ones included.
 */
function eventTiming(categories: Category[], filters: ListState["filters"], today: string): EventTiming | null {
  if (categories.length !== 1 || categories[0] !== "EVENT") return null;
  if (filters.pastEvents) return "PAST";
  return filters.eventTo && filters.eventTo < today ? null : "UPCOMING";
}

/**
 * The media search of a list. `categories` are the list's own (news: NEW and EVENT,
 * resources: RESOURCE), narrowed by the news category choice; `allowedNetworks` are the
 * networks the viewer may filter on (none for a visitor), so a shared URL never applies
 * a filter the panel does not show.
 */
export function toMediaSearchInput(
  state: ListState,
  categories: Category[],
  allowedNetworks: readonly Network[],
  today: string = todayInParis(),
): MediaSearchInput {
  const { filters } = state;
  const narrowed = filters.category && categories.includes(filters.category) ? [filters.category] : categories;
  return {
    textQuery: state.text || null,
    categories: narrowed,
    ages: orNull(filters.ages),
    thematics: orNull(filters.thematics),
    networks: orNull(filters.networks.filter((network) => allowedNetworks.includes(network))),
    locations: orNull([...filters.epci, ...filters.towns]),
    eventFrom: filters.eventFrom ? parisStartOfDay(filters.eventFrom) : null,
    eventTo: filters.eventTo ? parisEndOfDay(filters.eventTo) : null,
    eventPlace: filters.eventPlace || null,
    eventTiming: eventTiming(narrowed, filters, today),
    ...(filters.eventNear ? { near: nearInput(filters.eventNear) } : {}),
    page: state.page - 1,
    pageSize: PAGE_SIZE,
  };
}

/** The service search of the services list. */
export function toServiceSearchInput(state: ListState): ServiceSearchInput {
  const { filters } = state;
  return {
    textQuery: state.text || null,
    ages: orNull(filters.ages),
    types: orNull(filters.types),
    locations: orNull([...filters.epci, ...filters.towns]),
    // « Maintenant » is read by the server's clock, in Paris time.
    openNow: filters.open.includes("maintenant") || null,
    openOn: filters.open.includes("samedi") ? ["SATURDAY"] : null,
    withVacancies: filters.vacancies || null,
    ...(state.place ? { near: nearInput(state.place) } : {}),
    page: state.page - 1,
    pageSize: PAGE_SIZE,
  };
}

/** The variables that make a services query say, of each service, how far it is from the place. */
export function aroundVariables(point: { lat: number; lon: number } | null | undefined): {
  around: boolean;
  place?: { lat: number; lon: number };
} {
  return point ? { around: true, place: { lat: point.lat, lon: point.lon } } : { around: false };
}
