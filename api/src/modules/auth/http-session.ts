import { serialize } from "cookie";

/** What the auth code needs from the HTTP exchange, whichever transport carried it. */
export interface HttpSession {
  /** The session token sent by the browser, if any. */
  token: string | null;
  /** The client's address (behind TRUST_PROXY proxies), for throttling. */
  ip: string;
  setSessionCookie(token: string, persistent: boolean): void;
  clearSessionCookie(): void;
}

export const SESSION_COOKIE = "portail_session";
export const PERSISTENT_SESSION_DAYS = 30;
/** A browser-session cookie still expires on the server after this time. */
export const BROWSER_SESSION_HOURS = 12;

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The Set-Cookie header of a session: httpOnly, SameSite=Lax, Secure behind HTTPS; a persistent
 * one (« Rester connecté ») for PERSISTENT_SESSION_DAYS, otherwise for the browser's session.
 */
export function sessionCookie(token: string, { persistent, secure }: { persistent: boolean; secure: boolean }): string {
  const maxAgeMs = PERSISTENT_SESSION_DAYS * 24 * 3600_000;
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    ...(persistent ? { maxAge: maxAgeMs / 1000, expires: new Date(Date.now() + maxAgeMs) } : {}),
  });
}

/** The Set-Cookie header that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure, path: "/", expires: new Date(1) });
}
