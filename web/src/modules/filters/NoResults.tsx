import { Box, Button, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { wholeOnlyWords, wholeOnlyWordsHint } from "../../../../api/src/shared/search-words";
import { useHttpStatus } from "../../ssr/render-context";
import { EmptyState } from "../../ui/EmptyState";
import { focusResultsStart, PAGE_SIZE } from "../../ui/Pagination";
import { type ListMode, type ListState, serialiseListState } from "./url-state";
import { nextEventChoice, type SearchSuggestion, suggestedSearch, widenSearch } from "./widen";

/**
 * A list with no card to show: a page past the end (an old link, a list that shrank), said with
 * the way to the last one, or no result at all, with the way to a wider search. Loaded apart from
 * the list (warmed once its page is idle): most visits never need it.
 *
 * A page past the end answers 404 when the server renders it: an old link in a search engine is
 * dropped from it rather than kept as a page of its own (it is a page that no longer exists).
 *
 * The ways out are links, as the pages are: a tap made while this part's code is still on its
 * way (a slow phone; React drops a click on a part it has not brought to life yet) follows the
 * link and still widens the search.
 */
export default function NoResults({
  state,
  count,
  countIsMinimum = false,
  mode,
  suggestion,
  nextEventFrom,
}: {
  state: ListState;
  count: number;
  /** The count is « at least »: the list ends somewhere past it, before the page asked for. */
  countIsMinimum?: boolean;
  mode: ListMode;
  /** The server's « Vouliez-vous dire … ? »: the words with misspelt town or type names corrected. */
  suggestion?: SearchSuggestion | null;
  /** Events of a period: when the next one after it starts (the server's), if there is one. */
  nextEventFrom?: string | null;
}) {
  // The link goes with the empty list: the focus goes to where the new results start, as
  // after a page change (it would fall back to the page's top, and say nothing).
  const wayOut = (next: ListState, label: string) => (
    // A long label (the words it leaves out, a word of 200 letters) wraps inside the card on a phone.
    <Button
      asChild
      colorPalette="brand"
      variant="outline"
      whiteSpace="normal"
      overflowWrap="anywhere"
      h="auto"
      minH="10"
      py="2"
      maxW="full"
      textAlign="center"
    >
      <Link to={`?${serialiseListState(next, mode).toString()}`} onClick={focusResultsStart}>
        {label}
      </Link>
    </Button>
  );
  const pastEnd = count > 0 && state.page > 1;
  useHttpStatus(pastEnd ? 404 : 200);
  if (pastEnd) {
    const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
    return (
      <EmptyState
        message={
          countIsMinimum
            ? "Cette page n'existe pas : la liste s'arrête avant elle."
            : `Cette page n'existe pas : la liste s'arrête à la page ${last}.`
        }
        action={wayOut(
          { ...state, page: last },
          countIsMinimum ? `Aller à la page ${last}` : "Aller à la dernière page",
        )}
      />
    );
  }
  // « Ce week-end » holds no event: the day of the next one, with the same other filters.
  const next = mode === "news" && nextEventFrom ? nextEventChoice(state, nextEventFrom) : null;
  const widening = widenSearch(state);
  // « Lesacr » finds nothing: the closest town's name is proposed first, the likeliest way out.
  const corrected = suggestedSearch(state, suggestion);
  // « cr » finds no « crèche »: the words shorter than the beginnings searched are said.
  const short = wholeOnlyWords(state.text);
  return (
    <EmptyState
      action={
        <>
          {next && wayOut(next.state, next.label)}
          {corrected && wayOut(corrected.state, corrected.label)}
          {short.length > 0 && (
            <Text color="gray.700" maxW="prose" overflowWrap="anywhere">
              {wholeOnlyWordsHint(short)}
            </Text>
          )}
          {widening && wayOut(widening.state, widening.label ?? `Élargir la recherche (sans ${widening.removed})`)}
        </>
      }
    />
  );
}

/**
 * Under the count, for a text none of whose words is searched (« le la les », « ??? », « 👶 »):
 * the server answered it as an empty search, and the list says so rather than silently showing
 * everything. Inside the count's line, so that it is read with it where the focus goes.
 */
export function IgnoredQuery({ text }: { text: string }) {
  return (
    <Box as="span" display="block" color="orange.900" overflowWrap="anywhere">
      Votre recherche « {text} » ne contient aucun mot recherché (mots trop courants, ponctuation ou émoji) : tous les
      résultats sont affichés.
    </Box>
  );
}
