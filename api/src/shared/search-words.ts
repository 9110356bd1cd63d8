/**
 * How the words of a search are read, written once for the API (indexing and queries) and the
 * web (which explains a search that found nothing). Apart from rules.ts, so that the pages that
 * load the rules do not carry the stop words: the web reads this file only in the empty state's
 * chunk. Plain TypeScript that imports nothing outside api/src/shared.
 */

import { normalizeSearchText } from "./text-keys";

export { normalizeSearchText };

/** Words too common to tell items apart: not indexed, ignored in queries. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "au aux avec ce ces cette dans de des du elle en est et il ils la le les leur leurs mais ne nos notre nous on ou " +
    "par pas pour qu que qui sa se ses son sont sur ta te tes ton un une vos votre vous ete etre a l d s n c j m qu"
  ).split(" "),
);

/**
 * A word of a search this long or longer also finds the words it begins (« crè » finds
 * « crèche »); a shorter one is looked for whole (« cr » finds no « crèche »): the beginnings of
 * one or two letters match too many words to be read.
 */
export const PREFIX_MIN_LENGTH = 3;

/** The words of a search looked for whole only, because they are short (normal form, in order). */
export function wholeOnlyWords(query: string | null | undefined): string[] {
  if (!query) return [];
  const words = normalizeSearchText(query).split(" ");
  return [
    ...new Set(
      words.filter(
        (word) => word.length >= 2 && word.length < PREFIX_MIN_LENGTH && !/\d/.test(word) && !STOP_WORDS.has(word),
      ),
    ),
  ];
}

/** Said when a search with short words finds nothing: why, and what to type. */
export function wholeOnlyWordsHint(words: readonly string[]): string {
  const quoted = words.map((word) => `« ${word} »`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} et ${quoted[quoted.length - 1]}` : quoted[0];
  return quoted.length > 1
    ? `${list} sont cherchés comme des mots entiers : tapez au moins ${PREFIX_MIN_LENGTH} lettres pour trouver les mots qui commencent ainsi.`
    : `${list} est cherché comme un mot entier : tapez au moins ${PREFIX_MIN_LENGTH} lettres pour trouver les mots qui commencent ainsi.`;
}
