import { describe, expect, it } from "vitest";
import { closureProblem, HOURS_MESSAGES, rangesProblem } from "./hours-rules";

describe("rangesProblem", () => {
  it("accepts ranges in any order that do not overlap", () => {
    expect(
      rangesProblem(
        [
          { start: "14:00", end: "17:00" },
          { start: "08:30", end: "12:00" },
        ],
        "Lundi",
      ),
    ).toBeNull();
  });

  it("names the range at fault, in the order given", () => {
    const overlapping = [
      { start: "14:00", end: "17:00" },
      { start: "08:30", end: "12:00" },
      { start: "11:00", end: "13:00" },
    ];
    expect(rangesProblem(overlapping, "Lundi")).toEqual({ message: HOURS_MESSAGES.overlap("Lundi"), at: 2 });
    expect(rangesProblem([{ start: "12:00", end: "09:00" }], "Mardi")).toEqual({
      message: "Mardi : l'heure de fin doit être après l'heure de début.",
      at: 0,
    });
    expect(rangesProblem([{ start: "8h", end: "12:00" }], "Mardi")?.message).toBe(HOURS_MESSAGES.timeFormat("Mardi"));
    const five = Array.from({ length: 5 }, (_, hour) => ({ start: `1${hour}:00`, end: `1${hour}:30` }));
    expect(rangesProblem(five, "Jeudi")?.message).toBe("Jeudi : 4 plages horaires au plus.");
  });
});

describe("closureProblem", () => {
  it("wants real days, in order, a year at most", () => {
    expect(closureProblem({ from: "2026-12-22", to: "2026-12-22" }, "Fermeture 1")).toBeNull();
    expect(closureProblem({ from: "2026-02-30", to: "2026-03-02" }, "Fermeture 1")?.at).toBe("from");
    expect(closureProblem({ from: "2026-12-22", to: "2026-12-21" }, "Fermeture 1")?.message).toBe(
      HOURS_MESSAGES.closureOrder("Fermeture 1"),
    );
    // 366 days (a leap year's) are a year; 367 are more.
    expect(closureProblem({ from: "2027-03-01", to: "2028-02-29" }, "Fermeture 1")).toBeNull();
    expect(closureProblem({ from: "2027-03-01", to: "2028-03-01" }, "Fermeture 1")?.message).toBe(
      HOURS_MESSAGES.closureTooLong("Fermeture 1"),
    );
  });
});
