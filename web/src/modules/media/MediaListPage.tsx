import { Heading, Stack, Text } from "@chakra-ui/react";
import { ComponentType } from "react";
import { Category, MediaCardFragment, useMediaSearchQuery } from "../../generated/graphql";
import { EmptyState } from "../../ui/EmptyState";
import { PAGE_SIZE, Pagination } from "../../ui/Pagination";
import { ResultsGrid } from "../../ui/ResultsGrid";
import { usePageParam } from "../../ui/usePageParam";
import { usePageTitle } from "../../ui/usePageTitle";

interface MediaListPageProps {
  title: string;
  categories: Category[];
  Card: ComponentType<{ media: MediaCardFragment }>;
}

/** A list of media of some categories, newest first, 15 per page. */
export function MediaListPage({ title, categories, Card }: MediaListPageProps) {
  usePageTitle(title);
  const [page, setPage] = usePageParam();
  const { data, loading, error } = useMediaSearchQuery({
    variables: { input: { categories, page: page - 1, pageSize: PAGE_SIZE } },
  });
  const results = data?.mediaSearch.results ?? [];
  const count = data?.mediaSearch.count ?? 0;

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {title}
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
          {results.map((media) => (
            <Card key={media.id} media={media} />
          ))}
        </ResultsGrid>
      )}
      <Pagination count={count} page={page} onChange={setPage} />
    </Stack>
  );
}
