import { parisDay } from "../../shared/rules";
import { DAY_LABELS } from "../../shared/hours-rules";
import { DEFAULT_RADIUS_KM } from "../../shared/search-limits";
import {
  AGE_LABELS,
  type Age,
  Category,
  NETWORK_LABELS,
  type Network,
  SERVICE_TYPE_LABELS,
  ServiceType,
  THEMATIC_LABELS,
  type Thematic,
} from "../reference/reference.data";
import { EventTiming, type MediaSearchInput } from "../media/media.inputs";
import type { SheetSearchInput } from "../sheets/sheet.inputs";
import type { Weekday } from "../sheets/opening-hours.types";
import { AlertList } from "./alert.entity";

/**
 * What an alert watches, as stored: the list's own search input (MediaSearchInput or
 * ServiceSearchInput) without its page, dates as ISO strings. Pure functions: the label a family
 * reads, the list's URL (« Voir la recherche »), and whether a search is set at all.
 */
export interface AlertNear {
  lat: number;
  lon: number;
  radiusKm: number;
}

export interface MediaCriteria {
  textQuery?: string | null;
  categories?: Category[] | null;
  locations?: string[] | null;
  ages?: Age[] | null;
  thematics?: Thematic[] | null;
  networks?: Network[] | null;
  eventFrom?: string | null;
  eventTo?: string | null;
  eventPlace?: string | null;
  near?: AlertNear | null;
}

export interface ServiceCriteria {
  textQuery?: string | null;
  locations?: string[] | null;
  ages?: Age[] | null;
  types?: ServiceType[] | null;
  openOn?: string[] | null;
  withVacancies?: boolean | null;
  near?: AlertNear | null;
}

export type AlertCriteria = MediaCriteria | ServiceCriteria;

export const LABEL_MAX = 255;

/** The list's own categories: an alert on events is on the EVENT category, whatever was sent. */
export function listCategories(list: AlertList, sent: readonly Category[] | null | undefined): Category[] {
  switch (list) {
    case AlertList.EVENTS:
      return [Category.EVENT];
    case AlertList.RESOURCES:
      return [Category.RESOURCE];
    case AlertList.NEWS: {
      const news = (sent ?? []).filter((category) => category === Category.NEW || category === Category.EVENT);
      return news.length === 1 && news[0] === Category.NEW ? [Category.NEW] : [Category.NEW, Category.EVENT];
    }
    case AlertList.SERVICES:
      return [];
  }
}

const given = (values: readonly unknown[] | null | undefined): boolean => (values?.length ?? 0) > 0;
const text = (value: string | null | undefined): string => value?.trim() ?? "";

/** Whether the criteria narrow the list at all: the rule the web reads too. */
export { hasSearch } from "../../shared/alert-search";

/** Service types as a heading names them (« Crèches avec places »). */
const TYPE_PLURALS: Partial<Record<ServiceType, string>> = {
  [ServiceType.CRECHE]: "Crèches",
  [ServiceType.FAMILY_CRECHE]: "Crèches familiales",
  [ServiceType.MICRO_CRECHE]: "Micro-crèches",
  [ServiceType.KINDERGARTEN]: "Jardins d'enfants",
  [ServiceType.DROP_IN_NURSERY]: "Haltes-garderies",
  [ServiceType.MAM]: "Maisons d'assistants maternels (MAM)",
  [ServiceType.LEISURE_CENTRE]: "Accueils de loisirs",
  [ServiceType.TOY_LIBRARY]: "Ludothèques",
  [ServiceType.MEETING_SPACE]: "Espaces rencontre",
};

const LIST_NAMES: Record<AlertList, string> = {
  [AlertList.NEWS]: "Actualités",
  [AlertList.EVENTS]: "Évènements",
  [AlertList.RESOURCES]: "Ressources",
  [AlertList.SERVICES]: "Services",
};

const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

const frenchNumber = (value: number) => String(Math.round(value * 10) / 10).replace(".", ",");
/** « d'Orthez », « de Lescar ». */
const ofPlace = (place: string) => (/^[aeiouyàâéèêëîïôöùûü]/i.test(place) ? `d'${place}` : `de ${place}`);
const frenchDay = (iso: string) => {
  const day = parisDay(new Date(iso));
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
};
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The period of an events search: « du 01/03/2027 au 31/03/2027 », « à partir du … », « jusqu'au … ». */
function period(from: string | null | undefined, to: string | null | undefined): string | null {
  if (from && to) return `du ${frenchDay(from)} au ${frenchDay(to)}`;
  if (from) return `à partir du ${frenchDay(from)}`;
  if (to) return `jusqu'au ${frenchDay(to)}`;
  return null;
}

