import { normalizeSearchText, PREFIX_MIN_LENGTH, STOP_WORDS } from "../../shared/search-words";

export { normalizeSearchText };

/** Indexed words are cut to this length (the facet value column is wider). */
const WORD_LENGTH = 40;
/** At most this many distinct words of one item are indexed (the longest texts are articles). */
const WORDS_PER_ITEM = 600;

/** A word in the singular, roughly: a final s or x goes ("ateliers" and "atelier" are equal). */
export function singular(word: string): string {
  return word.length > 3 && /[^s][sx]$/.test(word) ? word.slice(0, -1) : word;
}

/** The distinct words a text is found by: normal form, singular, without stop words. */
export function indexWords(text: string): string[] {
  const words = new Set<string>();
  for (const word of normalizeSearchText(text).split(" ")) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    words.add(singular(word).slice(0, WORD_LENGTH));
    if (words.size >= WORDS_PER_ITEM) break;
  }
  return [...words];
}

/**
 * The words a query looks for, each a prefix of an indexed word when it has three letters or
 * more ("crech" finds "crèche"), else the whole word. Stop words are ignored.
 */
export function queryWords(query: string | null | undefined): Array<{ word: string; prefix: boolean }> {
  return searchWords(query)
    .filter((word) => !STOP_WORDS.has(word) && (word.length >= 2 || /\d/.test(word)))
    .map((word) => ({ word: singular(word).slice(0, WORD_LENGTH), prefix: word.length >= PREFIX_MIN_LENGTH }));
}

/** The distinct words of a query, in normal form. */
export function searchWords(query: string | null | undefined): string[] {
  if (!query) return [];
  return [...new Set(normalizeSearchText(query).split(" ").filter(Boolean))].slice(0, 10);
}

/** Plain text of a Quill document (delta JSON); invalid JSON counts as no text. */
export function quillPlainText(document: string | null): string {
  if (!document) return "";
  try {
    const parsed = JSON.parse(document) as { ops?: Array<{ insert?: unknown }> };
    return (parsed.ops ?? []).map((op) => (typeof op.insert === "string" ? op.insert : " ")).join("");
  } catch {
    return "";
  }
}
