import { describe, expect, it } from "vitest";
import { chosenPeriod, periodDays, shiftDay } from "./event-periods";

describe("event periods", () => {
  it("covers today, the week-end, the rest of the week and of the month, from any day", () => {
    // Wednesday 25 March 2026 (clocks change on Sunday 29 March).
    expect(periodDays("today", "2026-03-25")).toEqual({ from: "2026-03-25", to: "2026-03-25" });
    expect(periodDays("weekend", "2026-03-25")).toEqual({ from: "2026-03-28", to: "2026-03-29" });
    expect(periodDays("week", "2026-03-25")).toEqual({ from: "2026-03-25", to: "2026-03-29" });
    expect(periodDays("month", "2026-03-25")).toEqual({ from: "2026-03-25", to: "2026-03-31" });
    // Saturday and Sunday: what is left of the week-end.
    expect(periodDays("weekend", "2026-10-24")).toEqual({ from: "2026-10-24", to: "2026-10-25" });
    expect(periodDays("weekend", "2026-10-25")).toEqual({ from: "2026-10-25", to: "2026-10-25" });
    expect(periodDays("week", "2026-10-25")).toEqual({ from: "2026-10-25", to: "2026-10-25" });
    // Friday 30 January: the week-end and the week end in February; a leap February.
    expect(periodDays("weekend", "2026-01-30")).toEqual({ from: "2026-01-31", to: "2026-02-01" });
    expect(periodDays("month", "2028-02-10")).toEqual({ from: "2028-02-10", to: "2028-02-29" });
    expect(periodDays("month", "2026-12-31")).toEqual({ from: "2026-12-31", to: "2026-12-31" });
  });

  it("moves days by the calendar, across clock changes and years", () => {
    expect(shiftDay("2026-03-28", 1)).toBe("2026-03-29");
    expect(shiftDay("2026-03-29", 1)).toBe("2026-03-30");
    expect(shiftDay("2026-10-25", 1)).toBe("2026-10-26");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("names the choice the filters make", () => {
    const today = "2026-11-25";
    expect(chosenPeriod({ eventFrom: null, eventTo: null, pastEvents: false }, today)).toBe("upcoming");
    expect(chosenPeriod({ eventFrom: null, eventTo: null, pastEvents: true }, today)).toBe("past");
    expect(chosenPeriod({ eventFrom: "2026-11-28", eventTo: "2026-11-29", pastEvents: false }, today)).toBe("weekend");
    expect(chosenPeriod({ eventFrom: "2026-11-25", eventTo: "2026-11-30", pastEvents: false }, today)).toBe("month");
    expect(chosenPeriod({ eventFrom: "2026-11-26", eventTo: null, pastEvents: false }, today)).toBeNull();
  });
});
