import { type ApolloServer, HeaderMap, type HTTPGraphQLRequest } from "@apollo/server";
import Negotiator from "negotiator";
import { readFile } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import processRequest from "graphql-upload/processRequest.mjs";
import { endCompressed } from "./compression";
import type { Context } from "./context";
import { isDatabaseUnreachable, logDatabaseOutage } from "./db/outage";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  REQUEST_TOO_LARGE_MESSAGE,
  RETRY_AFTER_SECONDS,
  UNREADABLE_BODY_MESSAGE,
} from "./errors";
import { logger } from "./logger";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "./modules/uploads/file-type";
import { type AnonymousRateLimit, rateLimitedBody } from "./rate-limit";

/** The largest JSON body of a GraphQL call (an article's Quill document fits many times over). */
export const GRAPHQL_BODY_LIMIT = 3 * 1024 * 1024;

export const UNSUPPORTED_CHARSET_MESSAGE = "Requête invalide : le corps JSON doit être encodé en UTF-8.";
export const UNSUPPORTED_ENCODING_MESSAGE =
  "Requête invalide : le corps est compressé d'une façon que le portail ne lit pas (gzip, deflate ou br).";

export interface GraphqlEndpointDeps {
  apollo: ApolloServer<Context>;
  /** The request's context: its viewer from the session cookie, its address, its cookie writer. */
  buildContext: (req: IncomingMessage, res: ServerResponse) => Promise<Context>;
  rateLimit: AnonymousRateLimit;
  /** The client's address, behind the proxies TRUST_PROXY names (what Express calls req.ip). */
  clientAddress: (req: IncomingMessage) => string;
  /** What every answer of the portal carries: security headers, `Connection: close` while stopping. */
  prepare: (res: ServerResponse) => void;
  /** The GraphiQL page of the web build, or null when the explorer is off. */
  explorerPage: string | null;
}

/** An error of the request itself, answered with its status before GraphQL runs. */
class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `/graphql`, served on node:http without Express: the portal's busiest path (every list, card
 * and form of the web, and the API's third parties) skips a framework's per-request cost (about
 * a third of a search's CPU on a 2-core machine, README « Search at scale »), and keeps what
 * Express gave it, from the same shared pieces: the security headers and the drain (`prepare`),
 * the anonymous rate limit (the same counts as the REST routes), the client's address behind
 * proxies, the body limits and their French errors, compression (`endCompressed`), file uploads
 * (graphql-upload's own processRequest) and the explorer page. Apollo Server then does what it
 * does behind any integration: CSRF prevention, the method and body checks, the operation.
 */
export function graphqlEndpoint(deps: GraphqlEndpointDeps) {
  const { apollo, buildContext, rateLimit, clientAddress, prepare, explorerPage } = deps;

  const answer = (req: IncomingMessage, res: ServerResponse, status: number, body: string) => {
    res.statusCode = status;
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    return endCompressed(req, res, Buffer.from(body));
  };
  const answerError = (req: IncomingMessage, res: ServerResponse, status: number, message: string, code: string) =>
    answer(req, res, status, JSON.stringify({ errors: [{ message, extensions: { code } }] }));

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    prepare(res);
    const url = new URL(req.url ?? "/", "http://portail");
    const method = (req.method ?? "GET").toUpperCase();
    // The explorer is a page of the web build, for a browser that asks for HTML and no query.
    if ((method === "GET" || method === "HEAD") && explorerPage && !url.searchParams.get("query")) {
      const accepted = new Negotiator(req).mediaType(["application/json", "text/html"]);
      if (accepted === "text/html") {
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Cache-Control", "no-cache");
        await endCompressed(req, res, await readFile(explorerPage));
        return;
      }
    }

    const verdict = await rateLimit.check(req, clientAddress(req));
    for (const [name, value] of verdict?.headers ?? []) res.setHeader(name, value);
    if (verdict && !verdict.allowed) {
      req.resume();
      await answer(req, res, 429, rateLimitedBody(true));
      return;
    }

    let body: unknown;
    const multipart = method === "POST" && mediaType(req) === "multipart/form-data";
    try {
      if (multipart)
        // A file over its limit (or too many) is 413; any other multipart fault, unreadable.
        body = await processRequest(req, res, { maxFileSize: MAX_UPLOAD_BYTES + 1, maxFiles: 1 }).catch(
          (error: { status?: number }) => {
            throw error.status === 413
              ? new RequestError(413, UPLOAD_TOO_LARGE)
              : new RequestError(400, UNREADABLE_BODY_MESSAGE);
          },
        );
      else if (method === "POST" && mediaType(req) === "application/json") body = await readJson(req);
      else req.resume();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      await answerError(req, res, error.status, error.message, "BAD_USER_INPUT");
      return;
    }

    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const httpGraphQLRequest: HTTPGraphQLRequest = { method, headers, search: url.search, body };
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest,
      context: () => buildContext(req, res),
    });
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.statusCode = response.status ?? 200;
    if (response.body.kind !== "complete") throw new Error("Réponse GraphQL incrémentale inattendue");
    // A multipart request is answered once the client has sent all of it.
    if (multipart) await requestFinished(req);
    await endCompressed(req, res, Buffer.from(response.body.string));
  }

  return {
    /** Whether a request is for `/graphql` (any method, any query string), as Express matched it. */
    matches(req: IncomingMessage): boolean {
      const url = req.url ?? "";
      const end = url.indexOf("?");
      const path = (end < 0 ? url : url.slice(0, end)).toLowerCase();
      return path === "/graphql" || path === "/graphql/";
    },
    serve(req: IncomingMessage, res: ServerResponse): void {
      serve(req, res).catch((error: unknown) => {
        req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // The database is out of reach (a session lookup…): try again soon.
        if (isDatabaseUnreachable(error)) {
          logDatabaseOutage("graphql", error);
          res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
          void answerError(req, res, 503, DATABASE_UNAVAILABLE_MESSAGE, "SERVICE_UNAVAILABLE");
          return;
        }
        logger.error("graphql.unexpected_error", { error: String(error) });
        void answerError(req, res, 500, INTERNAL_ERROR_MESSAGE, "INTERNAL_SERVER_ERROR");
      });
    },
  };
}

