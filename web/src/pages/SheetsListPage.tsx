import { useMemo } from "react";
import { useServiceSearchQuery } from "../generated/sheets";
import { FilteredList } from "../modules/filters/FilteredList";
import { toServiceSearchInput } from "../modules/filters/search-input";
import { useListState } from "../modules/filters/useListState";
import { lazyLoad } from "../ui/lazy-load";
import { LazyPart } from "../ui/LazyPart";
import { PlaceField } from "../modules/geo/PlaceField";
import { SheetCard } from "../modules/sheets/SheetCard";
import { SheetResults } from "../modules/sheets/SheetResults";
import { usePageTitle } from "../ui/usePageTitle";
import { aroundVariables } from "../modules/filters/search-input";

// « Avec des places disponibles » when the list is about child care: its code (and the child care
// types) loads apart from the list's, the server renders it.
const VacanciesToggle = lazyLoad(() => import("../modules/filters/VacanciesToggle"));

const TITLE = "Lieux, offres de partenaires";

export default function SheetsListPage() {
  usePageTitle(TITLE);
  const list = useListState("services");
  const input = toServiceSearchInput(list.state);
  const place = list.state.place ?? null;
  // Distances are fields with the place as argument: the cache keeps them per place.
  const around = aroundVariables(place);
  const { data, loading, error, refetch } = useServiceSearchQuery({ variables: { input, ...around } });
  const results = data?.services.results ?? [];
  // One object while the place's point stays the same: the map's effects depend on it.
  const lat = place?.lat;
  const lon = place?.lon;
  const centre = useMemo(() => (lat !== undefined && lon !== undefined ? { lat, lon } : null), [lat, lon]);

  return (
    <FilteredList
      mode="services"
      title={TITLE}
      list={list}
      alert={{ services: input }}
      before={
        <>
          <PlaceField place={place} onChange={list.setPlace} />
          <LazyPart>
            <VacanciesToggle list={list} />
          </LazyPart>
        </>
      }
      gridColumns={{ base: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(auto-fill, minmax(17rem, 1fr))" }}
      wrapResults={(content, hasResults, pagination, countLine) => (
        <SheetResults
          countLine={countLine}
          list={content}
          pagination={pagination}
          input={input}
          centre={centre}
          hasResults={hasResults}
        />
      )}
      results={{
        count: data?.services.count ?? 0,
        countIsMinimum: data?.services.countIsMinimum ?? false,
        shown: results.length,
        loading,
        error: Boolean(error),
        onRetry: () => void refetch().catch(() => undefined),
        ignoredQuery: data?.services.ignoredQuery,
        suggestion: data?.services.suggestion,
      }}
    >
      {results.map((service) => (
        <SheetCard key={service.id} service={service} />
      ))}
    </FilteredList>
  );
}
