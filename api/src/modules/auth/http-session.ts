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
