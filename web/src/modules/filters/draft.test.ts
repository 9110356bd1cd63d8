import { describe, expect, it } from "vitest";
import { draftFromFilters, END_BEFORE_START, filtersFromDraft, INVALID_DATE } from "./draft";
import { EMPTY_FILTERS } from "./url-state";

const draft = draftFromFilters(EMPTY_FILTERS);

describe("filter draft", () => {
  it("shows applied event days as DD/MM/YYYY", () => {
    const filters = { ...EMPTY_FILTERS, category: "EVENT" as const, eventFrom: "2027-05-01", eventTo: "2027-05-31" };
    expect(draftFromFilters(filters)).toMatchObject({ eventFrom: "01/05/2027", eventTo: "31/05/2027" });
  });

  it("applies valid French dates as ISO days", () => {
    const outcome = filtersFromDraft(
      { ...draft, category: "EVENT", eventFrom: "01/05/2027", eventTo: " 31/05/2027 ", eventPlace: " Pau " },
      "news",
    );
    expect(outcome.errors).toBeNull();
    expect(outcome.filters).toMatchObject({ eventFrom: "2027-05-01", eventTo: "2027-05-31", eventPlace: "Pau" });
  });

  it("refuses an invalid date with 'Date invalide'", () => {
    const outcome = filtersFromDraft(
      { ...draft, category: "EVENT", eventFrom: "31/02/2027", eventTo: "2027-05-01" },
      "news",
    );
    expect(outcome.filters).toBeNull();
    expect(outcome.errors).toEqual({ eventFrom: INVALID_DATE, eventTo: INVALID_DATE });
  });

  it("refuses an end before the start", () => {
    const outcome = filtersFromDraft(
      { ...draft, category: "EVENT", eventFrom: "10/05/2027", eventTo: "01/05/2027" },
      "news",
    );
    expect(outcome.errors).toEqual({ eventTo: END_BEFORE_START });
  });

  it("drops event filters when the event category is not chosen, even if they are invalid", () => {
    const outcome = filtersFromDraft(
      { ...draft, category: "NEW", eventFrom: "n'importe quoi", eventPlace: "Pau" },
      "news",
    );
    expect(outcome.filters).toMatchObject({ category: "NEW", eventFrom: null, eventPlace: "" });
  });

  it("applies the place events are searched around with the event category only", () => {
    const eventNear = { label: "Lescar", lat: 43.3325, lon: -0.4353, radiusKm: 20 };
    expect(filtersFromDraft({ ...draft, category: "EVENT", eventNear }, "news").filters?.eventNear).toEqual(eventNear);
    expect(filtersFromDraft({ ...draft, category: "NEW", eventNear }, "news").filters?.eventNear).toBeNull();
    expect(filtersFromDraft({ ...draft, category: "EVENT", eventNear }, "services").filters?.eventNear).toBeNull();
  });

  it("drops the filters a mode does not offer", () => {
    const outcome = filtersFromDraft(
      { ...draft, thematics: ["HOUSING"], types: ["CRECHE"], networks: ["EAJE"] },
      "services",
    );
    expect(outcome.filters).toMatchObject({ thematics: [], networks: [], types: ["CRECHE"] });
  });
});
