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
