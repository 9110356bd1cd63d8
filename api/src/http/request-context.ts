import { type IncomingMessage, type ServerResponse } from "node:http";
import { type DataSource } from "typeorm";
import { type Config } from "../config";
import { type Services, sharedReads } from "../container";
import type { Context } from "../context";
import { AnonymousGate } from "../db/anonymous-gate";
import { ACQUIRE_TIMEOUT_MS, ANONYMOUS_QUEUE_LIMIT, ANONYMOUS_SLOTS } from "../db/data-source";
import { isDatabaseUnreachable, logDatabaseOutage } from "../db/outage";
import { DatabaseUnavailableError, RETRY_AFTER_SECONDS } from "../errors";
import { createLoaders } from "../loaders";
import {
  clearedSessionCookie,
  type HttpSession,
  readCookie,
  SESSION_COOKIE,
  sessionCookie,
} from "../modules/auth/http-session";
import { requestUser } from "../modules/auth/session.service";
import { viewerOf } from "../policies/viewer";
import { addressKey } from "./rate-limit";

/** One request's context: `anonymous` reads it as a visitor's, whatever session it carries. */
export type BuildContext = (
  req: IncomingMessage,
  res: ServerResponse,
  options?: { anonymous?: boolean },
) => Promise<Context>;

interface ContextDeps {
  config: Config;
  dataSource: DataSource;
  services: Services;
  /** The client's address, behind the proxies TRUST_PROXY names. */
  clientAddress: (req: IncomingMessage) => string;
}

/**
 * What a request's operations receive, the same on every surface (/graphql, the REST table,
 * feeds, server-rendered pages): the account its session cookie opens, the session's cookie
 * writers, and where its public reads go (a visitor's through the anonymous share).
 */
export function contextBuilder({ config, dataSource, services, clientAddress }: ContextDeps): BuildContext {
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
  return async (req, res, { anonymous = false } = {}) => {
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
}
