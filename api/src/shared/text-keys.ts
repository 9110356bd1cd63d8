/**
 * How two texts are compared as the portal compares them, written once for the API and the web:
 * the normal form of search, and the key of a town's name (« St Jean de Luz » is
 * Saint-Jean-de-Luz). Plain TypeScript with no imports, small enough for any page.
 */

/**
 * French-friendly normal form for search: lower case, no diacritics, ligatures
 * spelled out, only letters and digits kept ("Crèche" and "creche" are equal).
 */
export function normalizeSearchText(value: string): string {
  return value
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * A town's name as compared with what was typed: the normal form, « St » and « Ste » in full:
 * « Saint-Jean-de-Luz » ~ « saint jean de luz » ~ « St Jean de Luz ».
 */
export const townKey = (text: string): string =>
  normalizeSearchText(text)
    .replace(/\bste\b/g, "sainte")
    .replace(/\bst\b/g, "saint");
