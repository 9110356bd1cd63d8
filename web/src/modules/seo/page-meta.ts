import type { MediaFullFragment } from "../../generated/media";
import type { ServiceFullFragment } from "../../generated/sheet-editing";
import { parseDocument, plainText } from "../media/quill-document";
import { isChildCare } from "../../../../api/src/shared/child-care";

/**
 * What a page says of itself to search engines and link previews, beyond its title: a short
 * description, a picture, and schema.org data (JSON-LD). The server writes it in the HTML's head;
 * paths are relative to the portal (the server makes them absolute under PUBLIC_URL).
 */
export interface PageMeta {
  description: string;
  /** A picture of the item (a path on the portal, its drawn card under /cartes/, or an https address); null: the portal's card. */
  image: string | null;
  /** Open Graph type. */
  type: "article" | "website";
  /** schema.org data, without @context (the server adds it). */
  jsonLd: Record<string, unknown> | null;
  /** The item's own address, when it opens at another one too (a resource under /actualites/…). */
  canonicalPath?: string;
}

/** Search engines show about 160 characters: the text's first sentences, cut at a word. */
export function shortDescription(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, limit - 1).replace(/\s+\S*$/, "")}…`;
}

const ORGANIZATION = (name: string) => ({ "@type": "Organization", name });

/** An article's page: an Event, a NewsArticle or an Article (resources). */
export function mediaMeta(media: MediaFullFragment & { updatedAt?: string | null }, portalName: string): PageMeta {
  const text = media.description?.trim() || plainText(parseDocument(media.article) ?? []);
  const description = shortDescription(text || media.title);
  // Without a picture of its own, the card the server draws with its title.
  const image = media.mainPicture ?? `/cartes/articles/${media.id}.png`;
  const common = {
    name: media.title,
    description,
    ...(image ? { image: [image] } : {}),
  };
  let jsonLd: Record<string, unknown>;
  if (media.categories.includes("EVENT") && media.eventFrom) {
    const place = media.eventAddress ?? (media.city.length ? media.city.join(", ") : null);
    jsonLd = {
      "@type": "Event",
      ...common,
      startDate: media.eventFrom,
      ...(media.eventTo ? { endDate: media.eventTo } : {}),
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      ...(place
        ? {
            location: {
              "@type": "Place",
              name: place,
              address: place,
              ...(media.location
                ? { geo: { "@type": "GeoCoordinates", latitude: media.location.lat, longitude: media.location.lon } }
                : {}),
            },
          }
        : {}),
      organizer: ORGANIZATION(portalName),
    };
  } else {
    jsonLd = {
      "@type": media.categories.includes("RESOURCE") ? "Article" : "NewsArticle",
      headline: media.title.slice(0, 110),
      ...common,
      datePublished: media.createdAt,
      author: ORGANIZATION(portalName),
      publisher: ORGANIZATION(portalName),
    };
  }
  // One address for search engines, whichever list it was opened from (as the article form's
  // mediaPath, written again here: that module is not the detail page's to load).
  const canonicalPath = `/${media.categories.includes("RESOURCE") ? "ressources" : "actualites"}/${media.id}`;
  return { description, image, type: "article", jsonLd, canonicalPath };
}

/** An object without its null fields nor Apollo's __typename. */
const withoutEmpty = (value: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([key, field]) => field !== null && key !== "__typename"));

/** A service's page: a ChildCare place, or a LocalBusiness for the other kinds of service. */
export function serviceMeta(service: ServiceFullFragment, typeLabels: (type: string) => string): PageMeta {
  const kinds = service.types.map(typeLabels).join(", ");
  // The description is a Quill document (or, for older sheets, plain text).
  const written = service.description
    ? plainText(parseDocument(service.description) ?? [{ insert: service.description }])
    : "";
  const text = written.trim() || `${kinds} à ${service.city}.`;
  const description = shortDescription(text);
  const telephone = service.phone || service.mobile || null;
  const jsonLd: Record<string, unknown> = {
    "@type": isChildCare(service.types) ? "ChildCare" : "LocalBusiness",
    name: service.serviceName,
    description,
    address: {
      "@type": "PostalAddress",
      streetAddress: service.fullAddress,
      postalCode: service.zip,
      addressLocality: service.city,
      addressCountry: "FR",
    },
    ...(service.location
      ? { geo: { "@type": "GeoCoordinates", latitude: service.location.lat, longitude: service.location.lon } }
      : {}),
    ...(telephone ? { telephone } : {}),
    ...(service.website ? { sameAs: [service.website] } : {}),
    ...(service.openingHours?.schemaOrg.length
      ? { openingHoursSpecification: service.openingHours.schemaOrg.map(withoutEmpty) }
      : {}),
  };
  return { description, image: `/cartes/services/${service.id}.png`, type: "website", jsonLd };
}
