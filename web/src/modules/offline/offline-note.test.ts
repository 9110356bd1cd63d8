import { describe, expect, it } from "vitest";
import { offlineNoteText, withOfflineNote } from "./offline-note";

describe("the note of a page read offline", () => {
  it("says when the copy was saved, in Paris time, winter and summer", () => {
    expect(offlineNoteText(new Date("2026-11-28T13:02:00Z"))).toBe("Hors connexion : informations du 28/11 à 14:02");
    expect(offlineNoteText(new Date("2026-07-03T22:05:00Z"))).toBe("Hors connexion : informations du 04/07 à 00:05");
  });

  it("goes at the top of the body, outside the part the application takes over", () => {
    const page = `<html><head></head><body class="x"><div id="root"><a href="tel:0559001122">05 59 00 11 22</a></div></body></html>`;
    const noted = withOfflineNote(page, new Date("2026-11-28T13:02:00Z"));
    expect(noted).toMatch(
      /<body class="x"><div id="hors-connexion" role="status"[^>]*>Hors connexion : informations du 28\/11 à 14:02<\/div><div id="root">/,
    );
    expect(noted).toContain('<a href="tel:0559001122">05 59 00 11 22</a>');
  });
});
