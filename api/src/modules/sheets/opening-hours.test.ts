import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors";
import {
  cleanWeeklyHours,
  type DayCode,
  hoursFacets,
  isOpenAt,
  openingStatus,
  PARIS,
  type TimeRange,
  type WeeklyHours,
  type WeeklyHoursDraft,
} from "./opening-hours";
import {
  isPublicHoliday,
  openingHoursSpecification,
  parseOsmOpeningHours,
  toOsmOpeningHours,
} from "./opening-hours-formats";

const TODAY = "2026-11-23";
const range = (start: string, end: string): TimeRange => ({ start, end });
const weekdays = (ranges: TimeRange[]): WeeklyHoursDraft["week"] =>
  (["mo", "tu", "we", "th", "fr"] as DayCode[]).map((day) => ({ day, ranges }));
const hoursOf = (draft: WeeklyHoursDraft, today = TODAY): WeeklyHours => {
  const hours = cleanWeeklyHours(draft, today);
  if (!hours) throw new Error("no hours");
  return hours;
};
/** An instant given as Paris wall-clock time ("2026-11-23T09:00"). */
const paris = (local: string) => DateTime.fromISO(local, { zone: PARIS }).toJSDate();
const refusal = (draft: WeeklyHoursDraft) => {
  try {
    cleanWeeklyHours(draft, TODAY);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error("accepted");
};

// A crèche: weekdays 8:30–12:30 and 14:00–18:00, Wednesday afternoon by appointment, Saturday
// morning, closed for the holidays (with an exceptional opening on 28 December).
const CRECHE: WeeklyHoursDraft = {
  week: [
    ...weekdays([range("08:30", "12:30"), range("14:00", "18:00")]).filter((day) => day.day !== "we"),
    { day: "we", ranges: [range("14:00", "17:00")], byAppointment: true },
    { day: "sa", ranges: [range("09:00", "12:00")] },
  ],
  closures: [
    { from: "2026-12-22", to: "2026-12-27", note: "Vacances de Noël" },
    { from: "2026-12-28", to: "2027-01-02", note: null },
  ],
  specialOpenings: [{ date: "2026-12-28", ranges: [range("10:00", "12:00")], note: "Permanence" }],
};

describe("opening hours: what a family is told", () => {
  it("says whether the doors are open at an instant, in Paris time", () => {
    const hours = hoursOf(CRECHE);
    expect(isOpenAt(hours, paris("2026-11-23T08:29"))).toBe(false);
    expect(isOpenAt(hours, paris("2026-11-23T08:30"))).toBe(true);
    expect(isOpenAt(hours, paris("2026-11-23T12:30"))).toBe(false);
    expect(isOpenAt(hours, paris("2026-11-23T17:59"))).toBe(true);
    // Wednesday afternoon is by appointment: not open doors.
    expect(isOpenAt(hours, paris("2026-11-25T15:00"))).toBe(false);
    expect(isOpenAt(hours, paris("2026-11-28T10:00"))).toBe(true);
    expect(isOpenAt(hours, paris("2026-11-29T10:00"))).toBe(false);
    // 09:00 in Paris is 08:00 UTC in winter: the server's own zone plays no part.
    expect(isOpenAt(hours, new Date("2026-11-23T07:45:00Z"))).toBe(true);
    expect(isOpenAt(hours, new Date("2026-11-23T07:15:00Z"))).toBe(false);
  });

  it("keeps wall-clock hours across the daylight-saving weekends", () => {
    const early = hoursOf({
      week: [...weekdays([range("08:30", "12:30")]), { day: "su", ranges: [range("02:00", "03:00")] }],
      closedOnPublicHolidays: false,
    });
    // Spring: on Monday 29 March 2027 Paris is UTC+2, the Friday before UTC+1.
    expect(isOpenAt(early, new Date("2027-03-26T07:35:00Z"))).toBe(true); // 08:35 CET
    expect(isOpenAt(early, new Date("2027-03-26T07:25:00Z"))).toBe(false); // 08:25 CET
    expect(isOpenAt(early, new Date("2027-03-29T06:35:00Z"))).toBe(true); // 08:35 CEST
    expect(isOpenAt(early, new Date("2027-03-29T06:25:00Z"))).toBe(false); // 08:25 CEST
    expect(isOpenAt(early, new Date("2027-03-29T07:25:00Z"))).toBe(true); // 09:25 CEST
    // Sunday 28 March 2027 has no 02:00–03:00 in Paris: the range is never open that night.
    expect(isOpenAt(early, new Date("2027-03-28T00:59:00Z"))).toBe(false); // 01:59 CET
    expect(isOpenAt(early, new Date("2027-03-28T01:00:00Z"))).toBe(false); // 03:00 CEST
    // Autumn: Sunday 25 October 2026 lives 02:00–03:00 twice, open both times.
    expect(isOpenAt(early, new Date("2026-10-25T00:30:00Z"))).toBe(true); // 02:30 CEST
    expect(isOpenAt(early, new Date("2026-10-25T01:30:00Z"))).toBe(true); // 02:30 CET
    expect(isOpenAt(early, new Date("2026-10-25T02:05:00Z"))).toBe(false); // 03:05 CET
    expect(isOpenAt(early, new Date("2026-10-26T07:35:00Z"))).toBe(true); // Monday 08:35 CET
  });

  it("lets closures override the week, and exceptional openings override both", () => {
    const hours = hoursOf(CRECHE);
    expect(isOpenAt(hours, paris("2026-12-21T09:00"))).toBe(true);
    expect(isOpenAt(hours, paris("2026-12-22T09:00"))).toBe(false);
    expect(isOpenAt(hours, paris("2026-12-26T10:00"))).toBe(false); // a Saturday, closed
    expect(isOpenAt(hours, paris("2026-12-28T09:00"))).toBe(false); // the opening starts at 10:00
    expect(isOpenAt(hours, paris("2026-12-28T11:00"))).toBe(true);
    expect(isOpenAt(hours, paris("2027-01-04T09:00"))).toBe(true);
    // Following closures are one for families: « jusqu'au 02/01/2027 ».
    expect(openingStatus(hours, paris("2026-12-23T09:00"))).toEqual({
      state: "TEMPORARILY_CLOSED",
      label: "Fermeture temporaire jusqu'au 02/01/2027",
      openNow: false,
    });
    expect(openingStatus(hours, paris("2026-12-28T09:00")).label).toBe("Ouvert aujourd'hui 10h–12h");
  });

  it("closes on public holidays unless the sheet says otherwise", () => {
    expect(isPublicHoliday("2026-11-11")).toBe(true);
    expect(isPublicHoliday("2027-03-29")).toBe(true); // Easter Monday
    expect(isPublicHoliday("2026-11-12")).toBe(false);
    const closing = hoursOf({ week: weekdays([range("08:00", "18:00")]) });
    const opening = hoursOf({ week: weekdays([range("08:00", "18:00")]), closedOnPublicHolidays: false });
    expect(openingStatus(closing, paris("2026-11-11T10:00"))).toEqual({
      state: "CLOSED_TODAY",
      label: "Fermé aujourd'hui (jour férié) · ouvre demain à 8h",
      openNow: false,
    });
    expect(isOpenAt(opening, paris("2026-11-11T10:00"))).toBe(true);
  });

  it("words today's status as the cards show it", () => {
    const hours = hoursOf(CRECHE);
    const at = (local: string) => openingStatus(hours, paris(local));
    expect(at("2026-11-23T07:00")).toEqual({
      state: "OPEN_TODAY",
      label: "Ouvert aujourd'hui 8h30–12h30, 14h–18h",
      openNow: false,
    });
    expect(at("2026-11-25T15:00")).toEqual({
      state: "BY_APPOINTMENT",
      label: "Sur rendez-vous aujourd'hui 14h–17h",
      openNow: false,
    });
    expect(at("2026-11-29T10:00")).toEqual({
      state: "CLOSED_TODAY",
      label: "Fermé aujourd'hui · ouvre demain à 8h30",
      openNow: false,
    });
    // At lunch the day goes on; once its last range has ended, the day is over.
    expect(at("2026-11-23T13:00")).toMatchObject({ state: "OPEN_TODAY", openNow: false });
    expect(at("2026-11-23T17:59")).toMatchObject({ state: "OPEN_TODAY", openNow: true });
    expect(at("2026-11-23T18:00")).toEqual({
      state: "CLOSED_TODAY",
      label: "Fermé pour aujourd'hui · ouvre demain à 8h30",
      openNow: false,
    });
    // An exceptional opening day too (28/12/2026, 10h–12h, during the winter closure).
    expect(at("2026-12-28T12:30").label).toBe("Fermé pour aujourd'hui · ouvre le lundi 04/01/2027 à 8h30");
  });

  it("tells a closed day when the doors open next: tomorrow, a day of the week, or a date beyond", () => {
    const label = (draft: WeeklyHoursDraft, local: string) => openingStatus(hoursOf(draft), paris(local)).label;
    // A Saturday, for a service open on weekdays.
    expect(label({ week: weekdays([range("08:00", "18:00")]) }, "2026-11-28T10:00")).toBe(
      "Fermé aujourd'hui · ouvre lundi à 8h",
    );
    // On a closed Tuesday, Wednesday's appointments are not an opening: Thursday's doors are.
    const appointments = {
      week: [
        { day: "we" as DayCode, ranges: [range("14:00", "17:00")], byAppointment: true },
        { day: "th" as DayCode, ranges: [range("09:30", "12:00")] },
      ],
    };
    expect(label(appointments, "2026-11-24T10:00")).toBe("Fermé aujourd'hui · ouvre jeudi à 9h30");
    // Open on Mondays only, the next Monday closed: a date, two weeks on.
    const mondays = {
      week: [{ day: "mo" as DayCode, ranges: [range("09:00", "12:00")] }],
      closures: [{ from: "2026-11-30", to: "2026-11-30", note: null }],
    };
    expect(label(mondays, "2026-11-24T10:00")).toBe("Fermé aujourd'hui · ouvre le lundi 07/12/2026 à 9h");
    // Appointments only: no door opens.
    expect(label({ week: [appointments.week[0]] }, "2026-11-24T10:00")).toBe("Fermé aujourd'hui");
  });
});

describe("opening hours: what partners may enter", () => {
  it("sorts ranges, drops what is over, and keeps nothing when nothing was entered", () => {
    const hours = hoursOf({
      week: [{ day: "mo", ranges: [range("14:00", "18:00"), range("08:30", "12:00")] }],
      closures: [
        { from: "2026-10-01", to: "2026-10-05", note: null },
        { from: "2026-11-20", to: "2026-11-30", note: "  Travaux   d'été " },
      ],
      specialOpenings: [{ date: "2026-11-01", ranges: [range("10:00", "11:00")], note: null }],
    });
    expect(hours.week[0].ranges).toEqual([range("08:30", "12:00"), range("14:00", "18:00")]);
    expect(hours.closures).toEqual([{ from: "2026-11-20", to: "2026-11-30", note: "Travaux d'été" }]);
    expect(hours.specialOpenings).toEqual([]);
    expect(hours.closedOnPublicHolidays).toBe(true);
    expect(cleanWeeklyHours({ week: [{ day: "tu", ranges: [] }] }, TODAY)).toBeNull();
  });

  it("refuses what cannot be true, in French", () => {
    expect(refusal({ week: [{ day: "mo", ranges: [range("12:00", "08:00")] }] })).toBe(
      "Lundi : l'heure de fin doit être après l'heure de début.",
    );
    expect(refusal({ week: [{ day: "tu", ranges: [range("08:00", "12:00"), range("11:00", "14:00")] }] })).toBe(
      "Mardi : des plages horaires se chevauchent.",
    );
    expect(refusal({ week: [{ day: "we", ranges: [range("8h", "12:00")] }] })).toBe(
      "Mercredi : indiquez les heures au format HH:MM (par exemple 08:30).",
    );
    expect(refusal({ week: [], closures: [{ from: "2026-12-10", to: "2026-12-01", note: null }] })).toBe(
      "Fermeture 1 : la date de fin doit être après la date de début.",
    );
    expect(refusal({ week: [], closures: [{ from: "2026-12-01", to: "2028-01-01", note: null }] })).toBe(
      "Fermeture 1 : une fermeture temporaire dure au plus un an.",
    );
    expect(refusal({ week: [], closures: [{ from: "2026-02-30", to: "2026-03-01", note: null }] })).toBe(
      "Fermeture 1 : indiquez des dates valides.",
    );
    expect(refusal({ week: [], specialOpenings: [{ date: "2026-12-28", ranges: [], note: null }] })).toBe(
      "Ouverture exceptionnelle 1 : indiquez au moins une plage horaire.",
    );
    expect(
      refusal({
        week: [
          { day: "mo", ranges: [] },
          { day: "mo", ranges: [] },
        ],
      }),
    ).toBe("Lundi est indiqué deux fois.");
  });
});

describe("opening hours: derived forms", () => {
  it("writes OpenStreetMap's opening_hours, which the library reads back as the same hours", () => {
    expect(toOsmOpeningHours(hoursOf({ week: weekdays([range("08:30", "12:30")]) }))).toBe("Mo-Fr 08:30-12:30; PH off");
    const hours = hoursOf(CRECHE);
    const osm = toOsmOpeningHours(hours);
    expect(osm).toBe(
      'Mo,Tu,Th,Fr 08:30-12:30,14:00-18:00; We 14:00-17:00 "sur rendez-vous"; Sa 09:00-12:00; PH off; ' +
        '2026 Dec 22-2026 Dec 27 off "Vacances de Noël"; 2026 Dec 28-2027 Jan 02 off; ' +
        '2026 Dec 28 10:00-12:00 open "Permanence"',
    );
    const rules = parseOsmOpeningHours(osm);
    // Every half hour from today to mid-January (a public holiday, the closures, the exceptional
    // opening): the library, reading Paris wall-clock time, agrees.
    let instant = DateTime.fromISO("2026-11-23T00:15", { zone: PARIS });
    const end = DateTime.fromISO("2027-01-15T00:00", { zone: PARIS });
    let checked = 0;
    while (instant < end) {
      const wallClock = new Date(instant.year, instant.month - 1, instant.day, instant.hour, instant.minute);
      expect([instant.toISO(), isOpenAt(hours, instant.toJSDate())]).toEqual([
        instant.toISO(),
        rules.getState(wallClock),
      ]);
      instant = instant.plus({ minutes: 30 });
      checked++;
    }
    expect(checked).toBeGreaterThan(2500);
  });

  it("gives schema.org's openingHoursSpecification", () => {
    const specification = openingHoursSpecification(hoursOf(CRECHE));
    expect(specification[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Thursday", "Friday"].map((day) => `https://schema.org/${day}`),
      opens: "08:30:00",
      closes: "12:30:00",
    });
    expect(specification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "00:00:00",
      closes: "00:00:00",
      validFrom: "2026-12-22",
      validThrough: "2026-12-27",
      description: "Vacances de Noël",
    });
    expect(specification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "10:00:00",
      closes: "12:00:00",
      validFrom: "2026-12-28",
      validThrough: "2026-12-28",
      description: "Permanence",
    });
    // Appointments are not opening hours for schema.org.
    expect(JSON.stringify(specification)).not.toContain("17:00");
  });

  it("gives the facet rows the searches read", () => {
    const facets = hoursFacets(hoursOf(CRECHE));
    expect(facets.open).toEqual(["mo", "tu", "th", "fr", "sa"]);
    expect(facets.mayOpen).toEqual(["mo", "tu", "th", "fr", "sa", "mo"]);
    expect(facets.hours).toContain("sa09001200");
    expect(facets.hours).toContain("2026122810001200");
    expect(facets.closed).toEqual(expect.arrayContaining(["20261222", "20270102", "20261228", "ph"]));
    expect(facets.closed).not.toContain("20270103");
  });
});
