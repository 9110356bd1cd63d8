import { ValidationError } from "../../errors";
import { MAX_ALT } from "../../shared/upload-rules";

/**
 * Server-side check of a Quill document (delta JSON). Only the formats the
 * editor offers survive; links must be http(s) or mailto; images must come
 * from the portal's uploads or https. Anything else is removed, so what is
 * stored is safe to render whatever the client.
 */
export const EDITOR_FONTS = ["sans-serif", "serif", "monospace", "arial", "georgia", "verdana", "cursive"] as const;

const BLOCK_FORMATS: Record<string, (value: unknown) => boolean> = {
  header: (v) => v === 1 || v === 2 || v === 3,
  list: (v) => v === "ordered" || v === "bullet",
  align: (v) => v === "center" || v === "right" || v === "justify",
  blockquote: (v) => v === true,
  indent: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 8,
};

const COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

const INLINE_FORMATS: Record<string, (value: unknown) => boolean> = {
  bold: (v) => v === true,
  italic: (v) => v === true,
  underline: (v) => v === true,
  strike: (v) => v === true,
  font: (v) => typeof v === "string" && (EDITOR_FONTS as readonly string[]).includes(v),
  color: (v) => typeof v === "string" && COLOR.test(v),
  background: (v) => typeof v === "string" && COLOR.test(v),
  link: (v) => typeof v === "string" && isSafeLink(v),
};

export function isSafeLink(url: string): boolean {
  if (url.length > 2000) return false;
  try {
    return ["http:", "https:", "mailto:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

export { MAX_ALT };

/** Our uploads (a relative /uploads/ path) or an https image. */
export function isSafeImage(src: string): boolean {
  if (src.length > 2000) return false;
  if (/^\/uploads\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(src)) return true;
  try {
    return new URL(src).protocol === "https:";
  } catch {
    return false;
  }
}

export interface QuillDocument {
  /** The cleaned document, as stored. */
  json: string;
  /** Its text, for search and descriptions. */
  text: string;
  /** The text of the first level-one heading, if any. */
  firstHeading: string | null;
  /** Image sources, in order. */
  images: string[];
}

type Op = { insert: string | { image: string }; attributes?: Record<string, unknown> };

const MAX_OPS = 10_000;

/** Which document is read, for the messages: a media's article (default) or a service's description. */
export interface DocumentField {
  field: "article" | "description";
  /** « de l'article », « de la description ». */
  of: string;
}

const ARTICLE: DocumentField = { field: "article", of: "de l'article" };

export function cleanQuillDocument(
  source: string,
  { maxLength = 2_000_000, document = ARTICLE }: { maxLength?: number; document?: DocumentField } = {},
): QuillDocument {
  const refuse = (message: string) => new ValidationError(message, { [document.field]: message });
  if (source.length > maxLength) throw refuse(`Le contenu ${document.of} est trop long.`);
  const unreadable = `Le contenu ${document.of} est illisible.`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    throw refuse(unreadable);
  }
  const rawOps = (parsed as { ops?: unknown })?.ops;
  if (!Array.isArray(rawOps) || rawOps.length > MAX_OPS) throw refuse(unreadable);

  const ops: Op[] = [];
  const images: string[] = [];
  for (const raw of rawOps as Array<{ insert?: unknown; attributes?: unknown }>) {
    const insert = raw?.insert;
    const attributes =
      raw?.attributes && typeof raw.attributes === "object" ? (raw.attributes as Record<string, unknown>) : {};
    if (typeof insert === "string") {
      const kept: Record<string, unknown> = {};
      const formats = insert.includes("\n") ? { ...INLINE_FORMATS, ...BLOCK_FORMATS } : INLINE_FORMATS;
      // Own keys only: "constructor", "toString" or "__proto__" must not reach Object.prototype.
      for (const [name, value] of Object.entries(attributes)) {
        if (Object.hasOwn(formats, name) && formats[name](value)) kept[name] = value;
      }
      ops.push(Object.keys(kept).length ? { insert, attributes: kept } : { insert });
    } else if (insert && typeof insert === "object" && typeof (insert as { image?: unknown }).image === "string") {
      const src = (insert as { image: string }).image;
      if (isSafeImage(src)) {
        images.push(src);
        // Its alternative text (« » for a decorative image) is kept: readers render it as `alt`.
        // Plain text only: whitespace folded, no angle brackets (pages set it as an attribute, never as markup).
        const alt =
          typeof attributes.alt === "string" ? attributes.alt.replace(/[<>]/g, "").replace(/\s+/g, " ").trim() : null;
        ops.push(
          alt !== null
            ? { insert: { image: src }, attributes: { alt: alt.slice(0, MAX_ALT) } }
            : { insert: { image: src } },
        );
      }
    }
    // Any other embed (video, formula, script…) is dropped.
  }
  if (ops.length === 0 || !String((ops[ops.length - 1] as Op).insert).endsWith("\n")) ops.push({ insert: "\n" });

  return { json: JSON.stringify({ ops }), text: plainText(ops), firstHeading: firstHeading(ops), images };
}

function plainText(ops: Op[]): string {
  return ops
    .map((op) => (typeof op.insert === "string" ? op.insert : " "))
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** In a delta, a line's block format sits on the "\n" that ends it. */
function firstHeading(ops: Op[]): string | null {
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
        if (op.attributes?.header === 1 && line.trim()) return line.trim().slice(0, 255);
        line = "";
      }
    }
  }
  return null;
}
