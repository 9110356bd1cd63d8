/** A town of the department, as the place field proposes it. */
export interface PlaceTown {
  city: string;
  postcodes: string[];
  lat: number;
  lon: number;
}

/**
 * Lower case, no accents, hyphens and apostrophes as spaces, « St » and « Ste » in full:
 * « Saint-Jean-de-Luz » ~ « saint jean de luz » ~ « St Jean de Luz ».
 */
export const placeKey = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\bste\b/g, "sainte")
    .replace(/\bst\b/g, "saint");

/**
 * The towns a typed text designates, best first: by postcode (digits), else by name, whole name
 * first, then names that start with the text, then names with a word that does
 * (« jean » finds Saint-Jean-de-Luz). At most `limit`, but every town of a whole postcode (the 16
 * towns of 64230 include Lescar, which alphabetical order would leave out).
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
