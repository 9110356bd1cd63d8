import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The links of the alerts' e-mails, signed with the server's secret (nothing stored, no account):
 * - `confirm`: the double opt-in link of one alert (its id), valid 7 days;
 * - `manage`: « Mes alertes » for one address (the lower-cased address);
 * - `stop`: leaving one alert in one click (its id), the `List-Unsubscribe` target (RFC 8058).
 * `manage` and `stop` last as long as the e-mails that carry them are kept (400 days).
 */
export type AlertLinkKind = "confirm" | "manage" | "stop";

export interface AlertLinkClaim {
  kind: AlertLinkKind;
  /** The alert's id (`confirm`, `stop`) or the lower-cased address (`manage`). */
  subject: string;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

export const ALERT_LINK_DAYS: Record<AlertLinkKind, number> = { confirm: 7, manage: 400, stop: 400 };

const KINDS = new Set<string>(["confirm", "manage", "stop"]);

/** A key of its own for these links, derived from the server's secret. */
const linkKey = (secret: string) => createHmac("sha256", secret).update("search-alert-link").digest();

const signature = (secret: string, payload: string) =>
  createHmac("sha256", linkKey(secret)).update(payload).digest("base64url");

/** `payload.signature`, URL-safe. */
export function signAlertLink(secret: string, kind: AlertLinkKind, subject: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + ALERT_LINK_DAYS[kind] * 86_400;
  const payload = Buffer.from(JSON.stringify([kind, subject, expires])).toString("base64url");
  return `${payload}.${signature(secret, payload)}`;
}

/** The claim of a token signed with this secret, still valid at `now`, of the kind expected; else null. */
export function readAlertLink(secret: string, token: string, kind: AlertLinkKind, now: Date): AlertLinkClaim | null {
  if (token.length > 1000) return null;
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString());
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [claimKind, subject, expires] = parsed as unknown[];
  if (typeof claimKind !== "string" || !KINDS.has(claimKind) || claimKind !== kind) return null;
  if (typeof subject !== "string" || subject.length === 0 || subject.length > 254) return null;
  if (typeof expires !== "number" || expires * 1000 < now.getTime()) return null;
  return { kind, subject, expires };
}

/** The paths the links open on the portal (French, as the family reads them). */
export const ALERT_PATHS = {
  /** GET page: confirms on a button press (a mail scanner's visit confirms nothing). */
  confirm: (token: string) => `/alertes/confirmer?jeton=${encodeURIComponent(token)}`,
  /** GET page « Mes alertes ». */
  manage: (token: string) => `/alertes?jeton=${encodeURIComponent(token)}`,
  /** GET page: « Ne plus recevoir cette alerte », ended on a button press. */
  stop: (token: string) => `/alertes/arreter?jeton=${encodeURIComponent(token)}`,
  /** POST, RFC 8058 one-click (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`). */
  oneClick: (token: string) => `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
} as const;
