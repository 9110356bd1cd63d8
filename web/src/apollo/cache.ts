import { InMemoryCache } from "@apollo/client";
import type { MediaSearchInput } from "../generated/media";
import type { ServiceSearchInput } from "../generated/sheets";

/**
 * Every field of a search input: a list is cached once per combination of filters and page.
 * Records over the generated input types, so a field added to the schema and left out here
 * is a compile error (a forgotten one once served the upcoming events for the past ones).
 */
const MEDIA_INPUT: Record<keyof MediaSearchInput, true> = {
  textQuery: true,
  categories: true,
  locations: true,
  ages: true,
  thematics: true,
  networks: true,
  eventFrom: true,
  eventTo: true,
  eventPlace: true,
  eventTiming: true,
  near: true,
  mine: true,
  page: true,
  pageSize: true,
};
const SERVICE_INPUT: Record<keyof ServiceSearchInput, true> = {
  textQuery: true,
  locations: true,
  ages: true,
  types: true,
  near: true,
  openNow: true,
  openAt: true,
  openOn: true,
  withVacancies: true,
  page: true,
  pageSize: true,
};
// The place searched around is read field by field.
const filtersOf = (input: Record<string, true>) =>
  Object.keys(input).flatMap((key) => (key === "near" ? [key, ["lat", "lon", "radiusKm"]] : [key]));
const MEDIA_FILTERS = filtersOf(MEDIA_INPUT);
const SERVICE_FILTERS = filtersOf(SERVICE_INPUT);

type CachedTown = { inseeCode: string } & Record<string, unknown>;
type CachedTownGroup = { towns: CachedTown[] } & Record<string, unknown>;

function mergeTownGroups(existing: CachedTownGroup[] | undefined, incoming: CachedTownGroup[]) {
  if (!existing) return incoming;
  const known = new Map(existing.flatMap((group) => group.towns).map((town) => [town.inseeCode, town]));
  return incoming.map((group) => ({
    ...group,
    towns: group.towns.map((town) => ({ ...known.get(town.inseeCode), ...town })),
  }));
}

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
          // The towns come whole (TownGroups) or as a select shows them (TownChoices): a later
          // answer completes the towns already known, never strips them.
          townGroups: { merge: mergeTownGroups },
        },
      },
      ReferenceData: { merge: true },
      // One entry per type, whichever query brought which of its fields (labels with every page,
      // explanations with the filter panel or a sheet): the queries complete it, never replace it.
      ServiceTypeOption: { keyFields: ["value"] },
      SiteInfo: { merge: true },
    },
  });
}
