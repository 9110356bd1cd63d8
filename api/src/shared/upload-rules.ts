/**
 * What a partner may upload, written once for the API (which reads the real type from the bytes)
 * and the web (whose checks only spare a useless upload): the size of a file, the number of an
 * article's attachments, the accepted types, and what is said when a file is refused. Plain
 * TypeScript with no imports.
 */

/** The largest file accepted: 10 Mo. */
export const MAX_UPLOAD_MEGABYTES = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;
export const UPLOAD_TOO_LARGE = `Échec de l'import du fichier, la taille maximum d'un fichier est : ${MAX_UPLOAD_MEGABYTES} Mo`;

/** The attachments of one article (spec §9). */
export const MAX_ARTICLE_FILES = 6;
export const TOO_MANY_FILES = `Vous pouvez importer jusqu'à ${MAX_ARTICLE_FILES} fichiers`;

export const UPLOAD_REFUSED =
  "Ce type de fichier n'est pas accepté : images (PNG, JPEG, GIF, WebP, SVG), PDF, documents Word, Excel, PowerPoint, OpenDocument.";

/** The types the server recognises: images, PDF, Office Open XML and OpenDocument files. */
export const ACCEPTED_MIME_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
] as const;

/** …and their names' endings. */
export const ACCEPTED_EXTENSIONS = [
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".svg",
  ".pdf",
  ".docx",
  ".xlsx",
  ".pptx",
  ".odt",
  ".ods",
] as const;

/** The longest alternative text kept for an image (a sentence or two; longer belongs in the text). */
export const MAX_ALT = 250;
