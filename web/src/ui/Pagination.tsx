import { Button, HStack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";

export const PAGE_SIZE = 15;

/** The element a list's new page starts with (its count of results, announced), focused on a page change. */
export const RESULTS_START = "debut-resultats";

/** The focus goes where a list's new results start (its count), after a change of page or search. */
export const focusResultsStart = () => document.getElementById(RESULTS_START)?.focus();

/** Page numbers around the current one, with gaps (null) where pages are skipped. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((page, index) => (index > 0 && page - sorted[index - 1] > 1 ? [null, page] : [page]));
}

/**
 * Shown only above one page of results (spec §9: pages = ceil(count / 15)). Pages are
 * links: they work before the page's code has loaded, and open in a new tab if wished.
 */
export function Pagination({
  count,
  page,
  hrefFor,
}: {
  count: number;
  page: number;
  hrefFor: (page: number) => string;
}) {
  const total = Math.ceil(count / PAGE_SIZE);
  if (total <= 1) return null;
  // The focus goes up too, to where the new results start (it would stay down here).
  const toTop = () => {
    window.scrollTo({ top: 0 });
    focusResultsStart();
  };
  const step = (target: number, label: string) =>
    target < 1 || target > total ? (
      <Button variant="outline" size="sm" disabled>
        {label}
      </Button>
    ) : (
      <Button asChild variant="outline" size="sm">
        <Link to={hrefFor(target)} onClick={toTop}>
          {label}
        </Link>
      </Button>
    );
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" gap="1" mt="8" flexWrap="wrap">
      {step(page - 1, "Précédente")}
      {pageWindow(page, total).map((item, index) =>
        item === null ? (
          <Text key={`gap-${index}`} px="2" aria-hidden>
            …
          </Text>
        ) : (
          <Button key={item} asChild size="sm" variant={item === page ? "solid" : "ghost"} colorPalette="brand">
            <Link
              to={hrefFor(item)}
              onClick={toTop}
              aria-current={item === page ? "page" : undefined}
              aria-label={`Page ${item}`}
            >
              {item}
            </Link>
          </Button>
        ),
      )}
      {step(page + 1, "Suivante")}
    </HStack>
  );
}
