/**
 * What a file really is, read from its first bytes (never from its name or the
 * declared type). Only the formats the portal accepts are recognised.
 */
export interface DetectedType {
  mime: string;
  extension: string;
  /** Shown inline (in an <img>); everything else is downloaded as an attachment. */
  image: boolean;
}

const TYPES = {
  png: { mime: "image/png", extension: "png", image: true },
  jpeg: { mime: "image/jpeg", extension: "jpg", image: true },
  gif: { mime: "image/gif", extension: "gif", image: true },
  webp: { mime: "image/webp", extension: "webp", image: true },
  svg: { mime: "image/svg+xml", extension: "svg", image: false },
  pdf: { mime: "application/pdf", extension: "pdf", image: false },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
    image: false,
  },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx", image: false },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extension: "pptx",
    image: false,
  },
  odt: { mime: "application/vnd.oasis.opendocument.text", extension: "odt", image: false },
  ods: { mime: "application/vnd.oasis.opendocument.spreadsheet", extension: "ods", image: false },
} satisfies Record<string, DetectedType>;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString("latin1");

/** Office documents are zip files: their member names tell which. */
function zipKind(bytes: Buffer): DetectedType | null {
  // An OpenDocument file starts with an uncompressed "mimetype" member holding its type.
  if (ascii(bytes, 30, 38) === "mimetype") {
    const declared = ascii(bytes, 38, 38 + 60);
    if (declared.startsWith(TYPES.odt.mime)) return TYPES.odt;
    if (declared.startsWith(TYPES.ods.mime)) return TYPES.ods;
    return null;
  }
  // Office Open XML: look for the main part's folder among the member names.
  const names = bytes.toString("latin1");
  if (!names.includes("[Content_Types].xml")) return null;
  if (names.includes("word/")) return TYPES.docx;
  if (names.includes("xl/")) return TYPES.xlsx;
  if (names.includes("ppt/")) return TYPES.pptx;
  return null;
}

export function detectFileType(bytes: Buffer): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return TYPES.gif;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return TYPES.webp;
  if (ascii(bytes, 0, 5) === "%PDF-") return TYPES.pdf;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipKind(bytes);
  const head = bytes
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return TYPES.svg;
  return null;
}

export { MAX_UPLOAD_BYTES, UPLOAD_REFUSED, UPLOAD_TOO_LARGE } from "../../shared/upload-rules";
