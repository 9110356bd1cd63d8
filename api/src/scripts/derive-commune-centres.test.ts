import { describe, expect, it } from "vitest";
import { communeCentre } from "./derive-commune-centres";

const square = (x: number, y: number, size: number): Array<[number, number]> => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe("communeCentre", () => {
  it("is the centroid of a convex outline", () => {
    const [x, y] = communeCentre({
      properties: { code: "00001", nom: "Carré" },
      geometry: { type: "Polygon", coordinates: [square(0, 0, 2)] },
    });
    expect(x).toBeCloseTo(1, 9);
    expect(y).toBeCloseTo(1, 9);
  });

  it("takes the largest part of a commune in several parts", () => {
    const [x, y] = communeCentre({
      properties: { code: "00002", nom: "Îles" },
      geometry: { type: "MultiPolygon", coordinates: [[square(10, 10, 1)], [square(0, 0, 4)]] },
    });
    expect([x, y]).toEqual([2, 2]);
  });

  it("stays inside a U-shaped commune whose centroid falls in the gap", () => {
    // A U open to the north: the centroid lies in the empty middle.
    const u: Array<[number, number]> = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
      [0, 0],
    ];
    const [x, y] = communeCentre({
      properties: { code: "00003", nom: "U" },
      geometry: { type: "Polygon", coordinates: [u] },
    });
    const inLeftArm = x > 0 && x < 1 && y > 0 && y < 3;
    const inRightArm = x > 2 && x < 3 && y > 0 && y < 3;
    const inBase = y > 0 && y < 1 && x > 0 && x < 3;
    expect(inLeftArm || inRightArm || inBase).toBe(true);
  });
});
