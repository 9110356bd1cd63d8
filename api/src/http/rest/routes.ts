import { ageList, bool, dayBound, decimal, defined, firstGiven, int, point, sentAs } from "./codecs";
import {
  categories,
  MEDIA_FIELDS,
  networks,
  presentMedia,
  presentMediaPage,
  presentPage,
  presentReference,
  presentService,
  SERVICE_FIELDS,
} from "./presenters";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RestRequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The uploaded file, for rows with `multipartFile`, as a GraphQL Upload value. */
  file?: unknown;
}

/**
 * One documented /api/* path: the GraphQL operation it runs, how its variables
 * come from the request, and how the answer is shaped into the legacy JSON.
 */
export interface RestRoute {
  method: HttpMethod;
  path: string;
  document: string;
  variables: (request: RestRequestParts) => Record<string, unknown>;
  /** Receives the operation's `data[field]`, where `field` is the operation's only root field; undefined answers 204. */
  present: (result: never) => unknown;
  status?: number;
  /** A null result is answered as this error (e.g. no signed-in user: 401). */
  whenNull?: { code: string; message: string };
  /** The multipart field holding a file (uploads); the body is then multipart/form-data. */
  multipartFile?: string;
  /** The whole answer, for rows that answer something else than JSON (file downloads). */
  respond?: (result: never) => RestAnswer;
  /**
   * The names the client used for fields the operation knows under another (`type` for
   * `types`…), by the operation's name: a refusal names the field as the client sent it.
   */
  sentNames?: (request: RestRequestParts) => Record<string, string>;
  /**
   * A GET that changes something (the spec's sign-out): refused when a browser says the request
   * comes from another site, as cross-site writes are (a link elsewhere must not sign anyone out).
   */
  changesState?: boolean;
  /** Also takes a form body (`application/x-www-form-urlencoded`): the one-click leaving of an alert (RFC 8058). */
  formBody?: boolean;
}

/** An answer written whole by a row: its status, headers and text. */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const page = (body: Record<string, unknown>) => defined({ page: int(body.page), pageSize: int(body.pageSize) });

/**
 * A `near` extension of a body with its two coordinates (its validation is the search's); both
 * left blank (`{ lat: "", lon: "" }`, nothing picked) is no place.
 */
const isPlace = (near: unknown): near is { lat: unknown; lon: unknown } =>
  typeof near === "object" && near !== null && "lat" in near && "lon" in near && point(near) !== undefined;

/** A place's numbers, also sent as text (`"43.2951"`), as a form sends them. */
const placeOf = (near: Record<string, unknown>) => ({
  ...near,
  lat: decimal(near.lat),
  lon: decimal(near.lon),
  ...("radiusKm" in near ? { radiusKm: decimal(near.radiusKm) } : {}),
});

/** A `near` of a body as NearInput (a blank radius is absent: the default one); blank, no place. */
const nearOf = (near: unknown) =>
  isPlace(near) ? defined(placeOf(near as Record<string, unknown>), ["lat", "lon"]) : point(near);

/** A legacy media search body as MediaSearchInput, without its page (the alerts keep searches too). */
export const mediaSearchInputOf = (body: Record<string, unknown>) => ({
  textQuery: body.textQuery,
  categories: categories.toGraphql(body.categories),
  locations: body.locations,
  ages: body.ages,
  thematics: firstGiven(body.thematic, body.thematics),
  networks: networks.toGraphql(body.networks),
  // A day (`2027-03-01`) filters from its start to its end in France.
  eventFrom: dayBound(body.eventFrom, "start"),
  eventTo: dayBound(body.eventTo, "end"),
  eventPlace: body.eventPlace,
  // Extension: "upcoming" or "past" (any case) keeps those events only.
  eventTiming: typeof body.eventTiming === "string" ? body.eventTiming.toUpperCase() : body.eventTiming,
  // Extension: `{ lat, lon, radiusKm }`, the events around a place (as the services' search).
  near: nearOf(body.near),
  mine: body.mine,
});

