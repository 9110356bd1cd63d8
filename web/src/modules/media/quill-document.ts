/**
 * Reading a Quill document (delta JSON) as the server does: its text, its first
 * level-one heading, whether it is empty, which images the server keeps. Text only: nothing here produces HTML.
 */

export interface QuillOp {
  insert?: unknown;
  attributes?: Record<string, unknown>;
}

/** The operations of a delta JSON document, or null when it cannot be read. */
export function parseDocument(json: string | null | undefined): QuillOp[] | null {
  if (!json) return null;
  try {
    const ops = (JSON.parse(json) as { ops?: unknown })?.ops;
    return Array.isArray(ops) ? (ops as QuillOp[]) : null;
  } catch {
    return null;
  }
}

const isImage = (insert: unknown): insert is { image: string } =>
  typeof insert === "object" && insert !== null && typeof (insert as { image?: unknown }).image === "string";

/** Images the server keeps: the portal's uploads or https. */
export function isSafeImageSource(src: string): boolean {
  if (/^\/uploads\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(src)) return true;
  try {
    return new URL(src).protocol === "https:";
  } catch {
    return false;
  }
}

/** A document with no text and no image. */
export function isDocumentEmpty(ops: readonly QuillOp[]): boolean {
  return !ops.some((op) => (typeof op.insert === "string" ? op.insert.trim() !== "" : isImage(op.insert)));
}

/** The text of the first level-one heading (a line's format sits on its "\n"), as the server reads it. */
export function firstHeading(ops: readonly QuillOp[]): string | null {
  let line = "";
  for (const op of ops) {
    if (typeof op.insert !== "string") {
      line += " ";
      continue;
    }
    const parts = op.insert.split("\n");
    for (let index = 0; index < parts.length; index++) {
      line += parts[index];
      if (index < parts.length - 1) {
        if (op.attributes?.header === 1 && line.trim()) return line.trim();
        line = "";
      }
    }
  }
  return null;
}

/** The document's text (images and other embeds left out), for descriptions. */
export function plainText(ops: readonly QuillOp[]): string {
  return ops.map((op) => (typeof op.insert === "string" ? op.insert : " ")).join("");
}
