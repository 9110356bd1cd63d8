import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, type ListState } from "./url-state";
import { suggestedSearch, widenSearch } from "./widen";

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
