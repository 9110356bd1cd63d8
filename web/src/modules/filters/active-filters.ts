import { formatIsoDay } from "../../rules";
import { type FilterOptions } from "./useFilterOptions";
import { type ListFilters, type OpenFilter } from "./url-state";

/** How the filters panel and the chips name the opening filters (both loaded apart from the list). */
export const OPEN_LABELS: Record<OpenFilter, string> = {
  maintenant: "Ouvert maintenant",
  samedi: "Ouvert le samedi",
};

/** How the filters panel and the chips name « places available » (child care). */
export const VACANCIES_LABEL = "Avec des places disponibles";

/** One applied filter, as a chip above the results: what it shows, and the filters without it. */
export interface ActiveFilter {
  key: string;
  label: string;
  /** The name of its button, which starts with what it does and holds what it shows. */
  removeLabel: string;
  /** Places (blue: intercommunalités, green: towns) keep the colours of their picker. */
  palette: "brand" | "blue" | "green";
  without: (filters: ListFilters) => ListFilters;
}

type ValueList = "ages" | "thematics" | "networks" | "types" | "open";

const criterion = (key: string, label: string, without: ActiveFilter["without"]): ActiveFilter => ({
  key,
  label,
  removeLabel: `Retirer le filtre ${label}`,
  palette: "brand",
  without,
});

/** « Du 02/03/2027 au 05/03/2027 », « À partir du … », « Jusqu'au … », « Le … » for one day. */
export function periodLabel(from: string | null, to: string | null): string | null {
  if (from && to) return from === to ? `Le ${formatIsoDay(from)}` : `Du ${formatIsoDay(from)} au ${formatIsoDay(to)}`;
  if (from) return `À partir du ${formatIsoDay(from)}`;
  if (to) return `Jusqu'au ${formatIsoDay(to)}`;
  return null;
}

/**
 * The filters a list applies, in the order of its filters panel, each one a chip: the same
 * filters as the count on « Filtres » (countActiveFilters). Networks the viewer may not filter
 * on (a shared link) are not applied, so not shown; a value without a label (the labels not
 * loaded) shows as it is written in the address.
 */
export function activeFilters(filters: ListFilters, options: FilterOptions): ActiveFilter[] {
  const labelled = <V extends string>(field: ValueList, values: V[], label: (value: V) => string | undefined) =>
    values.flatMap((value) => {
      const shown = label(value);
      if (shown === undefined && field === "networks") return [];
      return [
        criterion(`${field}:${value}`, shown ?? value, (current) => ({
          ...current,
          [field]: (current[field] as string[]).filter((kept) => kept !== value),
        })),
      ];
    });
  const labelOf =
    <V extends string>(list: Array<{ value: V; label: string }>) =>
    (value: V) =>
      list.find((option) => option.value === value)?.label;

  const chips: ActiveFilter[] = [
    ...labelled("ages", filters.ages, labelOf(options.ages)),
    ...labelled("types", filters.types, labelOf(options.serviceTypes)),
    ...labelled("thematics", filters.thematics, labelOf(options.thematics)),
    ...labelled("open", filters.open, (value) => OPEN_LABELS[value]),
    ...(filters.vacancies
      ? [criterion("vacancies", VACANCIES_LABEL, (current) => ({ ...current, vacancies: false }))]
      : []),
    ...labelled("networks", filters.networks, labelOf(options.networks)),
    ...filters.epci.map((name) => ({
      key: `epci:${name}`,
      label: name,
      removeLabel: `Retirer ${name} de la recherche`,
      palette: "blue" as const,
      without: (current: ListFilters) => ({ ...current, epci: current.epci.filter((kept) => kept !== name) }),
    })),
    ...filters.towns.map((name) => ({
      key: `town:${name}`,
      label: name,
      removeLabel: `Retirer ${name} de la recherche`,
      palette: "green" as const,
      without: (current: ListFilters) => ({ ...current, towns: current.towns.filter((kept) => kept !== name) }),
    })),
  ];
  if (filters.category) {
    const label = options.categoryLabel(filters.category) || filters.category;
    chips.push(criterion(`category:${filters.category}`, label, (current) => ({ ...current, category: null })));
  }
  const period = periodLabel(filters.eventFrom, filters.eventTo);
  if (period) {
    chips.push(criterion("period", period, (current) => ({ ...current, eventFrom: null, eventTo: null })));
  }
  const near = filters.eventNear;
  if (near) {
    chips.push({
      ...criterion("near", `Où : ${near.label} (${near.radiusKm} km)`, (current) => ({ ...current, eventNear: null })),
      palette: "green",
    });
  }
  const place = filters.eventPlace.trim();
  if (place) chips.push(criterion("place", `Lieu : ${place}`, (current) => ({ ...current, eventPlace: "" })));
  return chips;
}
