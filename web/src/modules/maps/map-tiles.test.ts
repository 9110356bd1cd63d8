import { describe, expect, it } from "vitest";
import { itineraryUrl, mapImageUrl, tileOf } from "./map-tiles";

const IGN = "https://data.geopf.fr/wmts?TILEMATRIX={z}&TILEROW={y}&TILECOL={x}";

describe("map tiles", () => {
  it("finds the zoom-10 tile of Pau", () => {
    expect(tileOf(43.2951, -0.3696)).toEqual({ x: 510, y: 375, z: 10 });
  });
  it("builds a basemap tile URL, or a Mapbox static image with a token", () => {
    expect(mapImageUrl(43.2951, -0.3696, { mapboxToken: null, mapTilesUrl: IGN })).toContain(
      "TILEMATRIX=10&TILEROW=375&TILECOL=510",
    );
    expect(mapImageUrl(43.2951, -0.3696, { mapboxToken: "pk.abc", mapTilesUrl: IGN })).toMatch(
      /^https:\/\/api\.mapbox\.com\/styles\/v1\/mapbox\/streets-v12\/static\/.*access_token=pk\.abc$/,
    );
  });
  it("plans a route to the coordinates, else to the address", () => {
    expect(itineraryUrl({ lat: 43.3, lon: -0.37 }, "1 rue X, Pau")).toBe(
      "https://www.openstreetmap.org/directions?to=43.3%2C-0.37",
    );
    expect(itineraryUrl(null, "1 rue X, 64000 Pau")).toBe(
      "https://www.openstreetmap.org/directions?to=1%20rue%20X%2C%2064000%20Pau",
    );
    expect(itineraryUrl(null, null)).toBeNull();
  });
});
