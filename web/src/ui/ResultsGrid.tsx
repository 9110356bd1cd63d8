import { SimpleGrid, Skeleton, useBreakpointValue } from "@chakra-ui/react";
import { ReactNode } from "react";

// From `md` the filter panel takes the left of the page: three columns only once there is room.
const COLUMNS = { base: 1, md: 2, xl: 3 };

/** 1 to 3 columns by width; while loading, twice as many placeholders as columns (spec §9). */
export function ResultsGrid({ loading, children }: { loading: boolean; children: ReactNode }) {
  const columns = useBreakpointValue(COLUMNS, { ssr: false }) ?? 1;
  return (
    <SimpleGrid columns={COLUMNS} gap="6" aria-busy={loading}>
      {loading
        ? Array.from({ length: columns * 2 }, (_, index) => <Skeleton key={index} height="72" borderRadius="lg" />)
        : children}
    </SimpleGrid>
  );
}
