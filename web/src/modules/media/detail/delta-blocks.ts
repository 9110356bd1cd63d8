import { isSafeImageSource, parseDocument } from "../quill-document";

/**
 * A Quill document turned into blocks and inline runs that React renders as
 * elements: no HTML string is ever injected. Only the formats the server keeps
 * are read, and links and images are checked again here.
 */
export interface Run {
  text?: string;
  image?: string;
  /** The image's alternative text: "" for a decorative image; absent when its author gave none. */
  alt?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  link?: string;
  font?: string;
  color?: string;
  background?: string;
}

export interface Block {
  kind: "paragraph" | "heading" | "list-item" | "quote";
  level?: number;
  list?: "ordered" | "bullet";
  align?: "center" | "right" | "justify";
  indent?: number;
  runs: Run[];
}

const COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
const FONTS = ["sans-serif", "serif", "monospace", "arial", "georgia", "verdana", "cursive"];

export const safeLink = (url: unknown): string | undefined => {
  if (typeof url !== "string") return undefined;
  try {
    return ["http:", "https:", "mailto:"].includes(new URL(url, "https://invalid.example").protocol) &&
      /^(https?:|mailto:)/i.test(url)
      ? url
      : undefined;
  } catch {
    return undefined;
  }
};

export const safeImage = (src: unknown): string | undefined =>
  typeof src === "string" && isSafeImageSource(src) ? src : undefined;

function run(text: string, attributes: Record<string, unknown>): Run {
  const result: Run = { text };
  if (attributes.bold === true) result.bold = true;
  if (attributes.italic === true) result.italic = true;
  if (attributes.underline === true) result.underline = true;
  if (attributes.strike === true) result.strike = true;
  const link = safeLink(attributes.link);
  if (link) result.link = link;
  if (typeof attributes.font === "string" && FONTS.includes(attributes.font)) result.font = attributes.font;
  if (typeof attributes.color === "string" && COLOR.test(attributes.color)) result.color = attributes.color;
  if (typeof attributes.background === "string" && COLOR.test(attributes.background))
    result.background = attributes.background;
  return result;
}

function block(runs: Run[], attributes: Record<string, unknown>): Block {
  const header = attributes.header;
  const result: Block =
    header === 1 || header === 2 || header === 3
      ? { kind: "heading", level: header, runs }
      : attributes.list === "ordered" || attributes.list === "bullet"
        ? { kind: "list-item", list: attributes.list, runs }
        : attributes.blockquote === true
          ? { kind: "quote", runs }
          : { kind: "paragraph", runs };
  if (attributes.align === "center" || attributes.align === "right" || attributes.align === "justify")
    result.align = attributes.align;
  if (Number.isInteger(attributes.indent)) result.indent = Math.min(8, Math.max(1, attributes.indent as number));
  return result;
}

/** The blocks of a document, or null when it is not a readable Quill document. */
export function deltaBlocks(document: string | null | undefined): Block[] | null {
  if (!document) return [];
  const ops = parseDocument(document);
  if (ops === null) return null;
  const blocks: Block[] = [];
  let line: Run[] = [];
  for (const op of ops) {
    const attributes = op?.attributes && typeof op.attributes === "object" ? op.attributes : {};
    if (typeof op?.insert === "string") {
      const parts = op.insert.split("\n");
      parts.forEach((part, index) => {
        if (part) line.push(run(part, attributes));
        if (index < parts.length - 1) {
          blocks.push(block(line, attributes));
          line = [];
        }
      });
    } else if (op?.insert && typeof op.insert === "object") {
      const image = safeImage((op.insert as { image?: unknown }).image);
      if (image) line.push(typeof attributes.alt === "string" ? { image, alt: attributes.alt } : { image });
    }
  }
  if (line.length) blocks.push(block(line, {}));
  return blocks;
}

/** A paragraph with nothing to read or see: a blank line. */
const isBlankLine = (block: Block) =>
  block.kind === "paragraph" && block.runs.every((run) => !run.image && !run.text?.trim());

/**
 * What an article shows, in order: consecutive list items of one kind become one list. Blank
 * lines, which authors type between paragraphs because the editor shows none, are left out
 * (each block keeps its own margin): on a phone, two blank lines no longer open a gap of three;
 * a blank line still ends a list.
 */
export function articleItems(blocks: readonly Block[]): Array<Block | Block[]> {
  const items: Array<Block | Block[]> = [];
  let list: Block[] | null = null;
  for (const block of blocks) {
    if (isBlankLine(block)) list = null;
    else if (block.kind !== "list-item") {
      list = null;
      items.push(block);
    } else if (list && list[0].list === block.list) list.push(block);
    else {
      list = [block];
      items.push(list);
    }
  }
  return items;
}
