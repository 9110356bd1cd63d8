import { describe, expect, it } from "vitest";
import { formatIsoDay, parseFrenchDate } from "./french-date";

describe("French dates", () => {
  it("reads DD/MM/YYYY and refuses anything else", () => {
    expect(parseFrenchDate("21/05/2027")).toBe("2027-05-21");
    expect(parseFrenchDate("30/02/2027")).toBeNull();
    expect(parseFrenchDate("2027-05-21")).toBeNull();
    expect(parseFrenchDate("1/5/2027")).toBeNull();
  });
  it("writes a day back", () => {
    expect(formatIsoDay("2027-05-21")).toBe("21/05/2027");
  });
});
