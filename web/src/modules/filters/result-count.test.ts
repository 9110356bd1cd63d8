import { describe, expect, it } from "vitest";
import { resultCount } from "./FilteredList";

describe("resultCount", () => {
  it("says how many results, with French digit grouping, and « plus de » for a minimum", () => {
    expect(resultCount(1, false)).toBe("1 résultat");
    expect(resultCount(12, false)).toBe("12 résultats");
    expect(resultCount(1000, true)).toMatch(/^Plus de 1\s000 résultats$/);
  });
});
