import { describe, expect, it } from "vitest";
import {
  buildHoursInput,
  emptyHours,
  hoursError,
  hoursErrorAt,
  hoursValuesFrom,
  type HoursValues,
  nextRange,
  withDayMode,
} from "./hours";

const withDays = (patch: (week: HoursValues["week"]) => void): HoursValues => {
  const hours = emptyHours();
  patch(hours.week);
  return hours;
};

describe("the hours of the service form", () => {
  it("starts an opened day with a morning, adds the afternoon next, and forgets ranges when closed", () => {
    const open = withDayMode({ mode: "closed", ranges: [] }, "open");
    expect(open).toEqual({ mode: "open", ranges: [{ start: "09:00", end: "12:00" }] });
    expect(nextRange(open.ranges)).toEqual({ start: "14:00", end: "17:00" });
    expect(withDayMode(open, "appointment")).toEqual({ ...open, mode: "appointment" });
    expect(withDayMode(open, "closed")).toEqual({ mode: "closed", ranges: [] });
  });

  it("sends open and appointment days only, and blank notes as null", () => {
    const hours = withDays((week) => {
      week[0] = { mode: "open", ranges: [{ start: "08:30", end: "12:30" }] };
      week[2] = { mode: "appointment", ranges: [] };
    });
    hours.closures = [{ from: "2030-12-22", to: "2031-01-02", note: "  " }];
    expect(buildHoursInput(hours)).toEqual({
      week: [
        { day: "MONDAY", ranges: [{ start: "08:30", end: "12:30" }], byAppointment: false },
        { day: "WEDNESDAY", ranges: [], byAppointment: true },
      ],
      closedOnPublicHolidays: true,
      closures: [{ from: "2030-12-22", to: "2031-01-02", note: null }],
      specialOpenings: [],
    });
  });

  it("reads the sheet's hours back into the form", () => {
    const values = hoursValuesFrom({
      closedOnPublicHolidays: false,
      week: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map((day, index) => ({
        day: day as "MONDAY",
        label: "",
        summary: "",
        byAppointment: index === 1,
        ranges: index === 0 ? [{ start: "09:00", end: "12:00" }] : [],
      })),
      closures: [],
      specialOpenings: [{ date: "2030-12-28", note: null, summary: "", ranges: [{ start: "10:00", end: "12:00" }] }],
      schemaOrg: [],
    });
    expect(values.week.slice(0, 3).map((day) => day.mode)).toEqual(["open", "appointment", "closed"]);
    expect(values.specialOpenings).toEqual([
      { date: "2030-12-28", note: "", ranges: [{ start: "10:00", end: "12:00" }] },
    ]);
    expect(values.closedOnPublicHolidays).toBe(false);
    expect(hoursValuesFrom(null)).toEqual(emptyHours());
  });

  it("says what is missing before sending", () => {
    expect(hoursError(emptyHours())).toBeUndefined();
    expect(hoursError(withDays((week) => (week[1] = { mode: "open", ranges: [] })))).toBe(
      "Mardi : ajoutez une plage horaire ou choisissez « Fermé ».",
    );
    expect(hoursError(withDays((week) => (week[4] = { mode: "open", ranges: [{ start: "14:00", end: "" }] })))).toBe(
      "Vendredi : indiquez l'heure de début et l'heure de fin de chaque plage.",
    );
    expect(
      hoursError(withDays((week) => (week[0] = { mode: "open", ranges: [{ start: "14:00", end: "09:00" }] }))),
    ).toBe("Lundi : l'heure de fin doit être après l'heure de début.");
    expect(hoursError({ ...emptyHours(), closures: [{ from: "2030-01-10", to: "2030-01-01", note: "" }] })).toBe(
      "Fermeture 1 : la date de fin doit être après la date de début.",
    );
  });
});

describe("hoursErrorAt: the field an error is about", () => {
  it("names the very field to fix, for the focus and aria-invalid", () => {
    const at = (hours: Parameters<typeof hoursErrorAt>[0]) => hoursErrorAt(hours)?.at;
    expect(at(emptyHours())).toBeUndefined();
    expect(at(withDays((week) => (week[1] = { mode: "open", ranges: [] })))).toBe("week-1-mode");
    expect(at(withDays((week) => (week[4] = { mode: "open", ranges: [{ start: "14:00", end: "" }] })))).toBe(
      "week-4-r0-end",
    );
    expect(at(withDays((week) => (week[4] = { mode: "open", ranges: [{ start: "", end: "18:00" }] })))).toBe(
      "week-4-r0-start",
    );
    expect(
      at(
        withDays(
          (week) =>
            (week[0] = {
              mode: "open",
              ranges: [
                { start: "08:00", end: "12:00" },
                { start: "14:00", end: "13:00" },
              ],
            }),
        ),
      ),
    ).toBe("week-0-r1-end");
    expect(at({ ...emptyHours(), closures: [{ from: "2030-12-24", to: "2030-12-20", note: "" }] })).toBe(
      "closure-0-to",
    );
    expect(at({ ...emptyHours(), closures: [{ from: "", to: "2030-12-20", note: "" }] })).toBe("closure-0-from");
  });
});
