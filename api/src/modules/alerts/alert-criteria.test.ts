import { describe, expect, it } from "vitest";
import { Age, Category, Network, ServiceType, Thematic } from "../reference/reference.data";
import { alertLabel, alertListPath, criteriaOf, hasSearch, LABEL_MAX, searchInputOf } from "./alert-criteria";
import { AlertList } from "./alert.entity";

const LESCAR = { lat: 43.3333, lon: -0.4333, radiusKm: 10 };
const ORTHEZ = { lat: 43.4883, lon: -0.7719, radiusKm: 20 };

describe("the label of an alert", () => {
  it("names service types in the plural, places available and the place around", () => {
    expect(
      alertLabel(AlertList.SERVICES, { types: [ServiceType.CRECHE], withVacancies: true, near: LESCAR }, "Lescar"),
    ).toBe("Crèches avec places · 10 km autour de Lescar");
  });

  it("names events, their words and the place with an elision", () => {
    expect(alertLabel(AlertList.EVENTS, { textQuery: "atelier portage", near: ORTHEZ }, "Orthez")).toBe(
      "Évènements · Atelier portage · 20 km autour d'Orthez",
    );
  });

  it("reads themes, ages, networks, towns and the period with the reference labels", () => {
    expect(
      alertLabel(AlertList.EVENTS, {
        thematics: [Thematic.HOUSING],
        ages: [Age.PETITE_ENFANCE, Age.ENFANCE],
        networks: [Network.RPE],
        locations: ["Pau", "Lescar"],
        eventFrom: "2027-02-28T23:00:00.000Z",
        eventTo: "2027-03-31T21:59:59.999Z",
      }),
    ).toBe("Évènements · Logement, habitat · 0-3 ans, 4-12 ans · RPE · du 01/03/2027 au 31/03/2027 · Pau, Lescar");
  });

  it("names the lists, news alone, Saturdays and a place without its name", () => {
    expect(alertLabel(AlertList.RESOURCES, { ages: [Age.ADOLESCENCE] })).toBe("Ressources · 13-17 ans");
    expect(alertLabel(AlertList.NEWS, { categories: [Category.NEW], textQuery: "vaccins" })).toBe(
      "Actualités (hors évènements) · Vaccins",
    );
    expect(alertLabel(AlertList.SERVICES, { openOn: ["SATURDAY"], near: { ...LESCAR, radiusKm: 2.5 } })).toBe(
      "Services · ouvert le samedi · 2,5 km autour du lieu choisi",
    );
  });

  it("is cut to the column's length", () => {
    const label = alertLabel(AlertList.NEWS, { textQuery: "mot ".repeat(100) });
    expect(label.length).toBe(LABEL_MAX);
    expect(label.endsWith("…")).toBe(true);
  });
});

describe("the criteria an alert keeps", () => {
  it("are the list's search without page, viewer, moment or empty values; events get their category", () => {
    const criteria = criteriaOf(
      AlertList.EVENTS,
      {
        textQuery: " portage ",
        categories: [Category.RESOURCE],
        ages: [],
        eventPlace: "",
        eventFrom: new Date("2027-03-01T00:00:00Z"),
        near: ORTHEZ,
        ...{ page: 3, pageSize: 15, mine: true, eventTiming: "PAST" },
      },
      null,
    );
    expect(criteria).toEqual({
      textQuery: "portage",
      categories: [Category.EVENT],
      eventFrom: "2027-03-01T00:00:00.000Z",
      near: ORTHEZ,
    });
    expect(
      criteriaOf(AlertList.SERVICES, null, { withVacancies: true, ...{ openNow: true, openAt: new Date() } }),
    ).toEqual({ withVacancies: true });
    expect(criteriaOf(AlertList.SERVICES, { textQuery: "x" }, null)).toBeNull();
    expect(criteriaOf(AlertList.RESOURCES, { categories: [Category.NEW] }, null)).toEqual({
      categories: [Category.RESOURCE],
    });
  });

  it("must narrow the list: categories alone, or nothing, are no search", () => {
    expect(hasSearch({ categories: [Category.NEW, Category.EVENT] })).toBe(false);
    expect(hasSearch({ textQuery: "  " })).toBe(false);
    expect(hasSearch({ withVacancies: false })).toBe(false);
    for (const criteria of [
      { textQuery: "crèche" },
      { near: LESCAR },
      { ages: [Age.ENFANCE] },
      { thematics: [Thematic.HOUSING] },
      { types: [ServiceType.CRECHE] },
      { networks: [Network.RPE] },
      { withVacancies: true },
      { eventTo: "2027-03-01T00:00:00.000Z" },
      { locations: ["Pau"] },
    ])
      expect(hasSearch(criteria)).toBe(true);
  });

  it("run as the list runs them, events still to come", () => {
    const events = searchInputOf(AlertList.EVENTS, { eventFrom: "2027-03-01T00:00:00.000Z", near: ORTHEZ }, 1);
    expect(events.media).toMatchObject({
      categories: [Category.EVENT],
      eventFrom: new Date("2027-03-01T00:00:00.000Z"),
      eventTiming: "UPCOMING",
      near: ORTHEZ,
      page: 0,
      pageSize: 1,
    });
    expect(searchInputOf(AlertList.SERVICES, { types: [ServiceType.CRECHE] }, 1).services).toEqual({
      types: [ServiceType.CRECHE],
      page: 0,
      pageSize: 1,
    });
  });
});

describe("the list's URL of an alert", () => {
  it("writes the names the web's URL state reads", () => {
    const criteria = { types: [ServiceType.CRECHE], withVacancies: true, near: LESCAR, openOn: ["SATURDAY"] };
    const path = alertListPath(AlertList.SERVICES, criteria, "Lescar");
    expect(path).toBe("/services?ou=Lescar&lat=43.33330&lon=-0.43330&types=CRECHE&ouvert=samedi&places=disponibles");
  });

  it("opens the events with their category, period, words and place", () => {
    const path = alertListPath(
      AlertList.EVENTS,
      { textQuery: "portage", eventFrom: "2027-02-28T23:00:00.000Z", near: ORTHEZ, ages: [Age.ENFANCE] },
      "Orthez",
    );
    // The web's URL state (web/src/modules/filters/url-state.ts) reads these names.
    expect(path).toBe(
      "/actualites?ou=Orthez&lat=43.48830&lon=-0.77190&rayon=20&q=portage&category=EVENT&ages=ENFANCE&from=2027-03-01",
    );
    expect(alertListPath(AlertList.RESOURCES, { thematics: [Thematic.HOUSING] })).toBe("/ressources?thematics=HOUSING");
  });
});
