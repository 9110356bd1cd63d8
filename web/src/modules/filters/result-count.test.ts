import { describe, expect, it } from "vitest";
import { resultCount, resultLine } from "./FilteredList";

describe("resultCount", () => {
  it("says how many results, with French digit grouping, and « plus de » for a minimum", () => {
    expect(resultCount(1, false)).toBe("1 résultat");
    expect(resultCount(12, false)).toBe("12 résultats");
    expect(resultCount(1000, true)).toMatch(/^Plus de 1\s000 résultats$/);
  });
});

describe("resultLine", () => {
  it("says which page is shown past the first", () => {
    expect(resultLine(12, false, 1)).toBe("12 résultats");
    expect(resultLine(40, false, 2)).toBe("40 résultats · page 2");
    expect(resultLine(1000, true, 3)).toMatch(/^Plus de 1\s000 résultats · page 3$/);
  });
});
