import { describe, expect, it } from "vitest";
import { chosenPeriod, eventPeriods, periodDays, shiftDay } from "./event-periods";

describe("event periods", () => {
  it("covers today, the week-end, the rest of the week and of the month, from any day", () => {
    // Wednesday 25 March 2026 (clocks change on Sunday 29 March).
    expect(periodDays("today", "2026-03-25")).toEqual({ from: "2026-03-25", to: "2026-03-25" });
    expect(periodDays("weekend", "2026-03-25")).toEqual({ from: "2026-03-28", to: "2026-03-29" });
    expect(periodDays("week", "2026-03-25")).toEqual({ from: "2026-03-25", to: "2026-03-29" });
    expect(periodDays("month", "2026-03-25")).toEqual({ from: "2026-03-25", to: "2026-03-31" });
    // Saturday: this week-end, and next week; Sunday: the next week-end, and next week.
    expect(periodDays("weekend", "2026-10-24")).toEqual({ from: "2026-10-24", to: "2026-10-25" });
    expect(periodDays("week", "2026-10-24")).toEqual({ from: "2026-10-26", to: "2026-11-01" });
    expect(periodDays("weekend", "2026-10-25")).toEqual({ from: "2026-10-31", to: "2026-11-01" });
    expect(periodDays("week", "2026-10-25")).toEqual({ from: "2026-10-26", to: "2026-11-01" });
    // Friday 30 January: the week-end and the week end in February; a leap February.
    expect(periodDays("weekend", "2026-01-30")).toEqual({ from: "2026-01-31", to: "2026-02-01" });
    expect(periodDays("month", "2028-02-10")).toEqual({ from: "2028-02-10", to: "2028-02-29" });
    // The month's last day would be « Aujourd'hui » again: the next month instead.
    expect(periodDays("month", "2026-12-31")).toEqual({ from: "2027-01-01", to: "2027-01-31" });
    // Wednesday 27 May 2026: the rest of the month is the rest of the week.
    expect(periodDays("month", "2026-05-27")).toEqual({ from: "2026-06-01", to: "2026-06-30" });
  });

  it("names what comes next on a week-end day", () => {
    const labels = (today: string) => eventPeriods(today).map(({ label }) => label);
    expect(labels("2026-11-25")).toEqual(["Aujourd'hui", "Ce week-end", "Cette semaine", "Ce mois-ci"]);
    expect(labels("2026-11-28")).toEqual(["Aujourd'hui", "Ce week-end", "La semaine prochaine", "Ce mois-ci"]);
    expect(labels("2026-11-29")).toEqual(["Aujourd'hui", "Le week-end prochain", "La semaine prochaine", "Ce mois-ci"]);
    expect(labels("2026-11-30")).toEqual(["Aujourd'hui", "Ce week-end", "Cette semaine", "Le mois prochain"]);
  });

  it("offers choices that cover different days, whatever the day, and each one is recognised", () => {
    for (let day = "2026-01-01"; day < "2028-01-01"; day = shiftDay(day, 1)) {
      const choices = eventPeriods(day);
      expect(new Set(choices.map(({ from, to }) => `${from}/${to}`)).size, day).toBe(4);
      for (const choice of choices) {
        expect(choice.from <= choice.to, day).toBe(true);
        expect(chosenPeriod({ eventFrom: choice.from, eventTo: choice.to, pastEvents: false }, day), day).toBe(
          choice.id,
        );
      }
    }
  });

  it("offers « À venir » and four periods of other days, each with its own label, on every day of the week", () => {
    // Monday 23 to Sunday 29 November 2026, then Monday 30 (the month's last day).
    for (let day = "2026-11-23"; day <= "2026-11-30"; day = shiftDay(day, 1)) {
      const choices = eventPeriods(day);
      expect(new Set(choices.map(({ label }) => label)).size, day).toBe(4);
      expect(new Set(choices.map(({ from, to }) => `${from}/${to}`)).size, day).toBe(4);
      // « À venir » is every event from today on: no period is it.
      for (const { from, to } of choices)
        expect(chosenPeriod({ eventFrom: from, eventTo: to, pastEvents: false }, day), day).not.toBe("upcoming");
    }
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
