import { describe, expect, it } from "vitest";
import { type TownChoicesQuery, TownChoicesDocument, TownGroupsDocument } from "../generated/reference";
import { createCache } from "./cache";

/** The towns as the server answers TownGroups (with the type names the cache keeps). */
const TOWNS = [
  {
    __typename: "TownGroup",
    epci: "CA Pau Béarn Pyrénées",
    epciCode: "200067254",
    towns: [
      {
        __typename: "Town",
        inseeCode: "64445",
        city: "Pau",
        postcodes: ["64000"],
        fullAddress: "64000 Pau",
        location: { __typename: "GeoPoint", lat: 43.3, lon: -0.37 },
      },
      {
        __typename: "Town",
        inseeCode: "64335",
        city: "Lescar",
        postcodes: ["64230"],
        fullAddress: "64230 Lescar",
        location: { __typename: "GeoPoint", lat: 43.33, lon: -0.43 },
      },
    ],
  },
];

/** The same towns as a select asks for them: name and postcodes only. */
const CHOICES = TOWNS.map(({ towns, ...group }) => ({
  ...group,
  towns: towns.map(({ fullAddress: _address, location: _location, ...town }) => town),
}));

describe("the towns in the browser's cache", () => {
  it("keeps the whole towns when the lighter list comes after them", () => {
    const cache = createCache();
    cache.writeQuery({ query: TownGroupsDocument, data: { townGroups: TOWNS } });
    cache.writeQuery({ query: TownChoicesDocument, data: { townGroups: CHOICES } });
    expect(cache.readQuery({ query: TownGroupsDocument })).toEqual({ townGroups: TOWNS });
    expect(cache.readQuery({ query: TownChoicesDocument })).toEqual({ townGroups: CHOICES });
  });

  it("completes the lighter list with the whole towns, and follows a town added since", () => {
    const cache = createCache();
    cache.writeQuery({ query: TownChoicesDocument, data: { townGroups: CHOICES } });
    expect(cache.readQuery({ query: TownGroupsDocument })).toBeNull();
    const added = {
      ...TOWNS[0].towns[0],
      inseeCode: "64348",
      city: "Lons",
      postcodes: ["64140"],
      fullAddress: "64140 Lons",
    };
    const now = [{ ...TOWNS[0], towns: [...TOWNS[0].towns, added] }];
    cache.writeQuery({ query: TownGroupsDocument, data: { townGroups: now } });
    expect(cache.readQuery({ query: TownGroupsDocument })).toEqual({ townGroups: now });
    expect(
      cache.readQuery<TownChoicesQuery>({ query: TownChoicesDocument })?.townGroups[0].towns.map((town) => town.city),
    ).toEqual(["Pau", "Lescar", "Lons"]);
  });
});
