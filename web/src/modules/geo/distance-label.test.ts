import { describe, expect, it } from "vitest";
import { distanceLabel } from "./distance-label";

describe("distanceLabel", () => {
  it("writes distances the French way, in metres under a kilometre", () => {
    expect(distanceLabel(3.24)).toBe("à 3,2 km");
    expect(distanceLabel(3)).toBe("à 3 km");
    expect(distanceLabel(12.6)).toBe("à 13 km");
    expect(distanceLabel(0.84)).toBe("à 800 m");
    expect(distanceLabel(0.04)).toBe("à moins de 100 m");
  });
});
