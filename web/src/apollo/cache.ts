import { InMemoryCache } from "@apollo/client";

/** Every filter field of a search input: a list is cached once per combination of filters and page. */
const MEDIA_FILTERS = [
  "textQuery",
  "categories",
  "locations",
  "ages",
  "thematics",
  "networks",
  "eventFrom",
  "eventTo",
  "eventPlace",
  "mine",
  "page",
  "pageSize",
];
const SERVICE_FILTERS = [
  "textQuery",
  "locations",
  "ages",
  "types",
  "near",
  ["lat", "lon", "radiusKm"],
  "page",
  "pageSize",
];

export function createCache() {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          mediaSearch: { keyArgs: ["input", MEDIA_FILTERS] },
          services: { keyArgs: ["input", SERVICE_FILTERS] },
          // A detail page first reads the card already in the cache, then completes it.
          media: {
            read: (existing, { args, toReference }) => existing ?? toReference({ __typename: "Media", id: args?.id }),
          },
          service: {
            read: (existing, { args, toReference }) => existing ?? toReference({ __typename: "Service", id: args?.id }),
          },
        },
      },
      ReferenceData: { merge: true },
      SiteInfo: { merge: true },
    },
  });
}
