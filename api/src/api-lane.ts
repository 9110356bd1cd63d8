import { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from "express";
import { type IncomingMessage, type ServerResponse } from "node:http";
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
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
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

  let step = 0;
  let errorStep = 0;
  const attempt = (call: () => unknown) => {
    try {
      const result = call();
      if (result instanceof Promise) result.catch((error: unknown) => fail(error ?? new Error("Rejected promise")));
    } catch (error) {
      fail(error);
    }
  };
  const fail = (error: unknown) => {
    const handler = route.errors[errorStep++];
    if (handler) attempt(() => handler(error, req, res, (again?: unknown) => fail(again ?? error)));
    else if (!res.headersSent) res.status(500).json({ message: "Une erreur s'est produite, veuillez réessayer." });
    else res.destroy();
  };
  const next = (error?: unknown) => {
    if (error !== undefined && error !== null) return fail(error);
    const handler = route.chain[step++];
    if (handler) attempt(() => handler(req, res, next));
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
