import { describe, expect, it } from "vitest";
import {
  countActiveFilters,
  EMPTY_FILTERS,
  type ListFilters,
  type ListState,
  parseListState,
  serialiseListState,
} from "./url-state";

const parse = (query: string, mode: "news" | "resources" | "services" = "news") =>
  parseListState(new URLSearchParams(query), mode);

describe("parseListState", () => {
  it("reads an empty query string as page 1 without text or filters", () => {
    expect(parse("")).toEqual({ text: "", page: 1, filters: EMPTY_FILTERS });
  });

  it("reads the place of a services list, its radius among those offered, and writes it back", () => {
    const services = (query: string) => parseListState(new URLSearchParams(query), "services");
    expect(services("").place).toBeNull();
    const state = services("ou=Lescar&lat=43.34051&lon=-0.4282&rayon=20");
    expect(state.place).toEqual({ label: "Lescar", lat: 43.34051, lon: -0.4282, radiusKm: 20 });
    expect(serialiseListState(state, "services").toString()).toBe("ou=Lescar&lat=43.34051&lon=-0.42820&rayon=20");
    // An unknown radius is the default one; a broken or missing coordinate is no place.
    expect(services("ou=Lescar&lat=43.3&lon=-0.4&rayon=7").place?.radiusKm).toBe(10);
    expect(services("ou=Lescar&lat=95&lon=-0.4").place).toBeNull();
    expect(services("ou=Lescar&lat=abc&lon=-0.4").place).toBeNull();
    expect(services("lat=43.3").place).toBeNull();
    // Other lists have no place.
    expect(parse("ou=Lescar&lat=43.3&lon=-0.4")).not.toHaveProperty("place");
  });

  it("reads text, lists, places and page", () => {
    const state = parse(
      "q=creche&ages=PETITE_ENFANCE,ENFANCE&epci=CA%20Pau%20B%C3%A9arn%20Pyr%C3%A9n%C3%A9es&towns=Oloron-Sainte-Marie&page=2",
    );
    expect(state.text).toBe("creche");
    expect(state.page).toBe(2);
    expect(state.filters.ages).toEqual(["PETITE_ENFANCE", "ENFANCE"]);
    expect(state.filters.epci).toEqual(["CA Pau Béarn Pyrénées"]);
    expect(state.filters.towns).toEqual(["Oloron-Sainte-Marie"]);
  });

  it("keeps the past-events choice with the event category only", () => {
    const state = parse("category=EVENT&passes=1&ages=ENFANCE");
    expect(state.filters.pastEvents).toBe(true);
    expect(serialiseListState(state, "news").toString()).toBe("category=EVENT&ages=ENFANCE&passes=1");
    expect(parse("passes=1").filters.pastEvents).toBe(false);
    expect(parse("category=EVENT&passes=oui").filters.pastEvents).toBe(false);
    expect(parse("category=EVENT&passes=1", "resources").filters.pastEvents).toBe(false);
  });

  it("reads and writes « ouvert » for services only, dropping unknown values", () => {
    const services = parseListState(new URLSearchParams("ouvert=samedi,dimanche,maintenant"), "services");
    expect(services.filters.open).toEqual(["samedi", "maintenant"]);
    expect(serialiseListState(services, "services").toString()).toBe("ouvert=samedi%2Cmaintenant");
    expect(parseListState(new URLSearchParams("ouvert=samedi"), "news").filters.open).toEqual([]);
  });

  it("reads and writes « Avec des places disponibles » for services only", () => {
    const services = parseListState(new URLSearchParams("places=disponibles&types=CRECHE"), "services");
    expect(services.filters.vacancies).toBe(true);
    expect(serialiseListState(services, "services").toString()).toBe("types=CRECHE&places=disponibles");
    expect(countActiveFilters(services.filters)).toBe(2);
    expect(parseListState(new URLSearchParams("places=oui"), "services").filters.vacancies).toBe(false);
    expect(parseListState(new URLSearchParams("places=disponibles"), "news").filters.vacancies).toBe(false);
  });

  it("accepts repeated parameters and drops duplicates and blanks", () => {
    expect(parse("ages=ENFANCE&ages=DEVENIR,,ENFANCE, ").filters.ages).toEqual(["ENFANCE", "DEVENIR"]);
  });

  it("ignores unknown enum values and unknown parameters", () => {
    const state = parse("ages=ENFANCE,SENIORS,enfance&thematics=HOUSING,toString&networks=__proto__,EAJE&foo=bar");
    expect(state.filters.ages).toEqual(["ENFANCE"]);
    expect(state.filters.thematics).toEqual(["HOUSING"]);
    expect(state.filters.networks).toEqual(["EAJE"]);
  });

  it("reads a page past the first 10,000 results as the last page a list can show", () => {
    expect(parse("page=667").page).toBe(667);
    expect(parse("page=668").page).toBe(667);
    expect(parse("page=6667").page).toBe(667);
  });

  it.each(["0", "-3", "abc", "2.5", "1e3", "", "99999999999999999999"])("reads page=%s as page 1", (page) => {
    expect(parse(`page=${page}`).page).toBe(1);
  });

  it("keeps only the filters a mode offers", () => {
    const query = "ages=ENFANCE&thematics=HOUSING&networks=EAJE&types=CRECHE&category=EVENT&from=2027-05-01";
    const services = parse(query, "services").filters;
    expect(services).toMatchObject({ ages: ["ENFANCE"], types: ["CRECHE"], thematics: [], networks: [] });
    expect(services.category).toBeNull();
    expect(services.eventFrom).toBeNull();
    const resources = parse(query, "resources").filters;
    expect(resources).toMatchObject({ thematics: ["HOUSING"], networks: ["EAJE"], types: [], category: null });
    expect(resources.eventFrom).toBeNull();
  });

  it("reads event dates and place only with the event category", () => {
    const events = parse("category=EVENT&from=2027-05-01&to=2027-05-31&place=Pau").filters;
    expect(events).toMatchObject({
      category: "EVENT",
      eventFrom: "2027-05-01",
      eventTo: "2027-05-31",
      eventPlace: "Pau",
    });
    const news = parse("category=NEW&from=2027-05-01&place=Pau").filters;
    expect(news).toMatchObject({ category: "NEW", eventFrom: null, eventPlace: "" });
    expect(parse("category=RESOURCE&from=2027-05-01").filters).toMatchObject({ category: null, eventFrom: null });
  });

  it("ignores malformed or impossible dates", () => {
    expect(parse("category=EVENT&from=2027-02-30&to=01/05/2027").filters).toMatchObject({
      eventFrom: null,
      eventTo: null,
    });
  });

  it("cuts the text to the API's 200 characters", () => {
    expect(parse(`q=${"a".repeat(300)}`).text).toHaveLength(200);
  });
});

