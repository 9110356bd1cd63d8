import etag from "etag";
import fresh from "fresh";
import { isUtf8 } from "node:buffer";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { endCompressed } from "./compression";
import { isDatabaseUnreachable, logDatabaseOutage } from "../db/outage";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DatabaseUnavailableError,
  INTERNAL_ERROR_MESSAGE,
  MAX_JSON_DEPTH,
  REQUEST_TOO_LARGE_MESSAGE,
  RETRY_AFTER_SECONDS,
  TOO_DEEP_MESSAGE,
} from "../errors";
import { errorSummary, logger } from "../logger";
import { type RateVerdict } from "./rate-limit";

/**
 * The HTTP pieces of the API's two edges, `/graphql` (graphql-endpoint.ts) and `/api/*`
 * (rest/router.ts), which are served on node:http without Express: reading a JSON body as
 * Express's `json()` did, answering JSON through the portal's compression, the rate limit's
 * headers. What every answer of the portal carries (security headers, the drain) and the client's
 * address come from app.ts, shared with Express's routes.
 */

export const UNSUPPORTED_CHARSET_MESSAGE = "Requête invalide : le corps JSON doit être encodé en UTF-8.";
export const UNSUPPORTED_ENCODING_MESSAGE =
  "Requête invalide : le corps est compressé d'une façon que le portail ne lit pas (gzip, deflate ou br).";

/** What the edges share with the rest of the portal (built in app.ts). */
export interface EdgeDeps {
  /** The client's address, behind the proxies TRUST_PROXY names (what Express calls req.ip). */
  clientAddress: (req: IncomingMessage) => string;
  /** What every answer of the portal carries: security headers, `Connection: close` while stopping. */
  prepare: (res: ServerResponse) => void;
  /** Whether a request that may change something comes from the portal's own pages (or no browser). */
  sameOrigin: (req: IncomingMessage) => boolean;
}

/** A browser's request from another site's page, refused before anything runs. */
export const FOREIGN_ORIGIN_MESSAGE = "Requête refusée : origine non autorisée.";

/** An error of the request itself, answered with its status before any operation runs. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A request's path and query string (`?…`, or empty), as sent: what Express's router read. A
 * request sent to a proxy's way (`GET http://host/api/… HTTP/1.1`) has its path taken from the URL.
 */
export function pathAndSearch(req: IncomingMessage): { path: string; search: string } {
  const url = req.url ?? "/";
  if (!url.startsWith("/")) {
    try {
      const parsed = new URL(url);
      return { path: parsed.pathname, search: parsed.search };
    } catch {
      return { path: url, search: "" };
    }
  }
  const end = url.indexOf("?");
  return end < 0 ? { path: url, search: "" } : { path: url.slice(0, end), search: url.slice(end) };
}

/** The path of a request, without its query string, in lower case (routes ignore case, as Express's did). */
export function lowerPath(req: IncomingMessage): string {
  return pathAndSearch(req).path.toLowerCase();
}

/** The media type of a request's body, in lower case and without its parameters. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
}

/** Whether a request sends a body (of one byte or more, or of a length told as it goes). */
export function carriesBody(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(req.headers["content-length"]);
  return Number.isFinite(length) && length > 0;
}

/**
 * A JSON body of an object or a list, as Express's `json()` reads it: UTF-8, gzip, deflate or
 * br, up to `limit` bytes once decoded; otherwise a RequestError (`unreadable`: the message of a
 * body that is not JSON, which each edge words its own way).
 */
export async function readJson(req: IncomingMessage, limit: number, unreadable: string): Promise<unknown> {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers["content-type"] ?? "")?.[1]?.toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") {
    req.resume();
    throw new RequestError(415, UNSUPPORTED_CHARSET_MESSAGE);
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding === "identity" && Number(req.headers["content-length"]) > limit) {
    req.resume();
    throw new RequestError(413, REQUEST_TOO_LARGE_MESSAGE);
  }
  const decoders: Record<string, () => Readable> = {
    identity: () => req,
    gzip: () => req.pipe(createGunzip()),
    deflate: () => req.pipe(createInflate()),
    br: () => req.pipe(createBrotliDecompress()),
  };
  if (!decoders[encoding]) {
    req.resume();
    throw new RequestError(415, UNSUPPORTED_ENCODING_MESSAGE);
  }
  const text = await readText(decoders[encoding](), req, limit, unreadable);
  // An empty body is no body, as Express's json() read it.
  if (text.length === 0) return {};
  const first = /\S/.exec(text)?.[0];
  // As `json({ strict: true })`: an object or a list, nothing else.
  if (first !== "{" && first !== "[") throw new RequestError(400, unreadable);
  let parsed: unknown;
  try {
    // Control characters (NUL, backspace…) mean nothing in a name, an address or a message, and
    // break what reads them later (CSV, e-mails): they are taken out of every text sent. Tabs and
    // line breaks stay. Only a body that escapes one is walked.
    parsed = CONTROL_ESCAPE.test(text) ? JSON.parse(text, withoutControls) : JSON.parse(text);
  } catch {
    throw new RequestError(400, unreadable);
  }
  // What reads the body walks it (the REST codecs, GraphQL's coercion): a body nested thousands
  // deep would exhaust their stack, a 500. It is refused here, for every reader.
  if (nestingExceeds(text, MAX_JSON_DEPTH)) throw new RequestError(400, TOO_DEEP_MESSAGE);
  return parsed;
}

