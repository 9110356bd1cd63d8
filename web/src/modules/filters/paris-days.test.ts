import { describe, expect, it } from "vitest";
import { parisEndOfDay, parisStartOfDay } from "./search-input";

describe("Paris days of the date filters", () => {
  it("gives the first and last instants of a Paris day, including 23- and 25-hour days", () => {
    expect(parisStartOfDay("2026-03-29")).toBe("2026-03-28T23:00:00.000Z");
    expect(parisEndOfDay("2026-03-29")).toBe("2026-03-29T21:59:59.999Z");
    expect(parisEndOfDay("2026-10-25")).toBe("2026-10-25T22:59:59.999Z");
    expect(parisEndOfDay("2026-12-31")).toBe("2026-12-31T22:59:59.999Z");
  });
});
