import { Box, Skeleton } from "@chakra-ui/react";
import { type ReactNode } from "react";

// From `md` the filter panel takes the left of the page: three columns only once there is room.
const COLUMNS = { base: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" };

/**
 * 1 to 3 columns by width; while loading, twice as many placeholders as columns (spec §9),
 * of a card's size (`placeholderHeight`: the list's own cards, else a tall card). The placeholders beyond the visible columns are hidden by CSS, so the
 * server and the browser draw the same thing.
 */
export function ResultsGrid({
  loading,
  children,
  columns = COLUMNS,
  placeholderHeight = "72",
}: {
  loading: boolean;
  children: ReactNode;
  columns?: Record<string, string>;
  placeholderHeight?: string | Record<string, string>;
}) {
  return (
    <Box display="grid" gridTemplateColumns={columns} gap={{ base: "4", md: "6" }} aria-busy={loading}>
      {loading
        ? Array.from({ length: 6 }, (_, index) => (
            <Box
              key={index}
              display={{ base: index < 2 ? "block" : "none", md: index < 4 ? "block" : "none", xl: "block" }}
            >
              <Skeleton height={placeholderHeight} borderRadius="lg" />
            </Box>
          ))
        : children}
    </Box>
  );
}
