import { Box, Flex, Heading, Stack, Text, useBreakpointValue } from "@chakra-ui/react";
import { ReactNode, useId, useState } from "react";
import { EmptyState } from "../../ui/EmptyState";
import { Pagination } from "../../ui/Pagination";
import { ResultsGrid } from "../../ui/ResultsGrid";
import { DraftErrors, draftFromFilters, FilterDraft, filtersFromDraft } from "./draft";
import { FilterDrawer, FilterSidebar } from "./FilterPanel";
import { LocationChips } from "./LocationChips";
import { SearchBox } from "./SearchBox";
import { countActiveFilters, EMPTY_FILTERS, ListMode, serialiseListState } from "./url-state";
import { useFilterOptions } from "./useFilterOptions";
import { ListStateControls } from "./useListState";

interface FilteredListProps {
  mode: ListMode;
  title: string;
  /** Beside the title (the news list's 'Écrire un nouvel article'). */
  action?: ReactNode;
  list: ListStateControls;
  /** `shown`: the cards of this page (none past the last page). */
  results: { count: number; shown: number; loading: boolean; error: boolean };
  children: ReactNode;
}

/**
 * A list page: the filter panel (side panel from `md`, a drawer below), the search box,
 * the chosen places, the count, the grid or the empty state, and the pagination.
 */
export function FilteredList({ mode, title, action, list, results, children }: FilteredListProps) {
  const { state } = list;
  const searchId = useId();
  const options = useFilterOptions(mode);
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;

  // The panel edits a draft; 'Rechercher' applies it. A change of the applied filters
  // (a chip removed, the back button) starts the draft again from them.
  const appliedKey = serialiseListState({ text: "", page: 1, filters: state.filters }, mode).toString();
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(state.filters));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [draftOf, setDraftOf] = useState(appliedKey);
  if (draftOf !== appliedKey) {
    setDraftOf(appliedKey);
    setDraft(draftFromFilters(state.filters));
    setErrors({});
  }

  const panel = {
    mode,
    draft,
    errors,
    onChange: (patch: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...patch })),
    onApply: () => {
      const outcome = filtersFromDraft(draft, mode);
      setErrors(outcome.errors ?? {});
      if (outcome.filters) list.applyFilters(outcome.filters);
      return outcome.filters !== null;
    },
    onReset: () => {
      setDraft(draftFromFilters(EMPTY_FILTERS));
      setErrors({});
      list.applyFilters(EMPTY_FILTERS);
    },
  };

  const { count, shown, loading, error } = results;
  const empty = !loading && (error || shown === 0);

  return (
    <Stack gap="6">
      <Flex gap="4" align="center" justify="space-between" wrap="wrap">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {action}
      </Flex>
      <Flex gap="8" align="flex-start">
        {wide && (
          <Box width={{ md: "64", lg: "72" }} flexShrink={0}>
            <FilterSidebar {...panel} />
          </Box>
        )}
        <Stack gap="4" flex="1" minW="0">
          <Flex gap="3" align="flex-end">
            {!wide && (
              <FilterDrawer
                {...panel}
                // Networks the viewer may not filter on (a shared URL) are not applied: not counted either.
                activeCount={countActiveFilters({
                  ...state.filters,
                  networks: state.filters.networks.filter((n) => options.networks.some((o) => o.value === n)),
                })}
                onOpen={() => {
                  setDraft(draftFromFilters(state.filters));
                  setErrors({});
                }}
              />
            )}
            <SearchBox value={state.text} onSearch={list.setText} inputId={searchId} />
          </Flex>
          <LocationChips
            epci={state.filters.epci}
            towns={state.filters.towns}
            onEmptied={() => document.getElementById(searchId)?.focus()}
            onRemove={({ epci, town }) =>
              list.applyFilters({
                ...state.filters,
                epci: state.filters.epci.filter((name) => name !== epci),
                towns: state.filters.towns.filter((name) => name !== town),
              })
            }
          />
          <Text color="gray.700" aria-live="polite" minH="6">
            {!loading && !error && count > 0 ? `${count} résultat${count > 1 ? "s" : ""}` : ""}
          </Text>
          {empty ? <EmptyState /> : <ResultsGrid loading={loading}>{children}</ResultsGrid>}
          <Pagination count={error ? 0 : count} page={state.page} onChange={list.setPage} />
        </Stack>
      </Flex>
    </Stack>
  );
}
