import { type Response } from "express";
import { type Services } from "../../container";

/**
 * Serves an uploaded file with the type read from its bytes. Images show
 * inline; everything else (SVG included) downloads as an attachment, in a
 * sandbox, so a file can never run script in the portal's origin.
 */
export async function serveUpload(services: Services, key: string, res: Response): Promise<void> {
  const file = await services.uploads.findByKey(key);
  const stream = file && (await services.uploads.read(file.storageKey));
  if (!file || !stream) {
    res.status(404).json({ message: "Ce fichier est introuvable.", code: "NOT_FOUND" });
    return;
  }
  const inline = ["image/png", "image/jpeg", "image/gif", "image/webp"].includes(file.mimeType);
  const encoded = encodeURIComponent(file.originalName);
  res.setHeader("Content-Type", file.mimeType);
  res.setHeader("Content-Length", String(file.size));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  res.setHeader("Content-Disposition", `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encoded}`);
  // Keys are random and never reused: a file never changes under its link.
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  // A stream that fails part-way (a storage out of reach) ends the answer short: the client sees
  // a broken download rather than a file cut without notice.
  stream.on("error", () => res.destroy());
  stream.pipe(res);
}