/** A JSON escape of a control character other than a tab or a line break (`\u0000`, `\b`, `\f`…). */
const CONTROL_ESCAPE = /\\(?:u00(?:0[0-8bcef]|1[0-9a-f])|u007f|[bf])/i;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const withoutControls = (_key: string, value: unknown) =>
  typeof value === "string" ? value.replace(CONTROLS, "") : value;

/** Whether valid JSON text nests objects and lists deeper than `max` (strings skipped). */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      // A string: to its closing quote, over escaped characters.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/**
 * A form body (`application/x-www-form-urlencoded`, UTF-8, not compressed) as its fields: what
 * a mail provider posts to leave a list in one click (RFC 8058, `List-Unsubscribe=One-Click`).
 */
export async function readForm(
  req: IncomingMessage,
  limit: number,
  unreadable: string,
): Promise<Record<string, string>> {
  if ((req.headers["content-encoding"] ?? "identity").toLowerCase() !== "identity") {
    req.resume();
    throw new RequestError(415, UNSUPPORTED_ENCODING_MESSAGE);
  }
  const text = await readText(req, req, limit, unreadable);
  return Object.fromEntries(new URLSearchParams(text));
}

/** A stream's text, up to `limit` bytes (past it, the rest of the request is let go). */
function readText(stream: Readable, req: IncomingMessage, limit: number, unreadable: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const fail = (error: RequestError) => {
      if (done) return;
      done = true;
      stream.removeAllListeners("data");
      if (stream !== req) {
        req.unpipe();
        stream.destroy();
      }
      req.resume();
      reject(error);
    };
    stream.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) fail(new RequestError(413, REQUEST_TOO_LARGE_MESSAGE));
      else chunks.push(chunk);
    });
    stream.once("end", () => {
      if (done) return;
      done = true;
      const body = Buffer.concat(chunks, length);
      // Bytes that are not UTF-8 (a Latin-1 « crèche ») would be read as other words, silently.
      if (!isUtf8(body)) reject(new RequestError(400, UNSUPPORTED_CHARSET_MESSAGE));
      else resolve(body.toString("utf8"));
    });
    stream.once("error", () => fail(new RequestError(400, unreadable)));
    req.once("aborted", () => fail(new RequestError(400, unreadable)));
  });
}

/**
 * Answers a whole body, its status and headers set before: a successful GET carries a weak ETag
 * of its content, and a client that already has it gets 304 without the body (as Express's
 * `res.send` answered); otherwise the body goes compressed as the client accepts.
 */
export function sendWhole(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const method = req.method ?? "GET";
  if ((method === "GET" || method === "HEAD") && res.statusCode >= 200 && res.statusCode < 300) {
    const tag = etag(body, { weak: true });
    res.setHeader("ETag", tag);
    if (fresh(req.headers, { etag: tag })) {
      res.statusCode = 304;
      res.removeHeader("Content-Type");
      res.removeHeader("Content-Length");
      res.end();
      return Promise.resolve();
    }
  }
  return endCompressed(req, res, body);
}

/** Answers a JSON text (see sendWhole), its status and other headers set before. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: string): Promise<void> {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  return sendWhole(req, res, Buffer.from(body));
}

/** The rate limit's headers on the answer; whether the request goes on. */
export function applyVerdict(res: ServerResponse, verdict: RateVerdict | null): boolean {
  for (const [name, value] of verdict?.headers ?? []) res.setHeader(name, value);
  return !verdict || verdict.allowed;
}

/** Resolves once the client has sent the whole request (an answer to an upload waits for it). */
export function requestFinished(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once("end", resolve);
    req.once("close", resolve);
    req.resume();
  });
}

/**
 * The last answer of an edge to a request its handler failed: the request's own error with its
 * status, 503 with Retry-After while the database is out of reach, else 500 (logged). A failure
 * after the answer started cuts the connection. `errorBody` gives the edge's error shape.
 */
export function answerFailure(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  edge: "graphql" | "rest",
  errorBody: (message: string, code: string) => string,
): void {
  req.resume();
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof RequestError) {
    void sendJson(req, res, error.status, errorBody(error.message, "BAD_USER_INPUT"));
    return;
  }
  // The database is out of reach (the session lookup, an upload's record…): try again soon.
  if (error instanceof DatabaseUnavailableError || isDatabaseUnreachable(error)) {
    logDatabaseOutage(edge, error);
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    void sendJson(req, res, 503, errorBody(DATABASE_UNAVAILABLE_MESSAGE, "SERVICE_UNAVAILABLE"));
    return;
  }
  logger.error(`${edge}.unexpected_error`, { error: errorSummary(error) });
  void sendJson(req, res, 500, errorBody(INTERNAL_ERROR_MESSAGE, "INTERNAL_SERVER_ERROR"));
}
