import { describe, expect, it } from "vitest";
import { googleCalendarDates, googleCalendarUrl } from "./google-calendar";

describe("« Ajouter à Google Agenda »", () => {
  it("gives a timed event its start and end in UTC, summer and winter time alike", () => {
    // 10:00 and 18:00 in Paris: UTC+2 on the Saturday, UTC+1 on the Sunday (clocks go back that night).
    expect(googleCalendarDates("2030-10-26T08:00:00.000Z", "2030-10-27T17:00:00.000Z")).toBe(
      "20301026T080000Z/20301027T170000Z",
    );
    expect(googleCalendarDates("2027-01-15T17:30:00.000Z", "2027-01-15T19:00:00.000Z")).toBe(
      "20270115T173000Z/20270115T190000Z",
    );
  });

  it("ends an event without an end (or with an end not after its start) when it starts", () => {
    expect(googleCalendarDates("2027-01-15T17:30:00.000Z", null)).toBe("20270115T173000Z/20270115T173000Z");
    expect(googleCalendarDates("2027-01-15T17:30:00.000Z", "2027-01-15T17:00:00.000Z")).toBe(
      "20270115T173000Z/20270115T173000Z",
    );
  });

  it("gives an event from midnight to midnight (or 23:59) in Paris whole days, the last one excluded", () => {
    // Saturday 6 December 2025, 00:00 to 23:59 in Paris (UTC+1): one day.
    expect(googleCalendarDates("2025-12-05T23:00:00.000Z", "2025-12-06T22:59:00.000Z")).toBe("20251206/20251207");
    // From Saturday 00:00 to Monday 00:00: Saturday and Sunday.
    expect(googleCalendarDates("2025-12-05T23:00:00.000Z", "2025-12-07T23:00:00.000Z")).toBe("20251206/20251208");
    // Three days over a month's end, in summer time (UTC+2): 30 and 31 July, 1 August.
    expect(googleCalendarDates("2026-07-29T22:00:00.000Z", "2026-08-01T21:59:00.000Z")).toBe("20260730/20260802");
    // Over a year's end.
    expect(googleCalendarDates("2026-12-30T23:00:00.000Z", "2026-12-31T22:59:00.000Z")).toBe("20261231/20270101");
    // Midnight without an end: that day.
    expect(googleCalendarDates("2025-12-05T23:00:00.000Z", null)).toBe("20251206/20251207");
  });

  it("keeps an event that starts at midnight but ends in the day timed", () => {
    expect(googleCalendarDates("2025-12-05T23:00:00.000Z", "2025-12-06T11:00:00.000Z")).toBe(
      "20251205T230000Z/20251206T110000Z",
    );
  });

  it("fills Google's form: title, dates, details and place, each encoded", () => {
    const url = new URL(
      googleCalendarUrl({
        title: "Fête des familles & goûter",
        eventFrom: "2030-10-26T08:00:00.000Z",
        eventTo: "2030-10-27T17:00:00.000Z",
        place: "Place de la Mairie, 64000 Pau",
        details: "Jeux pour tous.\n\nhttps://portail.example/actualites/1",
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Fête des familles & goûter");
    expect(url.searchParams.get("dates")).toBe("20301026T080000Z/20301027T170000Z");
    expect(url.searchParams.get("details")).toBe("Jeux pour tous.\n\nhttps://portail.example/actualites/1");
    expect(url.searchParams.get("location")).toBe("Place de la Mairie, 64000 Pau");
    // The slash between the dates is written as Google's own links write it.
    expect(url.search).toContain("&dates=20301026T080000Z/20301027T170000Z&");
  });

  it("leaves out a place the event does not have", () => {
    const url = new URL(
      googleCalendarUrl({
        title: "En ligne",
        eventFrom: "2030-10-26T08:00:00.000Z",
        eventTo: null,
        place: null,
        details: "",
      }),
    );
    expect(url.searchParams.has("location")).toBe(false);
    expect(url.searchParams.has("details")).toBe(false);
  });
});
