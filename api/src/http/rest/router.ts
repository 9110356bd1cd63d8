import { type ApolloServer } from "@apollo/server";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { parse as parseQuery } from "node:querystring";
import { match, type MatchFunction } from "path-to-regexp";
import {
  answerFailure,
  applyVerdict,
  carriesBody,
  type EdgeDeps,
  FOREIGN_ORIGIN_MESSAGE,
  lowerPath,
  mediaType,
  pathAndSearch,
  readForm,
  readJson,
  RequestError,
  requestFinished,
  sendJson,
  sendWhole,
} from "../api-http";
import { type Context } from "../../context";
import { GRAPHQL_BODY_LIMIT } from "../graphql-endpoint";
import { INVALID_REQUEST_MESSAGE, RETRY_AFTER_SECONDS, UNREADABLE_BODY_MESSAGE } from "../../errors";
import { type AnonymousRateLimit, rateLimitedBody, SIGN_IN_PATH } from "../rate-limit";
import { renameFields } from "./codecs";
import { restError } from "./errors";
import { readMultipartFile } from "./multipart";
import type { RestAnswer, RestRoute } from "./routes";
import { restTable } from "./table";

export const NOT_JSON_MESSAGE =
  "Le corps de la requête doit être envoyé en JSON, avec l'en-tête « Content-Type: application/json ».";
export const NOT_FOUND_MESSAGE = "Cette adresse d'API n'existe pas.";
export const notMultipartMessage = (field: string) =>
  `Le fichier doit être envoyé dans un formulaire (« Content-Type: multipart/form-data »), dans le champ « ${field} ».`;
export const METHOD_NOT_ALLOWED_MESSAGE = "Cette adresse d'API ne prend pas cette méthode : utilisez";
const UNREADABLE_JSON_MESSAGE = `${INVALID_REQUEST_MESSAGE} Le corps JSON est illisible.`;

/**
 * The largest JSON body of a REST call: GraphQL's, so that what one edge takes (an article of up
 * to 2 MB, read then written back) the other takes too.
 */
export const REST_BODY_LIMIT = GRAPHQL_BODY_LIMIT;

export interface RestEndpointDeps extends EdgeDeps {
  apollo: ApolloServer<Context>;
  buildContext: (req: IncomingMessage, res: ServerResponse) => Promise<Context>;
  rateLimit: AnonymousRateLimit;
}

interface Row {
  route: RestRoute;
  match: MatchFunction<Partial<Record<string, string>>>;
}

export const NOT_AN_OBJECT_MESSAGE = `${INVALID_REQUEST_MESSAGE} Le corps JSON doit être un objet ({ … }), pas une liste.`;

/** A REST body is an object: a list would be read as no field at all (a search for everything). */
function asRecord(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) throw new RequestError(400, NOT_AN_OBJECT_MESSAGE);
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

const errorBody = (message: string, code: string) => JSON.stringify({ message, code });

/**
 * `/api/*`, the REST table (rest/table.ts), served on node:http without Express, with the same
 * shared pieces as `/graphql` (graphql-endpoint.ts): each row runs its GraphQL operation with the
 * caller's context, so authorization, validation and errors cannot drift from GraphQL's. Paths
 * match as Express's router matched them: in any case, with or without a final slash, their
 * parameters decoded; a GET row answers HEAD too. Open data (`/api/open-data`) is served by
 * Express (streamed answers).
 */
