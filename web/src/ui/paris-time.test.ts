import { describe, expect, it } from "vitest";
import { addMonths, isRealDay, parisParts, parisToUtc } from "./paris-time";
import { parisEndOfDay, parisStartOfDay } from "../modules/filters/search-input";

describe("Paris time without a date library", () => {
  it("converts Paris wall-clock times to UTC across both offsets and the changes of time", () => {
    expect(parisToUtc(2026, 1, 15, 10, 0).toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(parisToUtc(2026, 7, 15, 10, 0).toISOString()).toBe("2026-07-15T08:00:00.000Z");
    // 29/03/2026: clocks go from 02:00 to 03:00; 25/10/2026: from 03:00 back to 02:00.
    expect(parisToUtc(2026, 3, 29, 0, 0).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(parisToUtc(2026, 3, 29, 12, 0).toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(parisToUtc(2026, 10, 25, 12, 0).toISOString()).toBe("2026-10-25T11:00:00.000Z");
  });

  it("gives the first and last instants of a Paris day, including 23- and 25-hour days", () => {
    expect(parisStartOfDay("2026-03-29")).toBe("2026-03-28T23:00:00.000Z");
    expect(parisEndOfDay("2026-03-29")).toBe("2026-03-29T21:59:59.999Z");
    expect(parisEndOfDay("2026-10-25")).toBe("2026-10-25T22:59:59.999Z");
    expect(parisEndOfDay("2026-12-31")).toBe("2026-12-31T22:59:59.999Z");
  });

  it("reads Paris parts, checks calendar days and adds months like a calendar", () => {
    expect(parisParts(new Date("2026-12-31T23:30:00Z"))).toMatchObject({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
    });
    expect(isRealDay(2028, 2, 29)).toBe(true);
    expect(isRealDay(2027, 2, 29)).toBe(false);
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2026-11-22", 6)).toBe("2027-05-22");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
  });
});
