import express from "express";
import { existsSync } from "node:fs";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { type DataSource } from "typeorm";
import { type Config } from "../config";
import { type Services } from "../container";
import { databaseHealth } from "../db/database-health";
import { answerPreparer, type Lifecycle } from "./answer-headers";
import { startApollo } from "./apollo";
import { mountRoutes } from "./express-routes";
import { graphqlEndpoint } from "./graphql-endpoint";
import { AnonymousRateLimit } from "./rate-limit";
import { contextBuilder } from "./request-context";
import { clientAddressOf, sameOriginWrites, type TrustedProxy, trustProxySetting } from "./request-origin";
import { restEndpoint } from "./rest/router";

export { type Lifecycle } from "./answer-headers";

export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  /** The replica visitors' public reads go to (DATABASE_READ_URL), if any. */
  readSource?: DataSource | null;
  services: Services;
  /** Set while the instance stops: /healthz answers 503 and connections are not kept open. */
  lifecycle?: Lifecycle;
}

/**
 * The whole HTTP surface: web build, /graphql, /api/* and /healthz. `listener` is what the HTTP
 * server runs: the API's two edges, `/graphql` (graphql-endpoint.ts) and the REST table
 * (rest/router.ts), on node:http; everything else (pages, built files, uploads, feeds, open
 * data, /healthz) through Express (express-routes.ts). Every surface takes the same shared
 * pieces: the security headers and the drain, the client's address, the request's context.
 */
export async function createApp({
  config,
  dataSource,
  readSource = null,
  services,
  lifecycle = { draining: false },
}: AppDeps) {
  const apollo = await startApollo(config);

  const app = express();
  app.disable("x-powered-by");
  // Which proxies may tell the client address and protocol (X-Forwarded-*).
  app.set("trust proxy", trustProxySetting(config.trustProxy));
  const trusted = app.get("trust proxy fn") as TrustedProxy;
  const clientAddress = clientAddressOf(trusted);
  const buildContext = contextBuilder({ config, dataSource, services, clientAddress });
  const prepare = answerPreparer(config, lifecycle);
  // Asked on a connection of its own, within 2 s: never behind the requests queued in the pool.
  const health = databaseHealth(dataSource, config.databaseUrl);
  // Anonymous API callers: so many requests a minute per address (API_RATE_LIMIT), one count
  // for /graphql, the REST table and open data.
  const rateLimit = new AnonymousRateLimit(config.apiRateLimit, services.sessions);
  await mountRoutes(app, {
    config,
    dataSource,
    readSource,
    services,
    lifecycle,
    apollo,
    buildContext,
    prepare,
    rateLimit,
    health,
  });

  // Writes from another site's page are refused, on /graphql as on the REST table.
  const edge = {
    apollo,
    buildContext,
    rateLimit,
    clientAddress,
    prepare,
    sameOrigin: sameOriginWrites(config.publicUrl, trusted),
  };
  const explorerPage = join(config.webDist, "explorer.html");
  const graphql = graphqlEndpoint({
    ...edge,
    explorerPage: config.graphqlExplorer && existsSync(explorerPage) ? explorerPage : null,
  });
  const rest = restEndpoint(edge);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (graphql.matches(req)) graphql.serve(req, res);
    else if (rest.matches(req)) rest.serve(req, res);
    else app(req, res);
  };
  return { app, apollo, listener, health };
}
