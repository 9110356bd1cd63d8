import { townKey } from "../../rules";

/** A town of the department, as the place field proposes it. */
export interface PlaceTown {
  city: string;
  postcodes: string[];
  lat: number;
  lon: number;
}

/**
 * A town's name as the server compares it with what was typed (lower case, no accents, « St »
 * and « Ste » in full): « Saint-Jean-de-Luz » ~ « saint jean de luz » ~ « St Jean de Luz ».
 */
export const placeKey = townKey;

/**
 * How a name sounds, roughly, for names typed as heard: the place key without silent h and
 * doubled letters, letters that sound alike written alike, and no final s or e. « Ortez » and
 * « Orthes » sound as Orthez, « Biaritz » as Biarritz, « Sere Castet » as Serres-Castet.
 */
export const soundKey = (text: string) =>
  placeKey(text)
    .replace(/ph/g, "f")
    .replace(/qu/g, "k")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/c/g, "k")
    .replace(/h/g, "")
    .replace(/y/g, "i")
    .replace(/eau|au/g, "o")
    .replace(/[zx]/g, "s")
    .replace(/([a-z])\1+/g, "$1")
    .replace(/s\b/g, "")
    .replace(/e\b/g, "");

/** The towns' sound keys, computed once each (the loose search reads them all at each keystroke). */
const townSounds = new Map<string, string>();
const townSound = (city: string) => {
  let sound = townSounds.get(city);
  if (sound === undefined) townSounds.set(city, (sound = soundKey(city)));
  return sound;
};

/** Whether two keys differ by one letter at most (one replaced, removed or added). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // From the first difference on: one letter replaced, one removed from a, one added to a.
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1);
}

/** The shortest text spelled loosely: shorter ones would designate too many towns. */
const LOOSE_MIN_LENGTH = 4;
/**
 * The shortest sound one letter from a name's may stand for it: four letters one letter apart
 * are too common (« xyzzy » sounds « sisi », one letter from the « sibi » of Cibits).
 */
const ONE_EDIT_MIN_LENGTH = 5;

/**
 * The towns a typed text designates, best first: by postcode (digits), else by name, whole name
 * first, then names that start with the text, then names with a word that does
 * (« jean » finds Saint-Jean-de-Luz); when no name does, names that sound as the text or are
 * one letter from it (« ortez » finds Orthez). At most `limit`, but every town of a whole
 * postcode (the 16 towns of 64230 include Lescar, which alphabetical order would leave out).
 */
export function matchingTowns<T extends Pick<PlaceTown, "city" | "postcodes">>(
  towns: readonly T[],
  text: string,
  limit: number,
): T[] {
  const all = allMatchingTowns(towns, text);
  return /^\d{5}$/.test(placeKey(text)) ? all : all.slice(0, limit);
}

/** Every town the text designates, best first (see matchingTowns). */
export function allMatchingTowns<T extends Pick<PlaceTown, "city" | "postcodes">>(
  towns: readonly T[],
  text: string,
): T[] {
  const key = placeKey(text);
  const named = namedTowns(towns, key);
  return named.length > 0 || /^\d+$/.test(key) || key.length < LOOSE_MIN_LENGTH
    ? named
    : looselyMatchingTowns(towns, key);
}

/**
 * Whether the text designates towns by their name or postcode, rather than by how it sounds
 * (« ortez » for Orthez, « bordeaux » for Arricau-Bordes): those are only guesses, which the
 * field offers as such, never takes at Enter alone.
 */
export const namesTowns = <T extends Pick<PlaceTown, "city" | "postcodes">>(towns: readonly T[], text: string) =>
  namedTowns(towns, placeKey(text)).length > 0;

/** The towns a place key designates by postcode (digits) or by name, best first; none for a guess. */
function namedTowns<T extends Pick<PlaceTown, "city" | "postcodes">>(towns: readonly T[], key: string): T[] {
  if (!key) return [];
  if (/^\d+$/.test(key)) {
    return towns
      .filter((town) => town.postcodes.some((postcode) => postcode.startsWith(key)))
      .sort((a, b) => a.city.localeCompare(b.city, "fr"));
  }
  const rank = (town: T) => {
    const name = placeKey(town.city);
    if (name === key) return 0;
    if (name.startsWith(key)) return 1;
    return ` ${name}`.includes(` ${key}`) ? 2 : 3;
  };
  return towns
    .map((town) => ({ town, rank: rank(town) }))
    .filter(({ rank: value }) => value < 3)
    .sort((a, b) => a.rank - b.rank || a.town.city.localeCompare(b.town.city, "fr"))
    .map(({ town }) => town);
}

/**
 * Towns whose name, or a word of it, starts as the text sounds; when none does, one letter from
 * it. Alphabetically.
 */
function looselyMatchingTowns<T extends Pick<PlaceTown, "city">>(towns: readonly T[], key: string): T[] {
  const typed = soundKey(key);
  const rank = (town: T) => {
    const name = townSound(town.city);
    const starts = [name, ...name.split(" ").slice(1)];
    if (starts.some((start) => start.startsWith(typed))) return 0;
    // One letter off the beginning of the name or of one of its words (« olorom » for Oloron).
    const prefixes = starts.flatMap((start) => [-1, 0, 1].map((delta) => start.slice(0, typed.length + delta)));
    return typed.length >= ONE_EDIT_MIN_LENGTH && prefixes.some((prefix) => oneEditApart(prefix, typed)) ? 1 : 2;
  };
  const ranked = towns.map((town) => ({ town, rank: rank(town) }));
  const closest = ranked.some(({ rank: value }) => value === 0) ? 0 : 1;
  return ranked
    .filter(({ rank: value }) => value === closest)
    .map(({ town }) => town)
    .sort((a, b) => a.city.localeCompare(b.city, "fr"));
}

/**
 * Whether Enter, with no option highlighted, may take the first one proposed: yes for a name
 * (« orth » → Orthez) or a single proposal; not for a postcode that several towns share
 * (« 64300 » is 23 towns, and the first in alphabetical order is not the one meant), nor for
 * towns only guessed from how the text sounds (`guessed`: « bordeaux » is not Arricau-Bordes).
 */
export const enterTakesFirst = (typed: string, proposals: number, guessed = false): boolean =>
  !guessed && (proposals === 1 || !/^\d[\d\s]*$/.test(typed.trim()));

/** The town list could not be loaded (offline): said instead of blaming the spelling; typing again asks for it again. */
export const TOWNS_UNAVAILABLE =
  "La liste des communes n'a pas pu être chargée : vérifiez la connexion, puis tapez à nouveau.";
