import { describe, expect, it } from "vitest";
import {
  availabilityCurrentSince,
  availabilityStatusText,
  availabilitySummary,
  isAvailabilityCurrent,
  isChildCare,
} from "./availability";
import { AVAILABILITY_MESSAGES, availabilityProblem } from "./availability-rules";

/** An instant given as Paris wall-clock time (winter +01:00, summer +02:00 written out). */
const at = (iso: string) => new Date(iso);

describe("which sheets carry availability", () => {
  it("child care types do, information services and others do not", () => {
    expect(isChildCare(["CRECHE"])).toBe(true);
    expect(isChildCare(["RPE", "MAM"])).toBe(true);
    for (const type of ["FAMILY_CRECHE", "MICRO_CRECHE", "KINDERGARTEN", "DROP_IN_NURSERY"])
      expect(isChildCare([type]), type).toBe(true);
    expect(isChildCare(["RPE", "LAEP", "LEISURE_CENTRE"])).toBe(false);
    expect(isChildCare([])).toBe(false);
  });
});

describe("availability is current for two months, counted in Paris days", () => {
  const now = at("2026-11-12T10:00:00+01:00");

  it("from the same day two months back, not the day before", () => {
    expect(availabilityCurrentSince(now)).toBe("2026-09-12");
    // 12/09 at 00:05 in Paris is still 11/09 in UTC (summer time, +02:00).
    expect(isAvailabilityCurrent(at("2026-09-12T00:05:00+02:00"), now)).toBe(true);
    expect(isAvailabilityCurrent(at("2026-09-11T23:55:00+02:00"), now)).toBe(false);
    expect(isAvailabilityCurrent(at("2026-11-12T09:00:00+01:00"), now)).toBe(true);
  });

  it("turns with the Paris day, not the UTC one", () => {
    // 23:30 UTC on 12/11 is already 13/11 in Paris: 12/09 is now two months and a day old.
    const lateEvening = at("2026-11-12T23:30:00Z");
    expect(availabilityCurrentSince(lateEvening)).toBe("2026-09-13");
    expect(isAvailabilityCurrent(at("2026-09-12T12:00:00+02:00"), lateEvening)).toBe(false);
    expect(isAvailabilityCurrent(at("2026-09-12T12:00:00+02:00"), at("2026-11-12T22:30:00Z"))).toBe(true);
  });

  it("clamps to the month's end (30/04 → 28/02), across a year's change too", () => {
    expect(availabilityCurrentSince(at("2026-04-30T12:00:00+02:00"))).toBe("2026-02-28");
    expect(availabilityCurrentSince(at("2028-04-30T12:00:00+02:00"))).toBe("2028-02-29");
    expect(availabilityCurrentSince(at("2027-01-15T12:00:00+01:00"))).toBe("2026-11-15");
  });
});

describe("the wording families read", () => {
  const now = at("2026-11-20T10:00:00+01:00");
  const givenAt = "2026-11-12T09:30:00+01:00";
  const summary = (groups: Array<{ status: string; vacancies?: number | null }>, when = givenAt) =>
    availabilitySummary({ givenAt: when, groups }, now);

  it("counts the places of every age group, dated while current", () => {
    expect(summary([{ status: "VACANCIES", vacancies: 2 }])).toBe("2 places disponibles (au 12/11)");
    expect(summary([{ status: "VACANCIES", vacancies: 1 }])).toBe("1 place disponible (au 12/11)");
    expect(
      summary([{ status: "VACANCIES", vacancies: 1 }, { status: "FULL" }, { status: "VACANCIES", vacancies: 2 }]),
    ).toBe("3 places disponibles (au 12/11)");
  });

  it("says « Complet », or « Liste d'attente » when an age group has one", () => {
    expect(summary([{ status: "FULL" }])).toBe("Complet (au 12/11)");
    expect(summary([{ status: "FULL" }, { status: "WAITING_LIST" }])).toBe("Liste d'attente (au 12/11)");
  });

  it("never shows old availability as current: « à confirmer », with the year when it is another", () => {
    // On 20/11: given on 20/09, current; on 19/09, two months and a day ago.
    expect(summary([{ status: "VACANCIES", vacancies: 2 }], "2026-09-20T08:00:00+02:00")).toBe(
      "2 places disponibles (au 20/09)",
    );
    expect(summary([{ status: "VACANCIES", vacancies: 2 }], "2026-09-19T20:00:00+02:00")).toBe(
      "2 places disponibles au 19/09, à confirmer",
    );
    expect(
      availabilitySummary(
        { givenAt: "2026-09-12T10:00:00+02:00", groups: [{ status: "VACANCIES", vacancies: 2 }] },
        at("2026-11-13T08:00:00+01:00"),
      ),
    ).toBe("2 places disponibles au 12/09, à confirmer");
    expect(summary([{ status: "FULL" }], "2025-11-12T10:00:00+01:00")).toBe("Complet au 12/11/2025, à confirmer");
  });

  it("dates by the Paris day: given at 00:30 in Paris is that day, not the UTC day before", () => {
    expect(summary([{ status: "FULL" }], "2026-11-12T00:30:00+01:00")).toBe("Complet (au 12/11)");
  });

  it("says nothing without an age group", () => {
    expect(summary([])).toBeNull();
    expect(availabilitySummary(null, now)).toBeNull();
  });

  it("words each age group in lower case", () => {
    expect(availabilityStatusText({ status: "VACANCIES", vacancies: 4 })).toBe("4 places disponibles");
    expect(availabilityStatusText({ status: "FULL" })).toBe("complet");
    expect(availabilityStatusText({ status: "WAITING_LIST" })).toBe("liste d'attente");
  });
});

describe("what a partner may give", () => {
  it("refuses an age group given twice, and a number of places out of 1–999", () => {
    expect(availabilityProblem([{ ageGroup: "UNDER_18_MONTHS", status: "VACANCIES", vacancies: 2 }])).toBeNull();
    expect(availabilityProblem([{ ageGroup: "UNDER_18_MONTHS", status: "FULL" }])).toBeNull();
    expect(availabilityProblem([{ ageGroup: "FROM_3_YEARS", status: "VACANCIES", vacancies: 999 }])).toBeNull();
    expect(
      availabilityProblem([
        { ageGroup: "UNDER_18_MONTHS", status: "FULL" },
        { ageGroup: "UNDER_18_MONTHS", status: "WAITING_LIST" },
      ]),
    ).toBe(AVAILABILITY_MESSAGES.sameAgeGroupTwice);
    for (const vacancies of [0, 1000, 2.5, null, undefined, Number.NaN])
      expect(
        availabilityProblem([{ ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies }]),
        String(vacancies),
      ).toBe("De 18 mois à 3 ans : indiquez un nombre de places de 1 à 999 (aucune place : « Complet »).");
  });
});
