import { useServiceSearchQuery } from "../generated/services";
import { FilteredList } from "../modules/filters/FilteredList";
import { toServiceSearchInput } from "../modules/filters/search-input";
import { useListState } from "../modules/filters/useListState";
import { ServiceCard } from "../modules/structures/ServiceCard";
import { usePageTitle } from "../ui/usePageTitle";

const TITLE = "Lieux, offres de partenaires";

export default function ServicesListPage() {
  usePageTitle(TITLE);
  const list = useListState("services");
  const { data, loading, error, refetch } = useServiceSearchQuery({
    variables: { input: toServiceSearchInput(list.state) },
  });
  const results = data?.services.results ?? [];

  return (
    <FilteredList
      mode="services"
      title={TITLE}
      list={list}
      results={{
        count: data?.services.count ?? 0,
        countIsMinimum: data?.services.countIsMinimum ?? false,
        shown: results.length,
        loading,
        error: Boolean(error),
        onRetry: () => void refetch().catch(() => undefined),
      }}
    >
      {results.map((service) => (
        <ServiceCard key={service.id} service={service} />
      ))}
    </FilteredList>
  );
}
