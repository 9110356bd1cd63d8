import { Button, Text } from "@chakra-ui/react";
import { wholeOnlyWords, wholeOnlyWordsHint } from "../../../../api/src/shared/search-words";
import { EmptyState } from "../../ui/EmptyState";
import { focusResultsStart, PAGE_SIZE } from "../../ui/Pagination";
import type { ListState } from "./url-state";
import { widenSearch } from "./widen";

/**
 * A list with no card to show: a page past the end (an old link, a list that shrank), said with
 * the way to the last one, or no result at all, with the way to a wider search. Loaded apart from
 * the list (warmed once its page is idle): most visits never need it.
 */
export default function NoResults({
  state,
  count,
  countIsMinimum = false,
  go,
}: {
  state: ListState;
  count: number;
  /** The count is « at least »: the list ends somewhere past it, before the page asked for. */
  countIsMinimum?: boolean;
  go: (state: ListState) => void;
}) {
  // The button goes with the empty list: the focus goes to where the new results start, as
  // after a page change (it would fall back to the page's top, and say nothing).
  const goFromHere = (next: ListState) => {
    go(next);
    focusResultsStart();
  };
  if (count > 0 && state.page > 1) {
    const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
    return (
      <EmptyState
        message={
          countIsMinimum
            ? "Cette page n'existe pas : la liste s'arrête avant elle."
            : `Cette page n'existe pas : la liste s'arrête à la page ${last}.`
        }
        action={
          <Button colorPalette="brand" variant="outline" onClick={() => goFromHere({ ...state, page: last })}>
            {countIsMinimum ? `Aller à la page ${last}` : "Aller à la dernière page"}
          </Button>
        }
      />
    );
  }
  const widening = widenSearch(state);
  // « cr » finds no « crèche »: the words shorter than the beginnings searched are said.
  const short = wholeOnlyWords(state.text);
  return (
    <EmptyState
      action={
        <>
          {short.length > 0 && (
            <Text color="gray.700" maxW="prose" overflowWrap="anywhere">
              {wholeOnlyWordsHint(short)}
            </Text>
          )}
          {widening && (
            // A long label (the words it leaves out, a word of 200 letters) wraps inside the card on a phone.
            <Button
              colorPalette="brand"
              variant="outline"
              onClick={() => goFromHere(widening.state)}
              whiteSpace="normal"
              overflowWrap="anywhere"
              h="auto"
              minH="10"
              py="2"
              maxW="full"
              textAlign="center"
            >
              {widening.label ?? `Élargir la recherche (sans ${widening.removed})`}
            </Button>
          )}
        </>
      }
    />
  );
}
