import { describe, expect, it } from "vitest";
import { parisEndOfDay, parisStartOfDay, toMediaSearchInput, toServiceSearchInput } from "./search-input";
import { EMPTY_FILTERS, type ListState } from "./url-state";

const state = (overrides: Partial<ListState["filters"]> = {}, text = "", page = 1): ListState => ({
  text,
  page,
  filters: { ...EMPTY_FILTERS, ...overrides },
});

describe("Paris days", () => {
  it("start and end at Paris midnight, in summer and in winter", () => {
    expect(parisStartOfDay("2027-07-14")).toBe("2027-07-13T22:00:00.000Z");
    expect(parisEndOfDay("2027-07-14")).toBe("2027-07-14T21:59:59.999Z");
    expect(parisStartOfDay("2027-01-15")).toBe("2027-01-14T23:00:00.000Z");
  });
});

describe("toMediaSearchInput", () => {
  it("asks the events around the place chosen, within its radius", () => {
    const eventNear = { label: "Lescar", lat: 43.3325, lon: -0.4353, radiusKm: 20 };
    const input = toMediaSearchInput(state({ category: "EVENT", eventNear }), ["NEW", "EVENT"], [], "2026-11-25");
    expect(input).toMatchObject({
      categories: ["EVENT"],
      eventTiming: "UPCOMING",
      near: { lat: 43.3325, lon: -0.4353, radiusKm: 20 },
    });
    expect(toMediaSearchInput(state({ category: "EVENT" }), ["NEW", "EVENT"], [])).not.toHaveProperty("near");
  });

  it("asks the list's categories, a 0-based page of 15, and nothing else by default", () => {
    expect(toMediaSearchInput(state(), ["NEW", "EVENT"], [])).toEqual({
      textQuery: null,
      categories: ["NEW", "EVENT"],
      ages: null,
      thematics: null,
      networks: null,
      locations: null,
      eventFrom: null,
      eventTo: null,
      eventPlace: null,
      eventTiming: null,
      page: 0,
      pageSize: 15,
    });
  });

  it("asks events alone in date order: those to come, the past ones on request, past dates as they are", () => {
    const events = (filters: Parameters<typeof state>[0]) =>
      toMediaSearchInput(state({ category: "EVENT", ...filters }), ["NEW", "EVENT"], [], "2026-11-25").eventTiming;
    expect(events({})).toBe("UPCOMING");
    expect(events({ pastEvents: true })).toBe("PAST");
    expect(events({ eventFrom: "2026-11-28", eventTo: "2026-11-29" })).toBe("UPCOMING");
    expect(events({ eventFrom: "2026-11-01", eventTo: "2026-11-25" })).toBe("UPCOMING");
    expect(events({ eventFrom: "2026-10-01", eventTo: "2026-10-31" })).toBeNull();
    expect(toMediaSearchInput(state({ category: "NEW" }), ["NEW", "EVENT"], []).eventTiming).toBeNull();
  });

  it("narrows news to the chosen category and sends the event period in UTC", () => {
    const input = toMediaSearchInput(
      state({ category: "EVENT", eventFrom: "2027-07-14", eventTo: "2027-07-15", eventPlace: "Pau" }, "fête", 3),
      ["NEW", "EVENT"],
      [],
    );
    expect(input).toMatchObject({
      textQuery: "fête",
      categories: ["EVENT"],
      eventFrom: "2027-07-13T22:00:00.000Z",
      eventTo: "2027-07-15T21:59:59.999Z",
      eventPlace: "Pau",
      eventTiming: "UPCOMING",
      page: 2,
    });
  });

  it("sends EPCI and towns as locations, and only the networks the viewer may use", () => {
    const input = toMediaSearchInput(
      state({ epci: ["CC du Haut Béarn"], towns: ["Pau"], networks: ["EAJE", "RPE"], ages: ["ENFANCE"] }),
      ["RESOURCE"],
      ["EAJE"],
    );
    expect(input).toMatchObject({ locations: ["CC du Haut Béarn", "Pau"], networks: ["EAJE"], ages: ["ENFANCE"] });
    expect(toMediaSearchInput(state({ networks: ["EAJE"] }), ["RESOURCE"], []).networks).toBeNull();
  });
});

describe("toServiceSearchInput", () => {
  it("sends text, ages, types, locations and the page", () => {
    expect(toServiceSearchInput(state({ types: ["CRECHE"], ages: ["DEVENIR"], towns: ["Pau"] }, "creche", 2))).toEqual({
      textQuery: "creche",
      ages: ["DEVENIR"],
      types: ["CRECHE"],
      locations: ["Pau"],
      openNow: null,
      openOn: null,
      withVacancies: null,
      page: 1,
      pageSize: 15,
    });
  });

  it("asks for services open now (the server's clock) and on Saturdays", () => {
    expect(toServiceSearchInput(state({ open: ["maintenant", "samedi"] }))).toMatchObject({
      openNow: true,
      openOn: ["SATURDAY"],
    });
  });

  it("asks for child care with places available", () => {
    expect(toServiceSearchInput(state({ vacancies: true }))).toMatchObject({ withVacancies: true });
  });

  it("searches around the chosen place, with its radius", () => {
    const around = { ...state({}, "", 1), place: { label: "Lescar", lat: 43.34051, lon: -0.4282, radiusKm: 20 } };
    expect(toServiceSearchInput(around)).toMatchObject({ near: { lat: 43.34051, lon: -0.4282, radiusKm: 20 } });
  });
});
