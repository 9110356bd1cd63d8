import { describe, expect, it } from "vitest";
import { mapImageUrl, tileOf } from "./map-tiles";

describe("map tiles", () => {
  it("finds the zoom-10 tile of Pau", () => {
    expect(tileOf(43.2951, -0.3696)).toEqual({ x: 510, y: 375, z: 10 });
  });
  it("builds a Plan IGN tile URL, or a Mapbox static image with a token", () => {
    expect(mapImageUrl(43.2951, -0.3696, null)).toContain("TILEMATRIX=10&TILEROW=375&TILECOL=510");
    expect(mapImageUrl(43.2951, -0.3696, "pk.abc")).toMatch(
      /^https:\/\/api\.mapbox\.com\/styles\/v1\/mapbox\/streets-v12\/static\/.*access_token=pk\.abc$/,
    );
  });
});