/** The media type of a request's body, in lower case and without its parameters. */
function mediaType(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * A JSON body of an object or a list (as Express's `json()` reads it: UTF-8, gzip, deflate or br,
 * up to GRAPHQL_BODY_LIMIT once decoded), or a RequestError.
 */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers["content-type"] ?? "")?.[1]?.toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") {
    req.resume();
    throw new RequestError(415, UNSUPPORTED_CHARSET_MESSAGE);
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  const declared = Number(req.headers["content-length"]);
  if (encoding === "identity" && declared > GRAPHQL_BODY_LIMIT) {
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
  const text = await readText(decoders[encoding](), req);
  const first = /\S/.exec(text)?.[0];
  // As `json({ strict: true })`: an object or a list, nothing else.
  if (first !== "{" && first !== "[") throw new RequestError(400, UNREADABLE_BODY_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestError(400, UNREADABLE_BODY_MESSAGE);
  }
}

/** A stream's text, up to GRAPHQL_BODY_LIMIT bytes (past it, the rest of the request is let go). */
function readText(stream: Readable, req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const fail = (error: RequestError) => {
      stream.removeAllListeners("data");
      if (stream !== req) stream.destroy();
      req.unpipe();
      req.resume();
      reject(error);
    };
    stream.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > GRAPHQL_BODY_LIMIT) fail(new RequestError(413, REQUEST_TOO_LARGE_MESSAGE));
      else chunks.push(chunk);
    });
    stream.once("end", () => resolve(Buffer.concat(chunks, length).toString("utf8")));
    stream.once("error", () => fail(new RequestError(400, UNREADABLE_BODY_MESSAGE)));
    req.once("aborted", () => fail(new RequestError(400, UNREADABLE_BODY_MESSAGE)));
  });
}

function requestFinished(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once("end", resolve);
    req.once("close", resolve);
    req.resume();
  });
}
