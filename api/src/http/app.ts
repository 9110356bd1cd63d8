import { ApolloServer } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { existsSync } from "node:fs";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import proxyaddr from "proxy-addr";
import { type DataSource } from "typeorm";
import { feedsRouter } from "../modules/feeds/feeds";
import { sitemapRouter } from "../modules/seo/sitemap";
import { cardsRouter } from "../modules/seo/cards";
import { PORTAL_NAME } from "../shared/rules";
import { openDataRouter } from "../modules/open-data/open-data";
import { type Config } from "../config";
import type { Context } from "../context";
import { viewerOf } from "../policies/viewer";
import {
  clearedSessionCookie,
  type HttpSession,
  readCookie,
  SESSION_COOKIE,
  sessionCookie,
} from "../modules/auth/http-session";
import { requestUser } from "../modules/auth/session.service";
import { isDatabaseUnreachable, logDatabaseOutage } from "../db/outage";
import { databaseHealth } from "../db/database-health";
import { ACQUIRE_TIMEOUT_MS, ANONYMOUS_QUEUE_LIMIT, ANONYMOUS_SLOTS } from "../db/data-source";
import { AnonymousGate } from "../db/anonymous-gate";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DatabaseUnavailableError,
  INTERNAL_ERROR_MESSAGE,
  RETRY_AFTER_SECONDS,
  UNREADABLE_BODY_MESSAGE,
} from "../errors";
import { databaseOutageStatus, enumValuesOf, formatErrorFor } from "./graphql-errors";
import { queryCostLimit, queryLimitRules } from "./graphql-limits";
import { AnonymousRateLimit, addressKey, rateLimitedBody } from "./rate-limit";
import { graphqlEndpoint } from "./graphql-endpoint";
import { compressAnswers } from "./compression";
import { createLoaders } from "../loaders";
import { serveUpload } from "../modules/uploads/serve-upload";
import { errorSummary, logger } from "../logger";
import { NOT_FOUND_MESSAGE, restEndpoint } from "./rest/router";
import { createSchema } from "../schema";
import { firstTile } from "../modules/geo/basemap.service";
import { type Services, sharedReads } from "../container";
import { robotsTxt } from "./web/robots";
import { webApp } from "./web/web-app";
import { loadWebBuild } from "./web/web-build";

export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  /** The replica visitors' public reads go to (DATABASE_READ_URL), if any. */
  readSource?: DataSource | null;
  services: Services;
  /** Set while the instance stops: /healthz answers 503 and connections are not kept open. */
  lifecycle?: Lifecycle;
}

export interface Lifecycle {
  draining: boolean;
}

/**
 * What every answer of the portal carries, on Express's routes and on `/graphql` alike: the
 * security headers (the basemap's origin may be plain http, a local tile server) and, while the
 * instance stops, `Connection: close`, so that clients reconnect to another instance.
 */
function answerPreparer(config: Config, lifecycle: Lifecycle) {
  const basemap = new URL(firstTile(config.basemapUrl)).origin;
  const tiles = basemap.startsWith("https:") ? "" : ` ${basemap}`;
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra UI (Emotion) inserts its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${tiles}`,
    "font-src 'self' data:",
    `connect-src 'self' https:${tiles}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
  return (res: ServerResponse) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Content-Security-Policy", policy);
    if (lifecycle.draining) res.setHeader("Connection", "close");
  };
}

/**
 * The whole HTTP surface: web build, /graphql, /api/* and /healthz. `listener` is what the HTTP
 * server runs: the API's two edges, `/graphql` (graphql-endpoint.ts) and the REST table
 * (rest/router.ts), on node:http; everything else (pages, built files, uploads, feeds, open
 * data, /healthz) through Express.
 */