/** A legacy service search body as ServiceSearchInput, without its page. */
export const serviceSearchInputOf = (body: Record<string, unknown>) => ({
  textQuery: body.textQuery,
  locations: body.locations,
  ages: ageList(body.ages),
  types: firstGiven(body.type, body.types),
  // An extension of the documented body: `{ lat, lon, radiusKm }`, a search around a place
  // (a blank radius is absent: the default one).
  near: nearOf(body.near),
  // Extensions: open now (true), or on days of the week (["SATURDAY"]); places available (true).
  openNow: bool(body.openNow),
  openOn: body.openOn,
  withVacancies: bool(body.withVacancies),
});

export const routes: RestRoute[] = [
  {
    method: "POST",
    path: "/media/search",
    document: `query RestMediaSearch($input: MediaSearchInput!, $around: Boolean!, $place: GeoPointInput = { lat: 0, lon: 0 }) {
      mediaSearch(input: $input) { count countIsMinimum nextEventFrom
        results { ${MEDIA_FIELDS} distanceKm(from: $place) @include(if: $around) } } }`,
    variables: ({ body }) => ({
      // Around a place, each event says how far it is.
      around: isPlace(body.near),
      ...(isPlace(body.near) ? { place: { lat: decimal(body.near.lat), lon: decimal(body.near.lon) } } : {}),
      input: defined({ ...mediaSearchInputOf(body), ...page(body) }),
    }),
    sentNames: ({ body }) => ({ thematics: sentAs(body, "thematics", "thematic") }),
    present: presentMediaPage,
  },
  {
    // Extension: « Ajouter à mon agenda » on an event's page, one .ics file per event.
    method: "GET",
    path: "/media/:id/agenda.ics",
    document: `query RestMediaCalendar($id: ID!) { media(id: $id) { id icalendar } }`,
    variables: ({ params }) => ({ id: params.id }),
    present: () => undefined,
    respond: (media: { id: string; icalendar: string | null } | null): RestAnswer =>
      media?.icalendar
        ? {
            status: 200,
            headers: {
              "Content-Type": "text/calendar; charset=utf-8",
              "Content-Disposition": `attachment; filename="evenement-${media.id}.ics"`,
              "Cache-Control": "no-cache",
            },
            body: media.icalendar,
          }
        : {
            status: 404,
            headers: { "Content-Type": "application/json; charset=utf-8" },
            body: JSON.stringify({ code: "NOT_FOUND", message: "Cet évènement est introuvable." }),
          },
  },
  {
    method: "GET",
    path: "/media/current/:id",
    document: `query RestMediaCurrent($id: ID!) { media(id: $id) { ${MEDIA_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    present: presentMedia,
  },
  {
    method: "POST",
    path: "/services/search",
    document: `query RestServicesSearch($input: ServiceSearchInput!, $around: Boolean!, $place: GeoPointInput = { lat: 0, lon: 0 }) {
      services(input: $input) { count countIsMinimum results { ${SERVICE_FIELDS}
        distanceKm(from: $place) @include(if: $around) coversPlace(at: $place) @include(if: $around) } } }`,
    variables: ({ body }) => ({
      // Around a place, each service says how far it is and whether it covers the place's town.
      around: isPlace(body.near),
      ...(isPlace(body.near) ? { place: { lat: decimal(body.near.lat), lon: decimal(body.near.lon) } } : {}),
      input: defined({ ...serviceSearchInputOf(body), ...page(body) }),
    }),
    sentNames: ({ body }) => ({ types: sentAs(body, "types", "type") }),
    present: presentPage(presentService),
  },
  {
    // Extension: the reference lists and their French labels, as GraphQL's referenceData gives
    // them; each service type with its explanations (`description`, and `falc`: « Facile à lire
    // et à comprendre », one sentence a line).
    method: "GET",
    path: "/reference",
    document: `query RestReference { referenceData {
      ages { value label } categories { value label } thematics { value label } networks { value label }
      serviceTypes { value label description falc ages } } }`,
    variables: () => ({}),
    present: presentReference,
  },
  {
    method: "GET",
    path: "/services/current/:id",
    document: `query RestServiceCurrent($id: ID!) { service(id: $id) { ${SERVICE_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    present: presentService,
  },
];
