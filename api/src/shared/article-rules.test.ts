import { describe, expect, it } from "vitest";
import {
  ARTICLE_MESSAGES,
  type ArticleDraft,
  articleProblems,
  eventEndProblem,
  scheduleProblem,
} from "./article-rules";

/** 10 March 2026, 14:00 in Paris. */
const NOW = new Date("2026-03-10T13:00:00Z");
const DAY = 86_400_000;

const complete: ArticleDraft = {
  hasTitle: true,
  hasBody: true,
  categories: ["EVENT"],
  ages: ["ENFANCE"],
  thematics: ["LOISIRS"],
  event: {
    from: new Date("2026-03-12T09:00:00Z"),
    to: null,
    fromUnchanged: false,
    contactEmail: "",
    contactPhone: "",
    registrationUrl: "",
  },
  schedule: null,
};

describe("articleProblems", () => {
  it("finds nothing to say of a complete article", () => {
    expect(articleProblems(complete, NOW)).toEqual({});
  });

  it("names each missing part with the server's message", () => {
    const empty = {
      ...complete,
      hasTitle: false,
      hasBody: false,
      categories: [],
      ages: [],
      thematics: [],
      event: null,
    };
    expect(articleProblems(empty, NOW)).toEqual({
      title: ARTICLE_MESSAGES.title,
      article: ARTICLE_MESSAGES.article,
      categories: ARTICLE_MESSAGES.categories,
      ages: "Choisissez au moins une tranche d'âge.",
      thematics: ARTICLE_MESSAGES.thematics,
    });
  });

  it("checks an event's start in the Paris day, and its contact", () => {
    const event = complete.event!;
    // 00:30 in Paris today is still today; 23:30 yesterday is not.
    const early = { ...event, from: new Date("2026-03-09T23:30:00Z") };
    expect(articleProblems({ ...complete, event: early }, NOW)).toEqual({});
    const yesterday = { ...event, from: new Date("2026-03-09T22:30:00Z") };
    expect(articleProblems({ ...complete, event: yesterday }, NOW)).toEqual({
      eventFrom: ARTICLE_MESSAGES.eventFromPast,
    });
    expect(articleProblems({ ...complete, event: { ...yesterday, fromUnchanged: true } }, NOW)).toEqual({});
    const contact = { ...event, contactEmail: "x@y", contactPhone: "12", registrationUrl: "ftp://exemple.fr" };
    expect(Object.keys(articleProblems({ ...complete, event: contact }, NOW))).toEqual([
      "contactEmail",
      "contactPhone",
      "registrationUrl",
    ]);
  });

  it("accepts an end equal to the start, not before it", () => {
    const from = new Date("2026-03-12T09:00:00Z");
    expect(eventEndProblem(from, from)).toBeNull();
    expect(eventEndProblem(from, new Date(from.getTime() - 60_000))).toBe(ARTICLE_MESSAGES.eventToBeforeStart);
  });

  it("schedules within 366 days, in the future unless kept", () => {
    expect(scheduleProblem(null, false, NOW)).toBe(ARTICLE_MESSAGES.publishAtRequired);
    expect(scheduleProblem(new Date(NOW.getTime() - 1), false, NOW)).toBe(ARTICLE_MESSAGES.publishAtPast);
    expect(scheduleProblem(new Date(NOW.getTime() - 1), true, NOW)).toBeNull();
    expect(scheduleProblem(new Date(NOW.getTime() + 366 * DAY), false, NOW)).toBeNull();
    expect(scheduleProblem(new Date(NOW.getTime() + 366 * DAY + 1), false, NOW)).toBe(ARTICLE_MESSAGES.publishAtTooFar);
  });
});
