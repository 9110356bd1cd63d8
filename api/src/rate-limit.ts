import { type Request, type RequestHandler, type Response } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import { isIPv4, isIPv6 } from "node:net";
import { requestUser, type SessionService } from "./modules/auth/session.service";

export const RATE_LIMIT_MESSAGE =
  "Trop de requêtes depuis votre adresse : patientez une minute avant de réessayer (les comptes connectés ne sont pas limités).";

/**
 * Anonymous callers of the API (GraphQL and REST) get `perMinute` requests a minute per
 * address, then 429 with Retry-After; signed-in accounts are not counted. Pages rendered on the
 * server do not go through here. The count is kept by each instance of the portal.
 */
export function anonymousRateLimit(perMinute: number, sessions: Pick<SessionService, "userOf">): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: (req: Request) => addressKey(req.ip),
    // The library reads the key function's text to warn of IPv6 clients it would not group:
    // addressKey calls ipKeyGenerator for them (rate-limit.test.ts).
    validate: { keyGeneratorIpFallback: false },
    // A session cookie counts only when it opens a session (no cookie: no lookup at all).
    skip: async (req: Request) => Boolean(await requestUser(req, sessions).catch(() => null)),
    handler: (req: Request, res: Response) => {
      const code = "TOO_MANY_REQUESTS";
      res.status(429);
      // GraphQL clients read errors[], REST clients { message, code }.
      if (req.baseUrl === "/graphql") res.json({ errors: [{ message: RATE_LIMIT_MESSAGE, extensions: { code } }] });
      else res.json({ message: RATE_LIMIT_MESSAGE, code });
    },
  });
}

const MAPPED_IPV4 = "::ffff:";

/**
 * Whom a request is counted against: its IPv4 address, or its IPv6 /56 network (one home's
 * addresses). An IPv4 client of a dual-stack server shows as `::ffff:a.b.c.d` and is counted as
 * a.b.c.d, as the library's own key does, without parsing the address as IPv6 on every request
 * (about 0.1 ms a request: 2 % of the CPU a search takes under load).
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  if (ip.startsWith(MAPPED_IPV4) && isIPv4(ip.slice(MAPPED_IPV4.length))) return ip.slice(MAPPED_IPV4.length);
  return isIPv6(ip) ? ipKeyGenerator(ip, 56) : ip;
}
