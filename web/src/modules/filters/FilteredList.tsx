import { Badge, Box, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import type { SearchSuggestion } from "./widen";
import { frenchNumber } from "../../rules";
import { ErrorState, useLoadFailed } from "../../ui/ErrorState";
import { Pagination, RESULTS_START } from "../../ui/Pagination";
import { ResultsGrid } from "../../ui/ResultsGrid";
import { LiveButton } from "../../ui/LiveButton";
import { useIdleImport } from "../../ui/useIdleImport";
import { useMediaQuery, WIDE_SCREEN } from "../../ui/useMediaQuery";
import { SearchBox } from "./SearchBox";
import { countActiveFilters, type ListMode, serialiseListState } from "./url-state";
import { useFilterOptions } from "./useFilterOptions";
import { type ListStateControls } from "./useListState";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";
import { type AlertSearch, isFollowable } from "../alerts/alert-search";

// The panel's code loads when it is shown: beside the results on wide screens, in a
// drawer on phones once 'Filtres' is pressed. The first paint does not wait for it.
const FilterSidebar = lazyLoad(() => import("./FilterSidebar"));
const FilterDrawer = lazyLoad(() => import("./FilterDrawer"));
// The filters applied, as chips, when there are some.
const FilterChips = lazyLoad(() => import("./FilterChips"));
// « Me prévenir », once a search narrows the list: the button comes apart from the list's code
// (the server renders it), its dialog on the first tap.
const AlertButton = lazyLoad(() => import("../alerts/AlertButton"));
// What a list without a card says (past its end, or nothing found): warmed once the page is idle.
const loadNoResults = () => import("./NoResults");
const NoResults = lazyLoad(loadNoResults);
// What a text made of no searched word (« le la les ») shows: rare, so with the empty state's code.
const IgnoredQuery = lazyLoad(() => loadNoResults().then((module) => ({ default: module.IgnoredQuery })));

interface FilteredListProps {
  mode: ListMode;
  title: string;
  /** Beside the title (the news list's 'Écrire un nouvel article'). */
  action?: ReactNode;
  list: ListStateControls;
  /** `shown`: the cards of this page (none past the last page). */
  results: {
    count: number;
    /** The count is a minimum: a very wide search is not counted to the end. */
    countIsMinimum?: boolean;
    shown: number;
    loading: boolean;
    error: boolean;
    onRetry: () => void;
    /** The text, when none of its words was searched: the list says it shows everything. */
    ignoredQuery?: string | null;
    /** « Vouliez-vous dire … ? », for a search that found nothing. */
    suggestion?: SearchSuggestion | null;
    /** Events of a period that holds none: when the next one starts. */
    nextEventFrom?: string | null;
  };
  children: ReactNode;
  /** The search the list runs, offered to follow by e-mail (« Me prévenir ») once it narrows the list. */
  alert?: AlertSearch;
  /** Above the search row (the services list's « Où ? »). */
  before?: ReactNode;
  /** The grid's columns, when the list's own differ (the services' list beside its map). */
  gridColumns?: Record<string, string>;
  /** The height of a card, for the placeholders shown while loading. */
  placeholderHeight?: Record<string, string>;
  /**
   * Places the count line, the results (cards, empty or error state) and their pagination in a
   * larger view (the services' map, which shows the pagination under the list only: the map is
   * not paged; its « Liste / Carte » switch shares the count's line).
   */
  wrapResults?: (results: ReactNode, hasResults: boolean, pagination: ReactNode, countLine: ReactNode) => ReactNode;
}

/**
 * A list page: the filter panel (side panel from `md`, a drawer below), the search box,
 * the chosen places, the count, the grid or the empty state, and the pagination.
 */
export function FilteredList({
  mode,
  title,
  action,
  list,
  results,
  children,
  alert,
  before,
  gridColumns,
  placeholderHeight,
  wrapResults = (content, _hasResults, pagination, countLine) => (
    <>
      {countLine}
      {content}
      {pagination}
    </>
  ),
}: FilteredListProps) {
  const { state } = list;
  const searchId = useId();
  const options = useFilterOptions(mode);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useIdleImport(loadNoResults);
  const drawerTrigger = useRef<HTMLButtonElement>(null);

  const panel = { mode, filters: state.filters, onApply: list.applyFilters };
  // Networks the viewer may not filter on (a shared URL) are not applied: not counted or shown either.
  const applied = useMemo(
    () => ({
      ...state.filters,
      networks: state.filters.networks.filter((n) => options.networks.some((o) => o.value === n)),
    }),
    [state.filters, options.networks],
  );
  const activeCount = countActiveFilters(applied);
  // Once shown, the chips stay mounted: removing the last one moves the focus to the search box.
  const [chipsShown, setChipsShown] = useState(activeCount > 0);
  if (activeCount > 0 && !chipsShown) setChipsShown(true);

  const { count, countIsMinimum, shown, loading, error, onRetry, ignoredQuery, suggestion, nextEventFrom } = results;
  const failed = useLoadFailed(error && !loading, loading);
  // The same elements while nothing changes: the re-render that follows hydration must not render
  // what the server rendered from a lazy module again before its code has arrived (it would flash
  // away): the filters' chips, the empty state.
  const chips = useMemo(
    () => (
      <LazyPart>
        <FilterChips
          filters={applied}
          options={options}
          onEmptied={() => document.getElementById(searchId)?.focus()}
          onApply={list.applyFilters}
        />
      </LazyPart>
    ),
    [applied, options, searchId, list],
  );
  const noResults = useMemo(
    () => (
      <LazyPart>
        <NoResults
          state={state}
          count={count}
          countIsMinimum={countIsMinimum}
          mode={mode}
          suggestion={suggestion}
          nextEventFrom={nextEventFrom}
        />
      </LazyPart>
    ),
    [state, count, countIsMinimum, mode, suggestion, nextEventFrom],
  );
  return (
    <Stack gap="6">
      <Flex gap="4" align="center" justify="space-between" wrap="wrap">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {action}
      </Flex>
      <Flex gap="8" align="flex-start">
        {/* The column is there from the first paint, so the panel fills it without moving the results. */}
        <Box display={{ base: "none", md: "block" }} width={{ md: "64", lg: "72" }} flexShrink={0}>
          {wide && (
            <LazyPart>
              <FilterSidebar {...panel} />
            </LazyPart>
          )}
        </Box>
        <Stack gap="4" flex="1" minW="0">
          {before}
          <Flex gap="3" align="flex-end">
            <LiveButton
              ref={drawerTrigger}
              display={{ base: "inline-flex", md: "none" }}
              variant="outline"
              colorPalette="brand"
              flexShrink={0}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              Filtres
              {activeCount > 0 && (
                <Badge colorPalette="brand" variant="solid" borderRadius="full">
                  {activeCount}
                  <Box as="span" srOnly>
                    {activeCount > 1 ? " filtres actifs" : " filtre actif"}
                  </Box>
                </Badge>
              )}
            </LiveButton>
            {!wide && drawerOpen && (
              <LazyPart>
                <FilterDrawer {...panel} open={drawerOpen} onOpenChange={setDrawerOpen} trigger={drawerTrigger} />
              </LazyPart>
            )}
            <SearchBox value={state.text} onSearch={list.setText} inputId={searchId} />
          </Flex>
          {chipsShown && chips}
          {wrapResults(
            failed ? (
              <ErrorState onRetry={onRetry} retrying={loading} />
            ) : !loading && shown === 0 ? (
              noResults
            ) : (
              <ResultsGrid loading={loading} columns={gridColumns} placeholderHeight={placeholderHeight}>
                {children}
              </ResultsGrid>
            ),
            !error && !loading && shown > 0,
            <>
              <Pagination
                count={error ? 0 : count}
                countIsMinimum={countIsMinimum ?? false}
                page={state.page}
                hrefFor={(page) => `?${serialiseListState({ ...state, page }, mode).toString()}`}
              />
              {/* After the results (or the empty state): the first card stays on a phone's first screen. */}
              {alert && isFollowable(alert) && (
                <LazyPart>
                  <AlertButton mode={mode} state={{ ...state, filters: applied }} search={alert} />
                </LazyPart>
              )}
            </>,
            <Text id={RESULTS_START} tabIndex={-1} color="gray.700" aria-live="polite" minH="6">
              {/* Where the focus goes after a search: it always says something, nothing found included. */}
              {loading
                ? LOADING_RESULTS
                : !error && (shown > 0 ? resultLine(count, countIsMinimum ?? false, state.page) : "Aucun résultat")}
              {/* « le la les »: read with the count, where the focus goes after the search. */}
              {!loading && !error && ignoredQuery && (
                <LazyPart>
                  <IgnoredQuery text={ignoredQuery} />
                </LazyPart>
              )}
            </Text>,
          )}
        </Stack>
      </Flex>
    </Stack>
  );
}

/** What the count's line says (and a screen reader hears, where the focus goes) while a page loads. */
export const LOADING_RESULTS = "Chargement des résultats…";

/** The count, and past the first page which page this is: « Plus de 1 000 résultats · page 2 ». */
export function resultLine(count: number, isMinimum: boolean, page: number): string {
  const counted = resultCount(count, isMinimum);
  return page > 1 ? `${counted} · page ${page}` : counted;
}

/** « 12 résultats », « 1 résultat », « Plus de 1 000 résultats » (French digit grouping). */
export function resultCount(count: number, isMinimum: boolean): string {
  const figure = frenchNumber(count);
  if (isMinimum) return `Plus de ${figure} résultats`;
  return `${figure} résultat${count > 1 ? "s" : ""}`;
}
