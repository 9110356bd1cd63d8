import compression from "compression";
import { type Request, type RequestHandler, type Response } from "express";
import Negotiator from "negotiator";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from "node:zlib";
import vary from "vary";

/** Answers smaller than this are sent as they are: compressing them saves nothing worth its cost. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Answers sent whole up to this size are compressed at once, on the request's own turn: an API
 * answer or a page (a few KB to some tens of KB) takes about 0.1 ms of brotli there, where a
 * compression stream would cost a round trip through the thread pool per chunk (about 1 ms a
 * request on this machine, most of it waiting). Larger answers keep the stream, so that one
 * answer never holds the others up.
 */
export const WHOLE_ANSWER_LIMIT = 128 * 1024;

/** Brotli's quality 5: most of its gain over gzip, at a speed close to gzip's. */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Answers sent whole under this size (an API answer: a page of cards, a page of services with
 * their hours) are compressed at brotli's quality 3. There quality 5 saves 5 to 8 %, some 50 to
 * 300 bytes and seldom a packet, for two to three times the time: 0.27 against 0.12 ms for a
 * page of 15 media cards (6.6 KB); 0.62 to 0.77 against 0.25 ms for the REST services search's
 * answer (22 KB, 3,258 against 3,530 bytes: three packets either way), measured between
 * requests as a server runs it (a pause, other allocations). Pages (about 100 KB of HTML) keep
 * quality 5: there it saves 2 KB, more than a packet on a phone's slow network.
 */
export const SMALL_ANSWER = 32 * 1024;
const SMALL_ANSWER_QUALITY = 3;
const ENCODINGS = ["br", "gzip", "identity"];
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compression of the portal's answers of 1 KB or more, brotli or gzip as the client accepts.
 * Answers sent in one piece (`res.json`, `res.send`: every GraphQL, REST and page answer) are
 * compressed at once; streamed ones (files, feeds, open data) go through the `compression`
 * stream. Both follow the same rules: compressible types only, never `no-transform`, `HEAD`,
 * an answer already encoded or without a body; `Vary: Accept-Encoding` whenever it depends on it.
 */
export function compressAnswers(): RequestHandler[] {
  return [compression({ threshold: COMPRESSION_THRESHOLD, brotli: BROTLI }), compressWholeAnswers];
}

/**
 * Registered after `compression`, so that its `end` runs first: an answer it compresses reaches
 * the stream marked as encoded, and the stream lets it through untouched.
 */
const compressWholeAnswers: RequestHandler = (req, res, next) => {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let written = false;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((...args: unknown[]) => {
    written = true;
    return write(...args);
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    const [chunk, encoding] = args;
    if (!written && !res.headersSent && (typeof chunk === "string" || Buffer.isBuffer(chunk))) {
      const body = typeof chunk === "string" ? Buffer.from(chunk, encodingOf(encoding)) : chunk;
      const method = compressible(req, res, body.length);
      if (method) {
        const compressed = method === "br" ? brotliCompressSync(body, brotliOptionsFor(body.length)) : gzipSync(body);
        res.setHeader("Content-Encoding", method);
        res.setHeader("Content-Length", compressed.length);
        const callback = args.find((arg) => typeof arg === "function");
        return callback ? end(compressed, callback) : end(compressed);
      }
    }
    return end(...args);
  }) as Response["end"];
  next();
};

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/**
 * Sends a whole answer (its status and headers already set), compressed by the same rules as
 * `compressAnswers`, for handlers that run on node:http alone (`/graphql`). An answer over
 * WHOLE_ANSWER_LIMIT is compressed on the thread pool, so that one answer never holds the others up.
 */
export async function endCompressed(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const method = compressible(req, res, body.length, Infinity);
  let sent = body;
  if (method) {
    const options = brotliOptionsFor(body.length);
    sent =
      body.length <= WHOLE_ANSWER_LIMIT
        ? method === "br"
          ? brotliCompressSync(body, options)
          : gzipSync(body)
        : method === "br"
          ? await brotliLater(body, options)
          : await gzipLater(body);
    res.setHeader("Content-Encoding", method);
  }
  res.setHeader("Content-Length", sent.length);
  res.end(req.method === "HEAD" ? undefined : sent);
}

/** The encoding for this answer, or null when it goes as it is (the same rules as the stream's). */
function compressible(
  req: IncomingMessage,
  res: ServerResponse,
  length: number,
  limit = WHOLE_ANSWER_LIMIT,
): "br" | "gzip" | null {
  if (length > limit || req.method === "HEAD") return null;
  if (res.statusCode === 204 || res.statusCode === 304) return null;
  // The library's filter reads the answer's Content-Type only (its types say Express's objects).
  if (!compression.filter(req as Request, res as Response)) return null;
  if (NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
  if (res.getHeader("Content-Encoding") && res.getHeader("Content-Encoding") !== "identity") return null;
  vary(res, "Accept-Encoding");
  // No Accept-Encoding: the answer goes as it is (what negotiation would pick), without negotiating.
  if (length < COMPRESSION_THRESHOLD || !req.headers["accept-encoding"]) return null;
  // As the stream does: the client's preference, then brotli (smaller) when both are as welcome.
  const accepted = new Negotiator(req).encoding(ENCODINGS, { preferred: ["br", "gzip"] });
  return accepted === "br" || accepted === "gzip" ? accepted : null;
}

function encodingOf(encoding: unknown): BufferEncoding {
  return typeof encoding === "string" && Buffer.isEncoding(encoding) ? encoding : "utf8";
}

/** Brotli's options for a whole answer of `size` bytes: its quality (see SMALL_ANSWER) and size. */
export function brotliOptionsFor(size: number) {
  return {
    params: {
      ...BROTLI.params,
      ...(size < SMALL_ANSWER ? { [zlib.BROTLI_PARAM_QUALITY]: SMALL_ANSWER_QUALITY } : {}),
      [zlib.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}