/**
 * The French label of an alert: the list (or the service types), then each criterion, joined
 * by « · »: « Crèches avec places · 10 km autour de Lescar », « Évènements · Atelier portage ·
 * 20 km autour d'Orthez ». `placeLabel` names the place searched around.
 */
export function alertLabel(list: AlertList, criteria: AlertCriteria, placeLabel?: string | null): string {
  const media = criteria as MediaCriteria;
  const service = criteria as ServiceCriteria;
  const parts: string[] = [];
  if (list === AlertList.SERVICES) {
    const types = service.types ?? [];
    let head = types.length
      ? types.map((type) => TYPE_PLURALS[type] ?? SERVICE_TYPE_LABELS[type] ?? type).join(", ")
      : LIST_NAMES[list];
    if (service.withVacancies) head += " avec places";
    parts.push(head);
  } else {
    const newsOnly = list === AlertList.NEWS && listCategories(list, media.categories).length === 1;
    parts.push(newsOnly ? "Actualités (hors évènements)" : LIST_NAMES[list]);
  }
  const words = text(criteria.textQuery);
  if (words) parts.push(capitalised(words));
  if (given(media.thematics)) parts.push(media.thematics!.map((value) => THEMATIC_LABELS[value] ?? value).join(", "));
  if (given(criteria.ages)) parts.push(criteria.ages!.map((value) => AGE_LABELS[value] ?? value).join(", "));
  if (given(media.networks)) parts.push(media.networks!.map((value) => NETWORK_LABELS[value] ?? value).join(", "));
  if (given(service.openOn)) {
    const days = service.openOn!.map((day) => DAY_LABELS[WEEKDAYS.indexOf(day)]?.toLowerCase() ?? day);
    parts.push(`ouvert le ${days.join(" ou le ")}`);
  }
  const when = period(media.eventFrom, media.eventTo);
  if (when) parts.push(when);
  if (text(media.eventPlace)) parts.push(`lieu : ${text(media.eventPlace)}`);
  if (criteria.near) {
    const place = text(placeLabel) || "du lieu choisi";
    parts.push(`${frenchNumber(criteria.near.radiusKm)} km autour ${text(placeLabel) ? ofPlace(place) : place}`);
  }
  if (given(criteria.locations)) parts.push(criteria.locations!.join(", "));
  const label = parts.join(" · ");
  return label.length <= LABEL_MAX ? label : `${label.slice(0, LABEL_MAX - 1).trimEnd()}…`;
}

const LIST_PATHS: Record<AlertList, string> = {
  [AlertList.NEWS]: "/actualites",
  [AlertList.EVENTS]: "/actualites",
  [AlertList.RESOURCES]: "/ressources",
  [AlertList.SERVICES]: "/services",
};

/** The GraphQL names of the categories (the stored ones are the legacy lower-case values). */
const CATEGORY_NAMES: Record<Category, string> = {
  [Category.NEW]: "NEW",
  [Category.EVENT]: "EVENT",
  [Category.RESOURCE]: "RESOURCE",
};

/**
 * The list's URL with this search, as the web's URL state writes it
 * (web/src/modules/filters/url-state.ts): « Voir la recherche ». Places named in words are all
 * written as towns: the web's search sends towns and intercommunalités together, as the alert does.
 */
export function alertListPath(list: AlertList, criteria: AlertCriteria, placeLabel?: string | null): string {
  const media = criteria as MediaCriteria;
  const service = criteria as ServiceCriteria;
  const params = new URLSearchParams();
  const put = (key: string, values: readonly string[] | null | undefined) => {
    const kept = (values ?? []).filter((value) => value.trim() && !value.includes(","));
    if (kept.length) params.set(key, [...new Set(kept)].join(","));
  };
  const events = list === AlertList.EVENTS;
  const place = list === AlertList.SERVICES || events ? criteria.near : null;
  if (place) {
    params.set("ou", text(placeLabel) || "Lieu choisi");
    params.set("lat", place.lat.toFixed(5));
    params.set("lon", place.lon.toFixed(5));
    if (place.radiusKm !== DEFAULT_RADIUS_KM) params.set("rayon", String(place.radiusKm));
  }
  if (text(criteria.textQuery)) params.set("q", text(criteria.textQuery));
  const categories = listCategories(list, media.categories);
  if (list === AlertList.NEWS && categories.length === 1) params.set("category", CATEGORY_NAMES[categories[0]]);
  if (events) params.set("category", "EVENT");
  put("ages", criteria.ages);
  if (list !== AlertList.SERVICES) {
    put("thematics", media.thematics);
    put("networks", media.networks);
  } else {
    put("types", service.types);
    if (service.openOn?.includes("SATURDAY")) params.set("ouvert", "samedi");
    if (service.withVacancies) params.set("places", "disponibles");
  }
  put("towns", criteria.locations);
  if (events && media.eventFrom) params.set("from", parisDay(new Date(media.eventFrom)));
  if (events && media.eventTo) params.set("to", parisDay(new Date(media.eventTo)));
  if (events && text(media.eventPlace)) params.set("place", text(media.eventPlace));
  const query = params.toString();
  return query ? `${LIST_PATHS[list]}?${query}` : LIST_PATHS[list];
}

