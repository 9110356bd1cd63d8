import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, type ListState } from "./url-state";
import { nextEventChoice, suggestedSearch, widenSearch } from "./widen";

const state = (filters: Partial<ListState["filters"]>, text = ""): ListState => ({
  text,
  page: 3,
  filters: { ...EMPTY_FILTERS, ...filters },
});

describe("widening a search that found nothing", () => {
  it("drops the narrowest criterion first, back to page 1", () => {
    const search = state(
      { towns: ["Lescar", "Pau"], epci: ["CA Pau Béarn Pyrénées"], types: ["CRECHE"], ages: ["ENFANCE"] },
      "crèche",
    );
    const steps: string[] = [];
    let current: ListState | null = search;
    for (;;) {
      const widened = widenSearch(current);
      if (!widened) break;
      expect(widened.state.page).toBe(1);
      steps.push(widened.removed);
      current = widened.state;
    }
    expect(steps).toEqual([
      "Pau",
      "Lescar",
      "CA Pau Béarn Pyrénées",
      "les types de service",
      "les âges",
      "les mots « crèche »",
    ]);
    expect(current).toEqual({ ...state({}), page: 1 });
  });

  it("quotes a long text cut to 40 characters, so that the button stays a button", () => {
    const long = "atelier ".repeat(25).trim();
    const widened = widenSearch(state({}, long))!;
    expect(widened.removed).toBe(`les mots « ${long.slice(0, 39)}… »`);
    expect(widened.removed.length).toBeLessThan(60);
    expect(widened.state.text).toBe("");
    expect(widenSearch(state({}, "crèche"))!.removed).toBe("les mots « crèche »");
  });

  it("starts with the event place and dates, and offers nothing for a search without criteria", () => {
    expect(widenSearch(state({ eventPlace: "médiathèque", eventFrom: "2030-01-01" }))?.removed).toBe(
      "le lieu « médiathèque »",
    );
    expect(widenSearch(state({ eventFrom: "2030-01-01", category: "EVENT" }))?.state.filters).toMatchObject({
      eventFrom: null,
      category: "EVENT",
    });
    expect(widenSearch(state({}))).toBeNull();
  });
});

describe("widening the events around a place", () => {
  it("grows the radius first, then drops the place, then the dates", () => {
    const lescar = { label: "Lescar", lat: 43.3325, lon: -0.4353, radiusKm: 10 };
    let current: ListState | null = state({
      category: "EVENT",
      eventFrom: "2030-01-05",
      eventTo: "2030-01-06",
      eventNear: lescar,
    });
    const steps: string[] = [];
    for (;;) {
      const widened = widenSearch(current);
      if (!widened) break;
      steps.push(widened.label ?? widened.removed);
      current = widened.state;
    }
    expect(steps).toEqual([
      "Chercher dans un rayon de 20 km",
      "Chercher dans un rayon de 50 km",
      "« Lescar »",
      "les dates",
      "la catégorie",
    ]);
  });
});

describe("the search proposed for misspelt names", () => {
  it("runs the corrected words with the same filters, from its first page", () => {
    const search = state({ towns: ["Pau"], eventPlace: "Lesacr" }, "atelier lesacr");
    expect(suggestedSearch(search, { textQuery: "atelier Lescar", eventPlace: null })).toEqual({
      state: { ...search, page: 1, text: "atelier Lescar" },
      label: "Vouliez-vous dire « atelier Lescar » ?",
    });
    expect(suggestedSearch(search, { textQuery: "atelier Lescar", eventPlace: "Lescar" })).toEqual({
      state: { ...search, page: 1, text: "atelier Lescar", filters: { ...search.filters, eventPlace: "Lescar" } },
      label: "Vouliez-vous dire « atelier Lescar » et « Lescar » ?",
    });
  });

  it("proposes nothing when the server does not", () => {
    expect(suggestedSearch(state({}, "zzz"), null)).toBeNull();
    expect(suggestedSearch(state({}, "zzz"), { textQuery: null, eventPlace: null })).toBeNull();
  });
});

describe("the next event after an empty period", () => {
  const weekend: ListState = {
    text: "atelier",
    page: 2,
    filters: {
      ...EMPTY_FILTERS,
      category: "EVENT",
      eventFrom: "2026-11-28",
      eventTo: "2026-11-29",
      eventNear: { label: "Lescar", lat: 43.3325, lon: -0.4353, radiusKm: 10 },
    },
  };

  it("names its day in Paris and switches to it, with the same other filters", () => {
    // Saturday 5 December, 23:30 in Paris (22:30 UTC).
    const next = nextEventChoice(weekend, "2026-12-05T22:30:00.000Z", "2026-11-25");
    expect(next.label).toBe("Prochain évènement : samedi 5 décembre");
    expect(next.state).toEqual({
      ...weekend,
      page: 1,
      filters: { ...weekend.filters, eventFrom: "2026-12-05", eventTo: "2026-12-05" },
    });
    // 00:30 in Paris on Sunday 6 December is still Saturday in UTC: the Paris day is taken.
    expect(nextEventChoice(weekend, "2026-12-05T23:30:00.000Z", "2026-11-25").label).toBe(
      "Prochain évènement : dimanche 6 décembre",
    );
  });

  it("says the year when it is not this one, and the 1st as « 1er »", () => {
    expect(nextEventChoice(weekend, "2027-01-01T09:00:00.000Z", "2026-12-30").label).toBe(
      "Prochain évènement : vendredi 1er janvier 2027",
    );
  });
});
