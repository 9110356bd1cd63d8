import { type Request, type RequestHandler, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import { readCookie, SESSION_COOKIE } from "./modules/auth/http-session";
import type { SessionService } from "./modules/auth/session.service";

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
    // A session cookie counts only when it opens a session.
    skip: async (req: Request) => {
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (!token) return false;
      return Boolean(await sessions.userOf(token).catch(() => null));
    },
    handler: (req: Request, res: Response) => {
      const code = "TOO_MANY_REQUESTS";
      res.status(429);
      // GraphQL clients read errors[], REST clients { message, code }.
      if (req.baseUrl === "/graphql") res.json({ errors: [{ message: RATE_LIMIT_MESSAGE, extensions: { code } }] });
      else res.json({ message: RATE_LIMIT_MESSAGE, code });
    },
  });
}
