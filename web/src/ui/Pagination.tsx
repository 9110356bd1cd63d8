import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { RESULT_WINDOW_MESSAGE } from "../rules";
import { LAST_PAGE, PAGE_SIZE } from "./paging";

export { LAST_PAGE, PAGE_SIZE };

/** The element a list's new page starts with (its count of results, announced), focused on a page change. */
export const RESULTS_START = "debut-resultats";

/** The focus goes where a list's new results start (its count), after a change of page or search. */
export const focusResultsStart = () => document.getElementById(RESULTS_START)?.focus();

/**
 * Page numbers around the current one, with gaps (null) where pages are skipped. `open`: the
 * count is a minimum, so its last page is not the list's: no last page is offered, and a gap
 * says that more follow.
 */
export function pageWindow(current: number, total: number, open = false): (number | null)[] {
  const last = open ? [] : [total];
  const pages = new Set([1, ...last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const shown = sorted.flatMap((page, index) => (index > 0 && page - sorted[index - 1] > 1 ? [null, page] : [page]));
  return open && sorted[sorted.length - 1] < total ? [...shown, null] : shown;
}

/**
 * Shown only above one page of results (spec §9: pages = ceil(count / 15)), up to LAST_PAGE.
 * Pages are links: they work before the page's code has loaded, and open in a new tab if
 * wished. A count that is a minimum (« Plus de 1 000 résultats ») has no last page to offer.
 */
export function Pagination({
  count,
  countIsMinimum = false,
  page,
  hrefFor,
}: {
  count: number;
  countIsMinimum?: boolean;
  page: number;
  hrefFor: (page: number) => string;
}) {
  const total = Math.min(Math.ceil(count / PAGE_SIZE), LAST_PAGE);
  if (total <= 1) return null;
  // The last page the API serves, with more results beyond it.
  const windowEnd = page >= LAST_PAGE && (countIsMinimum || count > LAST_PAGE * PAGE_SIZE);
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
  const open = countIsMinimum && page < LAST_PAGE;
  return (
    <Stack gap="2" mt="8" align="center">
      <HStack as="nav" aria-label="Pagination" justify="center" gap="1" flexWrap="wrap">
        {step(page - 1, "Précédente")}
        {pageWindow(page, total, open).map((item, index) =>
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
      {windowEnd && (
        <Text color="gray.700" textAlign="center">
          {RESULT_WINDOW_MESSAGE}
        </Text>
      )}
    </Stack>
  );
}
