import { SimpleGrid, Skeleton, useBreakpointValue } from "@chakra-ui/react";
import { ReactNode } from "react";

const COLUMNS = { base: 1, md: 2, lg: 3 };

/** 1 to 3 columns by width; while loading, twice as many placeholders as columns (spec §9). */
export function ResultsGrid({ loading, children }: { loading: boolean; children: ReactNode }) {
  const columns = useBreakpointValue(COLUMNS) ?? 1;
  return (
    <SimpleGrid columns={COLUMNS} gap="6" aria-busy={loading}>
      {loading
        ? Array.from({ length: columns * 2 }, (_, index) => <Skeleton key={index} height="72" borderRadius="lg" />)
        : children}
    </SimpleGrid>
  );
}
