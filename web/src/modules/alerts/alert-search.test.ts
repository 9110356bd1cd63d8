import { describe, expect, it } from "vitest";
import { AROUND_ME, EMPTY_FILTERS, type ListFilters, type ListState } from "../filters/url-state";
import { placeLabelOf } from "./alert-form";
import { toMediaSearchInput, toServiceSearchInput } from "../filters/search-input";
import { alertListOf, isFollowable as followable } from "./alert-search";

const state = (patch: Partial<ListState> = {}, filters: Partial<ListFilters> = {}): ListState => ({
  text: "",
  page: 1,
  filters: { ...EMPTY_FILTERS, ...filters },
  place: null,
  ...patch,
});
const LESCAR = { label: "Lescar", lat: 43.33, lon: -0.43, radiusKm: 10 };

/** As a list offers it: from the input it searches with (events and news, or services). */
const isFollowable = (listState: ListState) =>
  followable({
    media: toMediaSearchInput(listState, listState.filters.category === "EVENT" ? ["EVENT"] : ["NEW", "EVENT"], []),
  }) || followable({ services: toServiceSearchInput(listState) });

describe("« Me prévenir » offered on a list", () => {
  it("only once the search narrows the list: words, a place, a filter", () => {
    expect(isFollowable(state())).toBe(false);
    expect(isFollowable(state({ text: "  " }))).toBe(false);
    expect(isFollowable(state({ text: "crèche" }))).toBe(true);
    expect(isFollowable(state({ place: LESCAR }))).toBe(true);
    expect(isFollowable(state({}, { ages: ["PETITE_ENFANCE"] }))).toBe(true);
    expect(isFollowable(state({}, { vacancies: true }))).toBe(true);
    expect(isFollowable(state({}, { open: ["samedi"] }))).toBe(true);
    expect(isFollowable(state({}, { eventFrom: "2027-03-01" }))).toBe(true);
    expect(isFollowable(state({}, { eventNear: LESCAR, category: "EVENT" }))).toBe(true);
  });

  it("not for the list itself: a category alone, « Ouvert maintenant », past events", () => {
    expect(isFollowable(state({}, { category: "EVENT" }))).toBe(false);
    expect(isFollowable(state({}, { open: ["maintenant"] }))).toBe(false);
    expect(isFollowable(state({}, { category: "EVENT", pastEvents: true }))).toBe(false);
    expect(isFollowable(state({ page: 3 }))).toBe(false);
  });

  it("follows the list shown: the news narrowed to events follow the events", () => {
    expect(alertListOf("services", state())).toBe("SERVICES");
    expect(alertListOf("resources", state())).toBe("RESOURCES");
    expect(alertListOf("news", state())).toBe("NEWS");
    expect(alertListOf("news", state({}, { category: "NEW" }))).toBe("NEWS");
    expect(alertListOf("news", state({}, { category: "EVENT" }))).toBe("EVENTS");
    // An address carrying an event's dates or surroundings: the server reads those on events only.
    expect(alertListOf("news", state({}, { eventFrom: "2027-03-01" }))).toBe("EVENTS");
    expect(alertListOf("news", state({}, { eventNear: LESCAR }))).toBe("EVENTS");
  });

  it("names the place searched around, not the device's position", () => {
    expect(placeLabelOf(state({ place: LESCAR }))).toBe("Lescar");
    expect(placeLabelOf(state({}, { eventNear: { ...LESCAR, label: "Orthez" } }))).toBe("Orthez");
    expect(placeLabelOf(state({ place: { ...LESCAR, label: AROUND_ME } }))).toBeNull();
    expect(placeLabelOf(state())).toBeNull();
  });
});
