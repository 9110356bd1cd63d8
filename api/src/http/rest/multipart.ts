import busboy from "busboy";
import Upload from "graphql-upload/Upload.mjs";
import { type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { MAX_UPLOAD_BYTES } from "../../modules/uploads/file-type";

/**
 * Reads the one file of a multipart request into a GraphQL Upload value, so the
 * REST row runs the same uploadFile mutation as GraphQL clients. A file over the
 * limit is cut at the limit + 1 byte, which the mutation then refuses.
 */
export function readMultipartFile(req: IncomingMessage, field: string): Promise<Upload | null> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send the file name as raw UTF-8 (busboy would read it as latin1).
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 10 },
      });
    } catch {
      resolve(null);
      return;
    }
    let upload: Upload | null = null;
    // A malformed body is the client's error: answered 400.
    const refuse = (error: Error) => reject(Object.assign(error, { status: 400 }));
    parser.on("file", (name, stream, info) => {
      // A body cut inside a file (no closing boundary) fails on the file's own stream: unhandled,
      // that error would stop the process.
      stream.on("error", refuse);
      if (name !== field || upload) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        upload = new Upload();
        upload.resolve({
          filename: info.filename,
          mimetype: info.mimeType,
          encoding: info.encoding,
          createReadStream: () => Readable.from([bytes]) as never,
        });
      });
    });
    parser.on("error", refuse);
    parser.on("close", () => resolve(upload));
    req.pipe(parser);
  });
}
