import { type ApolloServer } from "@apollo/server";
import { type Express, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { type ServerResponse } from "node:http";
import { type DataSource } from "typeorm";
import { type Config } from "../config";
import { type Services } from "../container";
import type { Context } from "../context";
import { type DatabaseHealth } from "../db/database-health";
import { isDatabaseUnreachable, logDatabaseOutage } from "../db/outage";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  RETRY_AFTER_SECONDS,
  UNREADABLE_BODY_MESSAGE,
} from "../errors";
import { errorSummary, logger } from "../logger";
import { feedsRouter } from "../modules/feeds/feeds";
import { openDataRouter } from "../modules/open-data/open-data";
import { cardsRouter } from "../modules/seo/cards";
import { sitemapRouter } from "../modules/seo/sitemap";
import { serveUpload } from "../modules/uploads/serve-upload";
import { PORTAL_NAME } from "../shared/rules";
import { type Lifecycle } from "./answer-headers";
import { compressAnswers } from "./compression";
import { type AnonymousRateLimit, rateLimitedBody } from "./rate-limit";
import { type BuildContext } from "./request-context";
import { NOT_FOUND_MESSAGE } from "./rest/router";
import { robotsTxt } from "./web/robots";
import { webApp } from "./web/web-app";
import { loadWebBuild } from "./web/web-build";

interface RoutesDeps {
  config: Config;
  dataSource: DataSource;
  /** Where public data (open data, sitemaps, link previews) is read: the replica, if any. */
  readSource: DataSource | null;
  services: Services;
  lifecycle: Lifecycle;
  apollo: ApolloServer<Context>;
  buildContext: BuildContext;
  prepare: (res: ServerResponse) => void;
  rateLimit: AnonymousRateLimit;
  health: DatabaseHealth;
}

/**
 * What Express serves, in this order: /healthz, uploads, open data, robots.txt, sitemaps, link
 * previews, feeds, then the web build (pages rendered on the server, built files), and the
 * answer to errors none of them handled.
 */
export async function mountRoutes(app: Express, deps: RoutesDeps): Promise<void> {
  const { config, dataSource, readSource, services, apollo, buildContext, prepare } = deps;
  app.use((_req, res, next) => {
    prepare(res);
    next();
  });
  // Answers of 1 KB or more (JSON, pages) are compressed; built files come precompressed.
  app.use(compressAnswers());
  app.get("/healthz", healthz(deps.health, deps.lifecycle));

  app.get("/uploads/:key", (req, res, next) => serveUpload(services, req.params.key, res).catch(next));
  // Public data (open data, sitemaps, link previews) is read where visitors' pages are. Open data
  // (data·inclusion, streamed) is the one part of /api that Express serves; the REST table is
  // rest/router.ts.
  const publicSource = readSource ?? dataSource;
  app.use("/api/open-data", rateLimited(deps.rateLimit), openDataRouter(publicSource, config.publicUrl, services.geo));
  app.use("/api/open-data", (_req, res) => {
    res.status(404).json({ message: NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
  });

  app.get("/robots.txt", robotsTxt(config));
  app.use(sitemapRouter(publicSource, config.publicUrl));
  app.use(cardsRouter(publicSource, PORTAL_NAME));
  app.use(feedsRouter(apollo, (req, res) => buildContext(req, res, { anonymous: true })));

  const build = await loadWebBuild(config.webDist);
  if (build) app.use(webApp({ build, config, apollo, buildContext, geo: services.geo }));
  else logger.warn("web.build_missing", { webDist: config.webDist });

  app.use(unhandledError);
}

/** /healthz: the database asked on a connection of its own; 503 while the instance stops. */
function healthz(health: DatabaseHealth, lifecycle: Lifecycle): RequestHandler {
  return async (_req, res) => {
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
  };
}

/** The anonymous rate limit on an Express route (open data): the count /graphql and the REST table share. */
function rateLimited(rateLimit: AnonymousRateLimit): RequestHandler {
  return (req, res, next) => {
    rateLimit.check(req, req.ip).then((verdict) => {
      for (const [name, value] of verdict?.headers ?? []) res.setHeader(name, value);
      if (!verdict || verdict.allowed) next();
      else res.status(429).type("json").send(rateLimitedBody(false));
    }, next);
  };
}

function unhandledError(error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) {
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
}
