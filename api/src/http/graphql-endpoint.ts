import { type ApolloServer, HeaderMap, type HTTPGraphQLRequest } from "@apollo/server";
import Negotiator from "negotiator";
import { readFile } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse } from "node:http";
import processRequest from "graphql-upload/processRequest.mjs";
import {
  answerFailure,
  applyVerdict,
  type EdgeDeps,
  FOREIGN_ORIGIN_MESSAGE,
  lowerPath,
  mediaType,
  pathAndSearch,
  readJson,
  RequestError,
  requestFinished,
  sendJson,
  sendWhole,
} from "./api-http";
import type { Context } from "../context";
import { UNREADABLE_BODY_MESSAGE } from "../errors";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "../modules/uploads/file-type";
import { type AnonymousRateLimit, isSignInOnly, rateLimitedBody } from "./rate-limit";

/** The largest JSON body of a GraphQL call (an article's Quill document fits many times over). */
export const GRAPHQL_BODY_LIMIT = 3 * 1024 * 1024;

export interface GraphqlEndpointDeps extends EdgeDeps {
  apollo: ApolloServer<Context>;
  /** The request's context: its viewer from the session cookie, its address, its cookie writer. */
  buildContext: (req: IncomingMessage, res: ServerResponse) => Promise<Context>;
  rateLimit: AnonymousRateLimit;
  /** The GraphiQL page of the web build, or null when the explorer is off. */
  explorerPage: string | null;
}

const errorBody = (message: string, code: string) => JSON.stringify({ errors: [{ message, extensions: { code } }] });

/**
 * `/graphql`, served on node:http without Express: the portal's busiest path (every list, card
 * and form of the web, and the API's third parties) skips a framework's per-request cost (about
 * a quarter of a search's CPU on a 2-core machine, docs/decisions.md), and keeps what
 * Express gave it, from the same shared pieces: the security headers and the drain (`prepare`),
 * the anonymous rate limit (the same counts as the REST routes), the client's address behind
 * proxies, the body limits and their French errors, compression, file uploads (graphql-upload's
 * own processRequest) and the explorer page. Apollo Server then does what it does behind any
 * integration: CSRF prevention, the method and body checks, the operation.
 */
export function graphqlEndpoint(deps: GraphqlEndpointDeps) {
  const { apollo, buildContext, rateLimit, clientAddress, prepare, sameOrigin, explorerPage } = deps;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    prepare(res);
    const { search } = pathAndSearch(req);
    const method = (req.method ?? "GET").toUpperCase();
    // The explorer is a page of the web build, for a browser that asks for HTML and no query.
    if ((method === "GET" || method === "HEAD") && explorerPage && !new URLSearchParams(search).get("query")) {
      const accepted = new Negotiator(req).mediaType(["application/json", "text/html"]);
      if (accepted === "text/html") {
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Cache-Control", "no-cache");
        await sendWhole(req, res, await readFile(explorerPage));
        return;
      }
    }

    let body: unknown;
    let bodyRead = false;
    if (!applyVerdict(res, await rateLimit.check(req, clientAddress(req)))) {
      // Past the anonymous limit, a sign-in alone still goes (it has limits of its own).
      if (method === "POST" && mediaType(req) === "application/json") {
        body = await readJson(req, GRAPHQL_BODY_LIMIT, UNREADABLE_BODY_MESSAGE).catch(() => undefined);
        bodyRead = true;
      }
      if (!bodyRead || !isSignInOnly(body)) {
        if (!bodyRead) req.resume();
        await sendJson(req, res, 429, rateLimitedBody(true));
        return;
      }
      res.removeHeader("Retry-After");
    }
    if (!sameOrigin(req)) {
      req.resume();
      await sendJson(req, res, 403, errorBody(FOREIGN_ORIGIN_MESSAGE, "FORBIDDEN"));
      return;
    }

    const multipart = method === "POST" && mediaType(req) === "multipart/form-data";
    try {
      if (bodyRead) {
        // Read above, to tell a sign-in from the rest.
      } else if (multipart)
        // A file over its limit (or too many) is 413; any other multipart fault, unreadable.
        body = await processRequest(req, res, { maxFileSize: MAX_UPLOAD_BYTES + 1, maxFiles: 1 }).catch(
          (error: { status?: number }) => {
            throw error.status === 413
              ? new RequestError(413, UPLOAD_TOO_LARGE)
              : new RequestError(400, UNREADABLE_BODY_MESSAGE);
          },
        );
      else if (method === "POST" && mediaType(req) === "application/json")
        body = await readJson(req, GRAPHQL_BODY_LIMIT, UNREADABLE_BODY_MESSAGE);
      // Apollo answers any other request (a GET query, a simple request that CSRF prevention refuses…).
      else req.resume();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      // A refused upload is answered once the client has sent it all, as the accepted ones are.
      if (multipart) await requestFinished(req);
      await sendJson(req, res, error.status, errorBody(error.message, "BAD_USER_INPUT"));
      return;
    }

    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const httpGraphQLRequest: HTTPGraphQLRequest = { method, headers, search, body };
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest,
      context: () => buildContext(req, res),
    });
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.statusCode = response.status ?? 200;
    if (response.body.kind !== "complete") throw new Error("Réponse GraphQL incrémentale inattendue");
    // A multipart request is answered once the client has sent all of it.
    if (multipart) await requestFinished(req);
    await sendWhole(req, res, Buffer.from(response.body.string));
  }

  return {
    /** Whether a request is for `/graphql` (any method, any query string, any case), as Express matched it. */
    matches(req: IncomingMessage): boolean {
      const path = lowerPath(req);
      return path === "/graphql" || path === "/graphql/";
    },
    serve(req: IncomingMessage, res: ServerResponse): void {
      serve(req, res).catch((error: unknown) => answerFailure(req, res, error, "graphql", errorBody));
    },
  };
}