export async function createApp({
  config,
  dataSource,
  readSource = null,
  services,
  lifecycle = { draining: false },
}: AppDeps) {
  const schema = await createSchema();
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: config.graphqlExplorer,
    formatError: formatErrorFor({ production: config.env === "production", enumValues: enumValuesOf(schema) }),
    includeStacktraceInErrorResponses: false,
    // Depth, alias and cost limits of one operation (documented in the README).
    validationRules: queryLimitRules(),
    // No HTTP cache hints are used: without this, a plugin would wrap every field's resolver.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      databaseOutageStatus,
      queryCostLimit(),
    ],
    // The portal stops Apollo itself, after the requests in flight (portal.close): Apollo's own
    // signal handlers would refuse them at once, then kill the process.
    stopOnTerminationSignals: false,
  });
  await apollo.start();

  const app = express();
  app.disable("x-powered-by");
  // Which proxies may tell the client address and protocol (X-Forwarded-*).
  app.set("trust proxy", trustProxySetting(config.trustProxy));
  const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  /** The client's address, as Express's req.ip tells it: one rule for every surface. */
  // (A socket already gone has no address: it is named "unknown" rather than undefined.)
  const clientAddress = (req: IncomingMessage): string => (proxyaddr(req, trusted) as string | undefined) ?? "unknown";

  const secure = config.publicUrl.startsWith("https://");
  // What requests without a session may read at once (public searches and detail pages), fairly
  // by address (IPv6: its /56): the rest of the pool stays for accounts and the portal's own work.
  const anonymousShare = new AnonymousGate({
    slots: ANONYMOUS_SLOTS,
    queueLimit: ANONYMOUS_QUEUE_LIMIT,
    waitMs: ACQUIRE_TIMEOUT_MS,
    // The Retry-After its refusal told.
    holdOffMs: RETRY_AFTER_SECONDS * 1000,
  });
  const buildContext = async (
    req: IncomingMessage,
    res: ServerResponse,
    { anonymous = false }: { anonymous?: boolean } = {},
  ): Promise<Context> => {
    // Feeds are read as a visitor whoever fetches them (they are shared and cached).
    const token = anonymous ? null : readCookie(req.headers.cookie, SESSION_COOKIE);
    const http: HttpSession = {
      token,
      ip: clientAddress(req),
      setSessionCookie: (value, persistent) =>
        res.appendHeader("Set-Cookie", sessionCookie(value, { persistent, secure })),
      clearSessionCookie: () => res.appendHeader("Set-Cookie", clearedSessionCookie(secure)),
    };
    // Looked up once a request: the anonymous rate limit may have asked already.
    const user = await (anonymous ? Promise.resolve(null) : requestUser(req, services.sessions)).catch(
      (error: unknown) => {
        // Every surface answers a session lookup that met an outage as the outage it is.
        if (!isDatabaseUnreachable(error)) throw error;
        logDatabaseOutage("session", error);
        throw new DatabaseUnavailableError();
      },
    );
    // A cookie that no longer opens a session is removed, so the browser stops sending it.
    if (token && !user) http.clearSessionCookie();
    const address = addressKey(http.ip);
    // A client that took more than the anonymous share a moment ago waits its Retry-After, at no cost.
    if (!user && anonymousShare.holdsOff(address)) throw new DatabaseUnavailableError();
    return {
      viewer: viewerOf(user),
      http,
      config,
      dataSource,
      services,
      reads: user ? services : sharedReads(services.visitorReads, anonymousShare, address),
      loaders: createLoaders(dataSource),
    };
  };

  const prepare = answerPreparer(config, lifecycle);
  app.use((_req, res, next) => {
    prepare(res);
    next();
  });
  // Answers of 1 KB or more (JSON, pages) are compressed; built files come precompressed.
  app.use(compressAnswers());

  // Asked on a connection of its own, within 2 s: never behind the requests queued in the pool.
  const health = databaseHealth(dataSource, config.databaseUrl);
  app.get("/healthz", async (_req, res) => {
    // A stopping instance asks the load balancer to send nothing more.
    if (lifecycle.draining) {
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      res.status(503).json({ status: "draining", message: "Cette instance s'arrête." });
      return;
    }
    const answer = await health.check();
    if (answer.ok) {
      res.json({ status: "ok" });
      return;
    }
    logger.error("healthz.database_unreachable", { error: answer.reason });
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    res.status(503).json({ status: "error", message: "La base de données ne répond pas." });
  });

  // Anonymous API callers: so many requests a minute per address (API_RATE_LIMIT), one count
  // for /graphql, the REST table and open data.
  const rateLimit = new AnonymousRateLimit(config.apiRateLimit, services.sessions);
  const rateLimited: RequestHandler = (req, res, next) => {
    rateLimit.check(req, req.ip).then((verdict) => {
      for (const [name, value] of verdict?.headers ?? []) res.setHeader(name, value);
      if (!verdict || verdict.allowed) next();
      else res.status(429).type("json").send(rateLimitedBody(false));
    }, next);
  };
  const explorerPage = join(config.webDist, "explorer.html");
  // Writes from another site's page are refused, on /graphql as on the REST table.
  const sameOrigin = sameOriginWrites(config.publicUrl, trusted);
  const graphql = graphqlEndpoint({
    apollo,
    buildContext,
    rateLimit,
    clientAddress,
    prepare,
    sameOrigin,
    explorerPage: config.graphqlExplorer && existsSync(explorerPage) ? explorerPage : null,
  });

  app.get("/uploads/:key", (req, res, next) => serveUpload(services, req.params.key, res).catch(next));
  // Public data (open data, sitemaps, link previews) is read where visitors' pages are. Open data
  // (data·inclusion, streamed) is the one part of /api that Express serves; the REST table is
  // rest/router.ts.
  const publicSource = readSource ?? dataSource;
  app.use("/api/open-data", rateLimited, openDataRouter(publicSource, config.publicUrl, services.geo));
  app.use("/api/open-data", (_req, res) => {
    res.status(404).json({ message: NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
  });
  const rest = restEndpoint({
    apollo,
    buildContext,
    rateLimit,
    clientAddress,
    prepare,
    sameOrigin,
  });

  app.get("/robots.txt", robotsTxt(config));
  app.use(sitemapRouter(publicSource, config.publicUrl));
  app.use(cardsRouter(publicSource, PORTAL_NAME));
  app.use(feedsRouter(apollo, (req, res) => buildContext(req, res, { anonymous: true })));

  const build = await loadWebBuild(config.webDist);
  if (build) app.use(webApp({ build, config, apollo, buildContext, geo: services.geo }));
  else logger.warn("web.build_missing", { webDist: config.webDist });

  app.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    const answer = (status: number, message: string, code: string) => res.status(status).json({ message, code });
    // Errors of the request itself (a malformed path…) are the client's.
    if (error.status && error.status >= 400 && error.status < 500) {
      answer(400, UNREADABLE_BODY_MESSAGE, "BAD_USER_INPUT");
      return;
    }
    // The database is out of reach (an upload's record, open data…): try again soon.
    if (isDatabaseUnreachable(error)) {
      logDatabaseOutage("http", error);
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      answer(503, DATABASE_UNAVAILABLE_MESSAGE, "SERVICE_UNAVAILABLE");
      return;
    }
    logger.error("http.unexpected_error", { error: errorSummary(error) });
    answer(500, INTERNAL_ERROR_MESSAGE, "INTERNAL_SERVER_ERROR");
  });

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (graphql.matches(req)) graphql.serve(req, res);
    else if (rest.matches(req)) rest.serve(req, res);
    else app(req, res);
  };
  return { app, apollo, listener, health };
}

/** TRUST_PROXY: true/false, a number of hops, or addresses and subnets (express syntax). */
function trustProxySetting(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Cross-site writes are refused: the session cookie is SameSite=Lax already, and a browser's
 * Origin header, when sent, must be the portal's own (its public URL, or the address it was
 * reached at: the protocol a trusted proxy tells, and the Host header).
 */
function sameOriginWrites(publicUrl: string, trusted: (address: string, hop: number) => boolean) {
  const allowed = new URL(publicUrl).origin;
  return (req: IncomingMessage): boolean => {
    const origin = req.headers.origin;
    if (req.method === "GET" || req.method === "HEAD" || !origin || origin === allowed) return true;
    return origin === `${requestProtocol(req, trusted)}://${req.headers.host}`;
  };
}

/** The protocol a request came with, as Express's req.protocol tells it (X-Forwarded-Proto from a trusted proxy). */
function requestProtocol(req: IncomingMessage, trusted: (address: string, hop: number) => boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (!forwarded || !trusted(req.socket.remoteAddress ?? "", 0)) return own;
  const first = String(forwarded).split(",")[0].trim();
  return first || own;
}
