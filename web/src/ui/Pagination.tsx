import { Button, HStack, Text } from "@chakra-ui/react";

export const PAGE_SIZE = 15;

/** Page numbers around the current one, with gaps (null) where pages are skipped. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((page, index) => (index > 0 && page - sorted[index - 1] > 1 ? [null, page] : [page]));
}

/** Shown only above one page of results (spec §9: pages = ceil(count / 15)). */
export function Pagination({
  count,
  page,
  onChange,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const total = Math.ceil(count / PAGE_SIZE);
  if (total <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" gap="1" mt="8" flexWrap="wrap">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Précédente
      </Button>
      {pageWindow(page, total).map((item, index) =>
        item === null ? (
          <Text key={`gap-${index}`} px="2" aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="sm"
            variant={item === page ? "solid" : "ghost"}
            colorPalette="brand"
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" disabled={page >= total} onClick={() => onChange(page + 1)}>
        Suivante
      </Button>
    </HStack>
  );
}
