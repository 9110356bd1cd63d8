import { Category, Network, NETWORK_LABELS } from "../../modules/reference/reference.data";
import { enumCodec } from "./codecs";

export const categories = enumCodec(Category, "categories");
/** Networks read in any case or by label (« Rpe », « Pdn », « Référents LAEP »), written in lower case (« rpe », « all »). */
export const networks = enumCodec(Network, "networks", NETWORK_LABELS);

/** GraphQL selections the presenters below read. */
export const MEDIA_FIELDS = `
  id title article description createdAt mainPicture categories userIds
  files { path name type } ages thematics epci city networks
  eventFrom eventTo eventAddress contactEmail contactPhone registrationUrl location { lat lon }
  publication publishAt`;

export const SERVICE_FIELDS = `
  id serviceName serviceManager userIds email phone mobile website externalLink mainPicture
  fullAddress city zip epci location { lat lon } types ages coveredLocations description createdAt
  openingHours { osm closedOnPublicHolidays week { day byAppointment ranges { start end } }
    closures { from to note } specialOpenings { date note ranges { start end } } }
  availability { givenAt current summary groups { ageGroup status vacancies } }`;

type Row = Record<string, unknown>;

/** A media in the legacy JSON shape (`creation`, enum values in lower case, `locations`: its EPCIs and towns). */
export function presentMedia(media: Row) {
  const { createdAt, categories: mediaCategories, networks: mediaNetworks, publication, distanceKm, ...rest } = media;
  return {
    ...rest,
    // Extension: around a place (`near`), how far the event is; absent otherwise.
    ...(distanceKm === undefined ? {} : { distanceKm }),
    // Extension: "published", "draft" or "scheduled" (with publishAt), as eventTiming is written.
    publication: typeof publication === "string" ? publication.toLowerCase() : publication,
    creation: createdAt,
    categories: categories.fromGraphql(mediaCategories as string[]),
    networks: networks.fromGraphql(mediaNetworks as string[]),
    locations: [...(media.epci as string[]), ...(media.city as string[])],
  };
}

/**
 * A service in the legacy JSON shape (`fax` for the mobile number, `type` for the types); a
 * search around a place adds `distanceKm` and `coversPlace`, absent otherwise.
 */
export function presentService(service: Row) {
  const { mobile, types, createdAt, distanceKm, coversPlace, ...rest } = service;
  const around = coversPlace === null || coversPlace === undefined ? {} : { distanceKm, coversPlace };
  return { ...rest, fax: mobile, type: types, creation: createdAt, ...around };
}

/**
 * A page of results as the spec's `{ count, results }`, and `countIsMinimum` (an extension):
 * true when a very wide search was not counted to its end (« plus de 1 000 résultats »).
 */
export const presentPage =
  (present: (row: Row) => unknown) =>
  ({ count, countIsMinimum, results }: { count: number; countIsMinimum: boolean; results: Row[] }) => ({
    count,
    countIsMinimum,
    results: results.map(present),
  });

type Option = { value: string; label: string };

/** The reference lists, categories and networks written as the legacy API writes them (`new`, `eaje`). */
export function presentReference(reference: { categories: Option[]; networks: Option[] } & Row) {
  const legacy = (codec: { fromGraphql: (values: readonly string[]) => string[] }, options: Option[]) =>
    options.map((option) => ({ ...option, value: codec.fromGraphql([option.value])[0] }));
  return {
    ...reference,
    categories: legacy(categories, reference.categories),
    networks: legacy(networks, reference.networks),
  };
}

/**
 * A page of media (presentPage), and, when a period with an end holds no event, `nextEventFrom`
 * (an extension): when the first event after it starts; absent otherwise, as for older clients.
 */
export function presentMediaPage({ nextEventFrom, ...page }: Parameters<ReturnType<typeof presentPage>>[0] & Row) {
  return { ...presentPage(presentMedia)(page), ...(nextEventFrom ? { nextEventFrom } : {}) };
}
