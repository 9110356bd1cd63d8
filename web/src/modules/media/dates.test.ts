import { describe, expect, it } from "vitest";
import { eventSummary, eventWhen, formatDate, formatDateTime } from "./dates";

describe("dates in Paris time", () => {
  it("formats winter and summer times with the right offset", () => {
    expect(formatDateTime("2026-01-15T17:05:00.000Z")).toBe("15/01/2026 18:05");
    expect(formatDateTime("2026-07-01T22:30:00.000Z")).toBe("02/07/2026 00:30");
    expect(formatDate("2026-12-31T23:30:00.000Z")).toBe("01/01/2027");
  });

  it("writes the event line of a card", () => {
    expect(
      eventSummary({ eventFrom: "2026-03-10T09:00:00Z", eventTo: "2026-03-10T16:00:00Z", eventAddress: "Pau" }),
    ).toBe("Évènement du 10/03/2026 10:00 à Pau jusqu'au 10/03/2026 17:00");
    expect(eventSummary({ eventFrom: "2026-03-10T09:00:00Z", eventTo: null, eventAddress: null })).toBe(
      "Évènement du 10/03/2026 10:00",
    );
  });
});

describe("an event's date line on its page", () => {
  const line = (from: string, to: string | null) =>
    eventWhen(from, to)
      .map((part) => part.text)
      .join("");

  it("says the day once for an event within a day, with its weekday, in Paris time", () => {
    expect(line("2026-11-29T17:00:00Z", "2026-11-29T19:00:00Z")).toBe("Dimanche 29 novembre 2026, de 18h à 20h");
    // Summer time: 8:30 UTC is 10:30 in Paris.
    expect(line("2026-07-14T08:30:00Z", "2026-07-14T10:00:00Z")).toBe("Mardi 14 juillet 2026, de 10h30 à 12h");
  });

  it("names both days of an event over several days, the first of a month as « 1er »", () => {
    expect(line("2030-10-26T08:00:00Z", "2030-10-27T17:00:00Z")).toBe(
      "Du samedi 26 octobre 2030 à 10h au dimanche 27 octobre 2030 à 18h",
    );
    expect(line("2025-02-28T09:00:00Z", "2025-03-01T09:05:00Z")).toBe(
      "Du vendredi 28 février 2025 à 10h au samedi 1er mars 2025 à 10h05",
    );
  });

  it("keeps to the start when there is no end, or an end not after it", () => {
    // 22:30 UTC on 31 December is 23:30 in Paris, still the same day.
    expect(line("2026-12-31T22:30:00Z", null)).toBe("Le jeudi 31 décembre 2026 à 23h30");
    expect(line("2026-12-31T23:30:00Z", null)).toBe("Le vendredi 1er janvier 2027 à 0h30");
    expect(line("2026-03-10T09:00:00Z", "2026-03-10T09:00:00Z")).toBe("Le mardi 10 mars 2026 à 10h");
  });

  it("marks each date and time with the instant it names", () => {
    const parts = eventWhen("2026-11-29T17:00:00Z", "2026-11-29T19:00:00Z");
    expect(parts.filter((part) => part.dateTime).map((part) => part.dateTime)).toEqual([
      "2026-11-29T17:00:00Z",
      "2026-11-29T17:00:00Z",
      "2026-11-29T19:00:00Z",
    ]);
  });
});