/** The search an alert's criteria run, as the list runs it (a page of `pageSize` results from the first). */
export function searchInputOf(
  list: AlertList,
  criteria: AlertCriteria,
  pageSize: number,
): { media: MediaSearchInput; services: null } | { media: null; services: SheetSearchInput } {
  if (list === AlertList.SERVICES) {
    const { near, ...rest } = criteria as ServiceCriteria;
    const services = { ...rest, openOn: rest.openOn as Weekday[] | null | undefined, page: 0, pageSize };
    return { media: null, services: Object.assign(services, near ? { near: { ...near } } : {}) };
  }
  const { eventFrom, eventTo, near, ...rest } = criteria as MediaCriteria;
  const media: MediaSearchInput = {
    ...rest,
    categories: listCategories(list, rest.categories),
    eventFrom: eventFrom ? new Date(eventFrom) : null,
    eventTo: eventTo ? new Date(eventTo) : null,
    // Events still to come: those an alert tells about.
    eventTiming: list === AlertList.EVENTS ? EventTiming.UPCOMING : null,
    ...(near ? { near: { ...near } } : {}),
    page: 0,
    pageSize,
  };
  return { media, services: null };
}

type Sent<T> = { [K in keyof T]?: T[K] | null | undefined };

/** Lists and texts kept only when they say something; dates as ISO strings; the rest dropped. */
function compact<T extends object>(fields: T): T {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === "string" && value.trim() === "") continue;
    kept[key] = typeof value === "string" ? value.trim() : value;
  }
  return kept as T;
}

const nearOf = (near: Sent<AlertNear> | null | undefined): AlertNear | null =>
  near && typeof near.lat === "number" && typeof near.lon === "number"
    ? { lat: near.lat, lon: near.lon, radiusKm: near.radiusKm ?? DEFAULT_RADIUS_KM }
    : null;
const isoOf = (date: Date | string | null | undefined) =>
  date ? (date instanceof Date ? date.toISOString() : new Date(date).toISOString()) : null;

/**
 * The criteria stored for a list, from the search input the list sends: the same fields,
 * without the page, the viewer's own (`mine`) or the moment (`openNow`, `openAt`,
 * `eventTiming`: an alert is about what is new). Null: the list's kind of search was not sent.
 */
export function criteriaOf(
  list: AlertList,
  media: Sent<Omit<MediaCriteria, "eventFrom" | "eventTo"> & { eventFrom: Date; eventTo: Date }> | null | undefined,
  services: Sent<ServiceCriteria> | null | undefined,
): AlertCriteria | null {
  if (list === AlertList.SERVICES) {
    if (!services) return null;
    return compact<ServiceCriteria>({
      textQuery: services.textQuery,
      locations: services.locations,
      ages: services.ages,
      types: services.types,
      openOn: services.openOn,
      withVacancies: services.withVacancies,
      near: nearOf(services.near),
    });
  }
  if (!media) return null;
  return compact<MediaCriteria>({
    textQuery: media.textQuery,
    categories: listCategories(list, media.categories),
    locations: media.locations,
    ages: media.ages,
    thematics: media.thematics,
    networks: media.networks,
    eventFrom: list === AlertList.EVENTS ? isoOf(media.eventFrom) : null,
    eventTo: list === AlertList.EVENTS ? isoOf(media.eventTo) : null,
    eventPlace: list === AlertList.EVENTS ? media.eventPlace : null,
    near: list === AlertList.EVENTS ? nearOf(media.near) : null,
  });
}
