import { Heading, Stack, Text } from "@chakra-ui/react";
import { useServiceSearchQuery } from "../generated/graphql";
import { ServiceCard } from "../modules/structures/ServiceCard";
import { EmptyState } from "../ui/EmptyState";
import { PAGE_SIZE, Pagination } from "../ui/Pagination";
import { ResultsGrid } from "../ui/ResultsGrid";
import { usePageParam } from "../ui/usePageParam";
import { usePageTitle } from "../ui/usePageTitle";

const TITLE = "Lieux, offres de partenaires";

export default function ServicesListPage() {
  usePageTitle(TITLE);
  const [page, setPage] = usePageParam();
  const { data, loading, error } = useServiceSearchQuery({
    variables: { input: { page: page - 1, pageSize: PAGE_SIZE } },
  });
  const results = data?.services.results ?? [];
  const count = data?.services.count ?? 0;

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      {!loading && !error && count > 0 && (
        <Text color="gray.700" aria-live="polite">
          {count} résultat{count > 1 ? "s" : ""}
        </Text>
      )}
      {!loading && (error || results.length === 0) ? (
        <EmptyState />
      ) : (
        <ResultsGrid loading={loading}>
          {results.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </ResultsGrid>
      )}
      <Pagination count={count} page={page} onChange={setPage} />
    </Stack>
  );
}