export function restEndpoint(deps: RestEndpointDeps) {
  const { apollo, buildContext, rateLimit, clientAddress, prepare, sameOrigin } = deps;
  const rows: Row[] = restTable.map((route) => ({
    route,
    match: match(route.path, { sensitive: false, trailing: true, decode: decodeParameter }),
  }));

  /** The row for a method and a path under /api, with its parameters; null when none. */
  function find(method: string, path: string): { route: RestRoute; params: Record<string, string> } | null {
    const wanted = method === "HEAD" ? "GET" : method;
    for (const row of rows) {
      if (row.route.method !== wanted) continue;
      const found = row.match(path);
      if (found) return { route: row.route, params: found.params as Record<string, string> };
    }
    return null;
  }

  /** The methods the table serves on a path (for a 405's Allow), none when the path is unknown. */
  function methodsOf(path: string): string[] {
    const methods = rows.filter((row) => row.match(path)).map((row) => row.route.method);
    return [...new Set(methods.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])))];
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    prepare(res);
    if (!applyVerdict(res, await rateLimit.check(req, clientAddress(req)))) {
      // Past the anonymous limit, signing in still goes (it has limits of its own).
      if (lowerPath(req) === SIGN_IN_PATH) res.removeHeader("Retry-After");
      else {
        req.resume();
        await sendJson(req, res, 429, rateLimitedBody(false));
        return;
      }
    }
    const method = (req.method ?? "GET").toUpperCase();
    if (!sameOrigin(req)) {
      req.resume();
      await sendJson(req, res, 403, errorBody(FOREIGN_ORIGIN_MESSAGE, "FORBIDDEN"));
      return;
    }
    const { path, search } = pathAndSearch(req);
    const tablePath = path.slice("/api".length) || "/";
    const found = find(method, tablePath);
    if (!found) {
      req.resume();
      // A known path asked with another method: 405, and the methods it takes.
      const allowed = methodsOf(tablePath);
      if (allowed.length > 0) {
        res.setHeader("Allow", allowed.join(", "));
        const message = `${METHOD_NOT_ALLOWED_MESSAGE} ${allowed.filter((m) => m !== "HEAD").join(" ou ")}.`;
        await sendJson(req, res, 405, errorBody(message, "METHOD_NOT_ALLOWED"));
        return;
      }
      await sendJson(req, res, 404, errorBody(NOT_FOUND_MESSAGE, "NOT_FOUND"));
      return;
    }
    const { route, params } = found;
    if (route.changesState && crossSite(req)) {
      req.resume();
      await sendJson(req, res, 403, errorBody(FOREIGN_ORIGIN_MESSAGE, "FORBIDDEN"));
      return;
    }
    // A body of another type would be read as no body at all: a search for everything, a form
    // « without » its fields. A POST with nothing to send (`Content-Length: 0`) needs no type.
    const json = mediaType(req) === "application/json";
    const form = route.formBody === true && mediaType(req) === "application/x-www-form-urlencoded";
    if (!route.multipartFile && carriesBody(req) && !json && !form) {
      req.resume();
      await sendJson(req, res, 415, errorBody(NOT_JSON_MESSAGE, "BAD_USER_INPUT"));
      return;
    }
    // A file comes in a form (multipart/form-data); anything else (a JSON body) cannot carry it.
    if (route.multipartFile && mediaType(req) !== "multipart/form-data") {
      req.resume();
      await sendJson(req, res, 415, errorBody(notMultipartMessage(route.multipartFile), "BAD_USER_INPUT"));
      return;
    }
    let body: Record<string, unknown> = {};
    let file: unknown;
    // A body that cannot be read is the client's error (a RequestError, answered by answerFailure).
    if (route.multipartFile) {
      file = await readMultipartFile(req, route.multipartFile).catch(() => {
        // The parser let go of the request: what is left of it is read and dropped.
        req.resume();
        throw new RequestError(400, UNREADABLE_BODY_MESSAGE);
      });
      if (!file) {
        await requestFinished(req);
        const message = `Aucun fichier reçu : envoyez-le dans le champ « ${route.multipartFile} ».`;
        await sendJson(req, res, 400, errorBody(message, "BAD_USER_INPUT"));
        return;
      }
    } else if (form && carriesBody(req)) {
      body = await readForm(req, REST_BODY_LIMIT, UNREADABLE_BODY_MESSAGE);
    } else if (json && carriesBody(req)) {
      body = asRecord(await readJson(req, REST_BODY_LIMIT, UNREADABLE_JSON_MESSAGE));
    } else req.resume();

    const parts = { params, query: queryOf(search), body, file };
    /** A refusal, its fields named as the client sent them. */
    const refused = (error: GraphQLFormattedError | undefined) => {
      const { status, body: refusal } = restError(error);
      return { status, refusal: renameFields(refusal, route.sentNames?.(parts) ?? {}) };
    };
    let variables: Record<string, unknown>;
    try {
      variables = route.variables(parts);
    } catch (error) {
      // A row may refuse a legacy value itself (an unknown sort field…), with the API's error classes.
      if (!(error instanceof GraphQLError) || typeof error.extensions.code !== "string") throw error;
      const { status, refusal } = refused(error.toJSON());
      await sendJson(req, res, status, JSON.stringify(refusal));
      return;
    }
    const response = await apollo.executeOperation(
      { query: route.document, variables },
      { contextValue: await buildContext(req, res) },
    );
    if (response.body.kind !== "single") throw new Error("Réponse GraphQL incrémentale inattendue");
    const { data, errors } = response.body.singleResult;
    if (errors?.length) {
      const { status, refusal } = refused(errors[0]);
      // 503: the database (or another service the portal needs) is out of reach for now;
      // 429: a throttled sign-in, reset or report says when it opens again.
      if (status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      const retryAfter = errors[0].extensions?.retryAfter;
      if (status === 429 && typeof retryAfter === "number") res.setHeader("Retry-After", String(retryAfter));
      await sendJson(req, res, status, JSON.stringify(refusal));
      return;
    }
    const field = Object.keys(data ?? {})[0];
    const result = data?.[field];
    if (route.respond) {
      const answer = (route.respond as (value: unknown) => RestAnswer)(result);
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      await sendWhole(req, res, Buffer.from(answer.body));
    } else if (result === null && route.whenNull) {
      const { status, body: refusal } = restError({
        message: route.whenNull.message,
        extensions: { code: route.whenNull.code },
      });
      await sendJson(req, res, status, JSON.stringify(refusal));
    } else {
      const presented = (route.present as (value: unknown) => unknown)(result);
      if (presented === undefined) {
        res.statusCode = 204;
        res.end();
      } else await sendJson(req, res, route.status ?? 200, JSON.stringify(presented));
    }
  }

  return {
    /** Whether a request is for the REST table: under /api, but not open data (Express's). */
    matches(req: IncomingMessage): boolean {
      const path = lowerPath(req);
      if (path !== "/api" && !path.startsWith("/api/")) return false;
      return path !== "/api/open-data" && !path.startsWith("/api/open-data/");
    },
    serve(req: IncomingMessage, res: ServerResponse): void {
      serve(req, res).catch((error: unknown) => answerFailure(req, res, error, "rest", errorBody));
    },
  };
}

/**
 * Whether a browser says the request was started by another site (Fetch Metadata): a link or a
 * form elsewhere. A request typed in, bookmarked or sent by a client without the header is not.
 */
function crossSite(req: IncomingMessage): boolean {
  const site = req.headers["sec-fetch-site"];
  return site === "cross-site" || site === "same-site";
}

/** A path parameter, decoded; a malformed escape is the client's error, as Express's router said. */
function decodeParameter(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new RequestError(400, INVALID_REQUEST_MESSAGE);
  }
}

/**
 * A query string's parameters. Lists come as `?status=A&status=B`, and also as HTTP clients
 * write them by default (axios, qs, PHP): `?status[]=A&status[]=B` or `?status[0]=A`.
 */
export function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(parseQuery(search.replace(/^\?/, "")))) {
    if (value === undefined) continue;
    const name = /^(.+?)\[\d*\]$/.exec(key)?.[1] ?? key;
    // A bracketed or repeated name is a list; a plain one keeps its value as it came.
    const known = query[name];
    query[name] = name === key && known === undefined ? value : [...[known ?? []].flat(), ...[value].flat()];
  }
  return query;
}
