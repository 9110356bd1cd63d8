import { describe, expect, it } from "vitest";
import { Age, Category, ServiceType, Thematic } from "../reference/reference.data";
import { bitsOf } from "./bits";

describe("bitsOf", () => {
  it("gives each value its own bit, by position", () => {
    const categories = Object.values(Category);
    expect(bitsOf(categories, [])).toBe(0);
    expect(bitsOf(categories, [Category.NEW])).toBe(1);
    expect(bitsOf(categories, [Category.EVENT, Category.RESOURCE])).toBe(6);
    expect(bitsOf(categories, null)).toBe(0);
  });

  it("fits every list the searches mask in 31 bits", () => {
    for (const list of [Category, Age, Thematic, ServiceType]) {
      const all = Object.values(list);
      expect(all.length).toBeLessThanOrEqual(31);
      expect(bitsOf(all, all)).toBe(2 ** all.length - 1);
    }
  });

  it("refuses a value outside the list", () => {
    expect(() => bitsOf(Object.values(Category), ["news" as Category])).toThrow(/inconnue/);
  });
});
