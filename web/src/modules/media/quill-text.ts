/**
 * The paragraphs of a Quill document's text, or null when it cannot be read.
 * Text only: nothing here is ever injected as HTML.
 */
export function quillParagraphs(document: string | null | undefined): string[] | null {
  if (!document) return [];
  try {
    const parsed: unknown = JSON.parse(document);
    const ops = (parsed as { ops?: unknown }).ops;
    if (!Array.isArray(ops)) return null;
    const text = ops.map((op: { insert?: unknown }) => (typeof op.insert === "string" ? op.insert : "")).join("");
    return text
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean);
  } catch {
    return null;
  }
}

export const ARTICLE_UNREADABLE = "Impossible de charger l'article";