describe("the place events are searched around", () => {
  const lescar = "ou=Lescar&lat=43.33250&lon=-0.43530&rayon=20&category=EVENT";

  it("reads « Où ? » and its radius on the events list, with the same parameters as the services list", () => {
    const events = parseListState(new URLSearchParams(lescar), "news");
    expect(events.filters.eventNear).toEqual({ label: "Lescar", lat: 43.3325, lon: -0.4353, radiusKm: 20 });
    expect(events.place).toBeUndefined();
    expect(serialiseListState(events, "news").toString()).toBe(lescar);
    expect(countActiveFilters(events.filters)).toBe(2);
    // The default radius, a radius not offered, and a place without its position.
    const plain = "ou=Lescar&lat=43.33250&lon=-0.43530&category=EVENT";
    expect(parseListState(new URLSearchParams(`${plain}&rayon=7`), "news").filters.eventNear?.radiusKm).toBe(10);
    expect(serialiseListState(parseListState(new URLSearchParams(plain), "news"), "news").toString()).toBe(plain);
    expect(parseListState(new URLSearchParams("category=EVENT&ou=Lescar"), "news").filters.eventNear).toBeNull();
  });

  it("keeps the place with the event category only, and never on other lists", () => {
    const place = "ou=Lescar&lat=43.33250&lon=-0.43530";
    expect(parseListState(new URLSearchParams(place), "news").filters.eventNear).toBeNull();
    expect(parseListState(new URLSearchParams(`category=NEW&${place}`), "news").filters.eventNear).toBeNull();
    expect(parseListState(new URLSearchParams(place), "resources").filters.eventNear).toBeNull();
    // On the services list it is the list's own place, not an events filter.
    const services = parseListState(new URLSearchParams(place), "services");
    expect(services.filters.eventNear).toBeNull();
    expect(services.place).toMatchObject({ label: "Lescar", radiusKm: 10 });
    const news: ListState = {
      text: "",
      page: 1,
      filters: { ...EMPTY_FILTERS, category: "NEW", eventNear: { label: "Pau", lat: 43.3, lon: -0.37, radiusKm: 5 } },
    };
    expect(serialiseListState(news, "news").toString()).toBe("category=NEW");
  });
});

