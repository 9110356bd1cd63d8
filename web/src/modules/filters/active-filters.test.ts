import { describe, expect, it } from "vitest";
import { activeFilters, periodLabel } from "./active-filters";
import { countActiveFilters, EMPTY_FILTERS, type ListFilters } from "./url-state";
import { type FilterOptions } from "./useFilterOptions";

const options: FilterOptions = {
  ages: [{ value: "PETITE_ENFANCE", label: "0-3 ans" }],
  thematics: [{ value: "HOUSING", label: "Logement" }],
  networks: [{ value: "RPE", label: "RPE" }],
  serviceTypes: [
    { value: "CRECHE", label: "Crèche" },
    { value: "MICRO_CRECHE", label: "Micro-crèche" },
  ],
  categoryLabel: (category) => (category === "EVENT" ? "Actualité : évènement" : ""),
};

const filters = (patch: Partial<ListFilters>): ListFilters => ({ ...EMPTY_FILTERS, ...patch });

describe("the chips of the active filters", () => {
  it("shows each filter the count on « Filtres » counts, in the panel's order, named by what removing does", () => {
    const applied = filters({
      ages: ["PETITE_ENFANCE"],
      types: ["CRECHE", "MICRO_CRECHE"],
      open: ["samedi"],
      vacancies: true,
      epci: ["CA Pau Béarn Pyrénées"],
      towns: ["Lescar"],
    });
    const chips = activeFilters(applied, options);
    expect(chips.map((chip) => [chip.label, chip.removeLabel])).toEqual([
      ["0-3 ans", "Retirer le filtre 0-3 ans"],
      ["Crèche", "Retirer le filtre Crèche"],
      ["Micro-crèche", "Retirer le filtre Micro-crèche"],
      ["Ouvert le samedi", "Retirer le filtre Ouvert le samedi"],
      ["Avec des places disponibles", "Retirer le filtre Avec des places disponibles"],
      ["CA Pau Béarn Pyrénées", "Retirer CA Pau Béarn Pyrénées de la recherche"],
      ["Lescar", "Retirer Lescar de la recherche"],
    ]);
    expect(chips).toHaveLength(countActiveFilters(applied));
    const vacancies = chips.find((chip) => chip.key === "vacancies")!;
    expect(vacancies.without(applied)).toEqual({ ...applied, vacancies: false });
  });

  it("removes only its own value", () => {
    const applied = filters({ types: ["CRECHE", "MICRO_CRECHE"], towns: ["Lescar", "Pau"] });
    const chips = activeFilters(applied, options);
    expect(chips.find((chip) => chip.label === "Crèche")!.without(applied)).toEqual(
      filters({ types: ["MICRO_CRECHE"], towns: ["Lescar", "Pau"] }),
    );
    expect(chips.find((chip) => chip.label === "Pau")!.without(applied)).toEqual(
      filters({ types: ["CRECHE", "MICRO_CRECHE"], towns: ["Lescar"] }),
    );
  });

  it("shows an event's period and place as one chip each, and the category", () => {
    const applied = filters({
      category: "EVENT",
      eventFrom: "2027-03-02",
      eventTo: "2027-03-05",
      eventPlace: "Médiathèque",
      thematics: ["HOUSING"],
    });
    const chips = activeFilters(applied, options);
    expect(chips.map((chip) => chip.label)).toEqual([
      "Logement",
      "Actualité : évènement",
      "Du 02/03/2027 au 05/03/2027",
      "Lieu : Médiathèque",
    ]);
    expect(chips).toHaveLength(countActiveFilters(applied));
    expect(chips[2].without(applied)).toEqual({ ...applied, eventFrom: null, eventTo: null });
  });

  it("shows the place events are searched around, and removes it alone", () => {
    const applied = filters({
      category: "EVENT",
      eventNear: { label: "Lescar", lat: 43.3325, lon: -0.4353, radiusKm: 20 },
    });
    const chips = activeFilters(applied, options);
    expect(chips.map((chip) => [chip.label, chip.removeLabel])).toEqual([
      ["Actualité : évènement", "Retirer le filtre Actualité : évènement"],
      ["Où : Lescar (20 km)", "Retirer le filtre Où : Lescar (20 km)"],
    ]);
    expect(chips).toHaveLength(countActiveFilters(applied));
    expect(chips[1].without(applied)).toEqual(filters({ category: "EVENT" }));
  });

  it("leaves out networks the viewer may not filter on", () => {
    expect(activeFilters(filters({ networks: ["RPE", "PDN"] }), options).map((chip) => chip.label)).toEqual(["RPE"]);
  });

  it("words a period of one day, or open at one end", () => {
    expect(periodLabel("2027-03-02", "2027-03-02")).toBe("Le 02/03/2027");
    expect(periodLabel("2027-03-02", null)).toBe("À partir du 02/03/2027");
    expect(periodLabel(null, "2027-03-05")).toBe("Jusqu'au 05/03/2027");
    expect(periodLabel(null, null)).toBeNull();
  });
});
