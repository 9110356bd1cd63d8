import { STOP_WORDS } from "../../shared/search-words";
import { normalizeSearchText, singular } from "./text-normalization";

/**
 * « Vouliez-vous dire … ? »: the closest names of a small fixed vocabulary (the department's
 * towns, the service types and the words parents use for them) to what was typed, by edit
 * distance on their search form. In memory, bounded: a vocabulary of a few hundred names, a
 * search of at most `MAX_TOKENS` words.
 */

/** A name as compared: search form, each word in the singular, « St » and « Ste » in full. */
export const spellingKey = (text: string): string =>
  normalizeSearchText(text)
    .split(" ")
    .filter(Boolean)
    .map((word) => (word === "st" ? "saint" : word === "ste" ? "sainte" : singular(word)))
    .join(" ");

/** How many letters may differ: none under 4 letters (too many names are that close), then 1, 2 from 8. */
export const allowedEdits = (key: string): number => {
  const letters = key.replace(/ /g, "").length;
  return letters < 4 ? 0 : letters < 8 ? 1 : 2;
};

/**
 * The optimal string alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours: « lesacr » is one from « lescar »), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    [before, previous] = [previous, current];
  }
  return Math.min(previous[b.length], max + 1);
}

/** A fixed list of names, each found by its spelling key; the first name given for a key is the one proposed. */
export class Vocabulary {
  private readonly byKey = new Map<string, string>();
  /** Keys by words and length (« 2:16 »): a typed key is compared with those of as many words, close in length. */
  private readonly byShape = new Map<string, Array<{ key: string; letters: Int16Array }>>();

  constructor(names: Iterable<string | { key: string; label: string }>) {
    for (const name of names) {
      const { key, label } = typeof name === "string" ? { key: spellingKey(name), label: name } : name;
      if (!key || this.byKey.has(key)) continue;
      this.byKey.set(key, label);
      const shape = shapeOf(wordCount(key), key.length);
      this.byShape.set(shape, [...(this.byShape.get(shape) ?? []), { key, letters: letterCounts(key) }]);
    }
  }

  /** The name of a key typed exactly. */
  exact(key: string): string | null {
    return this.byKey.get(key) ?? null;
  }

  /**
   * The closest name to a key typed with a mistake, of as many words, within its allowed edits
   * (none for a key typed exactly: it is not a mistake); the nearer, then the one sharing the
   * longer beginning, then the first in French order.
   */
  closest(key: string): { label: string; distance: number } | null {
    const max = allowedEdits(key);
    if (max === 0 || this.byKey.has(key)) return null;
    const letters = letterCounts(key);
    const words = wordCount(key);
    let best: { key: string; distance: number; prefix: number } | null = null;
    for (let length = key.length - max; length <= key.length + max; length++) {
      for (const { key: candidate, letters: theirs } of this.byShape.get(shapeOf(words, length)) ?? []) {
        const limit = best ? Math.min(best.distance, max) : max;
        // Letters that one has more of than the other each need an edit: most names are ruled out here.
        if (lettersApart(letters, theirs, limit) > limit) continue;
        const distance = editDistance(key, candidate, limit);
        if (distance > max) continue;
        const prefix = sharedPrefix(key, candidate);
        if (
          !best ||
          distance < best.distance ||
          (distance === best.distance &&
            (prefix > best.prefix || (prefix === best.prefix && candidate.localeCompare(best.key, "fr") < 0)))
        ) {
          best = { key: candidate, distance, prefix };
        }
      }
    }
    return best && { label: this.byKey.get(best.key)!, distance: best.distance };
  }
}

/** How many of each letter, digit and space a key has ("a"–"z", "0"–"9", " "). */
function letterCounts(key: string): Int16Array {
  const counts = new Int16Array(37);
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    counts[code >= 97 ? code - 97 : code >= 48 ? code - 22 : 36]++;
  }
  return counts;
}

/**
 * A lower bound of the edit distance: the larger of the letters only one key has, counted each
 * way; past `max` it stops counting.
 */
function lettersApart(a: Int16Array, b: Int16Array, max: number): number {
  let more = 0;
  let fewer = 0;
  for (let i = 0; i < 37 && more <= max && fewer <= max; i++) {
    const difference = a[i] - b[i];
    if (difference > 0) more += difference;
    else fewer -= difference;
  }
  return Math.max(more, fewer);
}

const wordCount = (key: string) => {
  let words = 1;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 32) words++;
  return words;
};

/** How many words a key has, and a length: where the names a key may be compared with are kept. */
const shapeOf = (words: number, length: number) => `${words}:${length}`;

const sharedPrefix = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/** The words of a search looked at (the rest is kept as typed). */
const MAX_TOKENS = 12;
/** The most words a name of a vocabulary spans when typed (« saint jean pied de port »). */
const MAX_RUN = 5;

/**
 * The text with its misspelt names corrected (« creche familliale a lesacr » → « crèche familiale
 * a Lescar »), or null when none is: each run of words (longest first, at most MAX_RUN) that is a
 * name is kept, one a few letters from a name is replaced by it; short words, stop words and
 * numbers are never corrected on their own. The other words stay as they were typed.
 */
export function correctedText(text: string | null | undefined, vocabularies: readonly Vocabulary[]): string | null {
  const tokens = (text ?? "").trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || tokens.length > MAX_TOKENS) return null;
  const keys = tokens.map(spellingKey);
  const out: string[] = [];
  let changed = false;
  for (let start = 0; start < tokens.length;) {
    let taken = 0;
    for (let length = Math.min(MAX_RUN, tokens.length - start); length > 0 && taken === 0; length--) {
      const run = keys.slice(start, start + length);
      if (run.some((key) => !key)) continue;
      const key = run.join(" ");
      if (vocabularies.some((vocabulary) => vocabulary.exact(key) !== null)) {
        out.push(...tokens.slice(start, start + length));
        taken = length;
        continue;
      }
      if (length === 1 && !correctable(key)) continue;
      const closest = vocabularies
        .map((vocabulary) => vocabulary.closest(key))
        .filter((found) => found !== null)
        .sort((a, b) => a.distance - b.distance)[0];
      if (closest) {
        out.push(closest.label);
        changed = true;
        taken = length;
      }
    }
    if (taken === 0) {
      out.push(tokens[start]);
      taken = 1;
    }
    start += taken;
  }
  return changed ? out.join(" ") : null;
}

/** A word worth correcting on its own: no number, not a stop word (short words have no allowed edit). */
const correctable = (key: string) => !/\d/.test(key) && !STOP_WORDS.has(key);
