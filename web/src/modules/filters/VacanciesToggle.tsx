import { Button } from "@chakra-ui/react";
import { isChildCare } from "../../../../api/src/shared/child-care";
import { useHydrated } from "../../ui/useHydrated";
import { type ListStateControls } from "./useListState";
import { VACANCIES_LABEL } from "./active-filters";

/**
 * « Avec des places disponibles » above the services' results when the list is about child care
 * (a child care type chosen, as « Faire garder mon enfant » does) or the filter is on: one tap
 * instead of three in the drawer. A toggle of the same filter as the panel's checkbox and its
 * chip (`?places=disponibles`); until the page is live a tap would be lost, so it waits.
 */
export default function VacanciesToggle({ list }: { list: ListStateControls }) {
  const live = useHydrated();
  const { filters } = list.state;
  const on = filters.vacancies;
  if (!on && !isChildCare(filters.types)) return null;
  return (
    <Button
      alignSelf="flex-start"
      size="sm"
      borderRadius="full"
      colorPalette="brand"
      variant={on ? "solid" : "outline"}
      aria-pressed={on}
      disabled={!live}
      onClick={() => list.applyFilters({ ...filters, vacancies: !on })}
    >
      {VACANCIES_LABEL}
    </Button>
  );
}
