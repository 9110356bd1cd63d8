import { describe, expect, it } from "vitest";
import { INVALID_EMAIL_MESSAGE, REQUIRED } from "../../form-rules";
import { EMPTY_FILTERS, type ListFilters, type ListState } from "../filters/url-state";
import { type FilterOptions } from "../filters/useFilterOptions";
import { alertErrors, describeSearch } from "./alert-form";

const options: FilterOptions = {
  ages: [{ value: "PETITE_ENFANCE", label: "0-3 ans" }],
  thematics: [{ value: "HOUSING", label: "Logement" }],
  networks: [],
  serviceTypes: [{ value: "CRECHE", label: "Crèche" }],
  categoryLabel: (category) => (category === "EVENT" ? "Actualité : évènement" : ""),
};
const state = (patch: Partial<ListState> = {}, filters: Partial<ListFilters> = {}): ListState => ({
  text: "",
  page: 1,
  filters: { ...EMPTY_FILTERS, ...filters },
  place: null,
  ...patch,
});

describe("what « Me prévenir » says it follows", () => {
  it("names the list, the words, the place and its radius, then the chips", () => {
    const search = state(
      { text: " crèche ", place: { label: "Lescar", lat: 43.3, lon: -0.4, radiusKm: 10 } },
      { types: ["CRECHE"], vacancies: true, ages: ["PETITE_ENFANCE"] },
    );
    expect(describeSearch("SERVICES", search, options)).toBe(
      "Lieux, offres de partenaires · « crèche » · 10 km autour de Lescar · 0-3 ans · Crèche · Avec des places disponibles",
    );
  });

  it("leaves out what is the list itself or is not followed (category, « Ouvert maintenant »)", () => {
    const search = state({}, { category: "EVENT", open: ["maintenant", "samedi"], eventFrom: "2027-03-01" });
    expect(describeSearch("EVENTS", search, options)).toBe("Évènements · Ouvert le samedi · À partir du 01/03/2027");
  });
});

describe("the address of « Me prévenir »", () => {
  it("is required and checked with the server's messages", () => {
    expect(alertErrors({ email: " ", rhythm: "DAILY" })).toEqual({ email: REQUIRED.email });
    expect(alertErrors({ email: "parent@", rhythm: "DAILY" })).toEqual({ email: INVALID_EMAIL_MESSAGE });
    expect(alertErrors({ email: " parent@example.fr ", rhythm: "WEEKLY" })).toEqual({});
  });
});