describe("serialiseListState", () => {
  const state: ListState = {
    text: " creche ",
    page: 2,
    filters: {
      ...EMPTY_FILTERS,
      ages: ["PETITE_ENFANCE", "ENFANCE"],
      epci: ["CA Pau Béarn Pyrénées"],
      towns: ["Lescar"],
    },
  };

  it("writes text, filters and page in a stable order, leaving empty values out", () => {
    expect(serialiseListState(state, "news").toString()).toBe(
      "q=creche&ages=PETITE_ENFANCE%2CENFANCE&epci=CA+Pau+B%C3%A9arn+Pyr%C3%A9n%C3%A9es&towns=Lescar&page=2",
    );
  });

  it("leaves page 1 and an empty state out", () => {
    expect(serialiseListState({ text: "", page: 1, filters: EMPTY_FILTERS }, "news").toString()).toBe("");
  });

  it("round-trips through parseListState", () => {
    const full: ListState = {
      text: "café des parents",
      page: 3,
      filters: {
        ...EMPTY_FILTERS,
        ages: ["DEVENIR"],
        thematics: ["HOUSING", "DISABILITY"],
        networks: ["EAJE"],
        epci: ["CC du Haut Béarn"],
        towns: ["Oloron-Sainte-Marie", "Pau"],
        category: "EVENT",
        eventFrom: "2027-05-01",
        eventTo: "2027-05-31",
        eventPlace: "Salle des fêtes",
      },
    };
    expect(parseListState(serialiseListState(full, "news"), "news")).toEqual(full);
    const services: ListState = {
      text: "",
      page: 1,
      filters: { ...EMPTY_FILTERS, types: ["LAEP", "CRECHE"] },
      place: { label: "Autour de moi", lat: 43.29, lon: -0.37, radiusKm: 5 },
    };
    expect(parseListState(serialiseListState(services, "services"), "services")).toEqual(services);
  });

  it("writes only what the mode offers", () => {
    const mixed: ListState = {
      text: "",
      page: 1,
      filters: {
        ...EMPTY_FILTERS,
        thematics: ["HOUSING"],
        types: ["CRECHE"],
        category: "NEW",
        eventFrom: "2027-05-01",
      },
    };
    expect(serialiseListState(mixed, "services").toString()).toBe("types=CRECHE");
    expect(serialiseListState(mixed, "resources").toString()).toBe("thematics=HOUSING");
    expect(serialiseListState(mixed, "news").toString()).toBe("category=NEW&thematics=HOUSING");
  });
});

describe("countActiveFilters", () => {
  it("counts each chosen value", () => {
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
    expect(
      countActiveFilters({
        ...EMPTY_FILTERS,
        ages: ["ENFANCE", "DEVENIR"],
        epci: ["CC du Haut Béarn"],
        category: "EVENT",
        eventFrom: "2027-05-01",
        eventPlace: " ",
      }),
    ).toBe(5);
  });

  it("counts a period once, with a start, an end or both", () => {
    const period: ListFilters = { ...EMPTY_FILTERS, category: "EVENT" };
    expect(countActiveFilters({ ...period, eventFrom: "2027-05-01", eventTo: "2027-05-31" })).toBe(2);
    expect(countActiveFilters({ ...period, eventTo: "2027-05-31" })).toBe(2);
  });
});
