import { correctedText, type Vocabulary } from "./did-you-mean";
import { SearchSuggestion } from "./page.type";

/** What a list's search was given in words, and whether its text gave it any word to look for. */
export interface SearchedWords {
  textQuery?: string | null;
  /** The text had words the search looked for (not only stop words, punctuation or emoji). */
  textSearched: boolean;
  /** The media lists' event place. */
  eventPlace?: string | null;
}

/** The names a misspelt word may be corrected to: in the text (towns, service types), in a place (towns). */
export interface SpellingVocabularies {
  words: readonly Vocabulary[];
  places: readonly Vocabulary[];
}

/**
 * A page with what the list says about its words: a text none of whose words was searched
 * (« le la les », « ??? », « 👶 »: the list is that of an empty search, and says so), and, for a
 * search that found nothing, the same search with its misspelt names corrected. In memory.
 */
export function withSearchHelp<P extends { count: number }>(
  page: P,
  searched: SearchedWords,
  vocabularies: SpellingVocabularies,
): P & { ignoredQuery: string | null; suggestion: SearchSuggestion | null } {
  const text = searched.textQuery?.trim() ?? "";
  let suggestion: SearchSuggestion | null = null;
  if (page.count === 0) {
    const textQuery = correctedText(searched.textQuery, vocabularies.words);
    const eventPlace = correctedText(searched.eventPlace, vocabularies.places);
    if (textQuery !== null || eventPlace !== null)
      suggestion = Object.assign(new SearchSuggestion(), { textQuery, eventPlace });
  }
  return { ...page, ignoredQuery: text && !searched.textSearched ? text : null, suggestion };
}
