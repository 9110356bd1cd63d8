import { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from "express";
import { type IncomingMessage, type ServerResponse } from "node:http";
import parseurl from "parseurl";
import type { HttpMethod } from "./rest/routes";

/** What the lane runs for one request: Express's middleware for it, in Express's order. */
export interface LaneRoute {
  /** The middleware, the last of which answers. */
  chain: readonly RequestHandler[];
  /** What Express would run on an error, the routes' own handlers first, then the app's. */
  errors: readonly ErrorRequestHandler[];
  /** Where Express would have mounted the route (`req.baseUrl`), and the path's parameters. */
  baseUrl: string;
  params: Record<string, string>;
}

/** A documented REST row the lane may answer: `/api` + its path, and its middleware. */
export interface LaneRow {
  method: HttpMethod;
  path: string;
  /** Null for the rows Express answers itself (files: multipart uploads, downloads). */
  route: Omit<LaneRoute, "params"> | null;
}

/**
 * The API's lane. Most of the API's traffic is made of GraphQL calls in JSON and of the REST
 * table's JSON rows. Express finds their handlers through its router, a stack of some twenty
 * layers tried one after the other on every request, with the compression stream and the
 * answer's ETag on the way. The lane hands these requests straight to the same middleware
 * instances Express mounts for them (security headers, the anonymous rate limit and its shared
 * count, the Origin check, the body parser and its limits, whole-answer compression, the handler
 * and the error answers), in the same order, on Express's own request and response objects.
 * Everything else, and everything while the instance stops, goes to Express.
 */
export function apiListener(
  app: Express,
  {
    graphql,
    rest,
    draining,
  }: { graphql: Omit<LaneRoute, "params">; rest: readonly LaneRow[]; draining: () => boolean },
): (req: IncomingMessage, res: ServerResponse) => void {
  const rows = rest.map((row) => ({ ...row, pattern: pathPattern(row.path) }));
  const pick = (req: IncomingMessage): LaneRoute | null => {
    // The path as Express's router reads it (a raw `#…` or `\\` included), from its own parser.
    const path = parseurl(req)?.pathname ?? "";
    if (path === "/graphql")
      return req.method === "POST" && isJson(req.headers["content-type"]) ? { ...graphql, params: {} } : null;
    if (!path.startsWith("/api/")) return null;
    // Express's router answers with the first row whose method and path match: so does the lane,
    // or it leaves the request to Express when that row is not one of its own.
    const relative = path.slice("/api".length);
    for (const row of rows) {
      if (row.method !== req.method) continue;
      const match = row.pattern.regexp.exec(relative);
      if (!match) continue;
      if (!row.route) return null;
      const params: Record<string, string> = {};
      for (const [index, name] of row.pattern.names.entries()) {
        const value = decodeParam(match[index + 1]);
        // A parameter Express cannot decode is answered by Express (400).
        if (value === null) return null;
        params[name] = value;
      }
      return { ...row.route, params };
    }
    return null;
  };
  return (req, res) => {
    const route = draining() ? null : pick(req);
    if (route) run(app, route, req, res);
    else app(req, res);
  };
}

/**
 * Runs a route's middleware as Express's router would: each calls `next()` to go on, or
 * `next(error)` (or throws, or rejects) to go to the error handlers.
 */
function run(app: Express, route: LaneRoute, incoming: IncomingMessage, outgoing: ServerResponse): void {
  // What Express's app.handle and router do before the first middleware.
  Object.setPrototypeOf(incoming, app.request);
  Object.setPrototypeOf(outgoing, app.response);
  const req = incoming as Request;
  const res = outgoing as Response;
  Object.assign(req, { res, originalUrl: req.url, baseUrl: route.baseUrl, params: route.params });
  Object.assign(res, { req, locals: Object.create(null) as Record<string, unknown> });

  // As Express's router: a truthy value passed to `next` is an error, and so is a promise
  // rejected without a reason. Two departures, neither reachable by the lane's middleware:
  // `next("route")` and `next("router")` (Express would try the routes after) are errors here, and
  // an error handler that calls `next()` without an error passes the same error on (Express would
  // go on with the middleware after it: the row's handler, on a body it could not read).
  let step = 0;
  let errorStep = 0;
  const attempt = (call: () => unknown, onError: (error: unknown) => void) => {
    try {
      const result = call();
      if (result instanceof Promise) result.catch((error: unknown) => onError(error || new Error("Rejected promise")));
    } catch (error) {
      onError(error);
    }
  };
  const fail = (error: unknown): void => {
    const handler = route.errors[errorStep++];
    if (handler) attempt(() => handler(error, req, res, (again?: unknown) => fail(again || error)), fail);
    else if (!res.headersSent) res.status(500).json({ message: "Une erreur s'est produite, veuillez réessayer." });
    else res.destroy();
  };
  const next = (error?: unknown): void => {
    if (error === "route" || error === "router") return fail(new Error(`next("${error}") hors du routeur`));
    if (error) return fail(error);
    const handler = route.chain[step++];
    if (handler) attempt(() => handler(req, res, next), fail);
    else fail(new Error(`Aucune réponse pour ${req.method} ${req.originalUrl}`));
  };
  req.next = next;
  next();
}

/** `application/json`, with or without parameters (charset…), as express.json reads it. */
function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase() === "application/json";
}

/**
 * A row's path as Express 5 matches it: case-insensitive, an optional trailing slash, each
 * `:name` one segment.
 */
function pathPattern(path: string): { regexp: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        names.push(segment.slice(1));
        return "([^/]+?)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { regexp: new RegExp(`^${source}/?$`, "i"), names };
}

function decodeParam(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
