import { describe, expect, it } from "vitest";
import { eventSummary, formatDate, formatDateTime } from "./dates";

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
