import { type IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/** Whether the peer at `address`, `hop` proxies from the client, may tell the client's address (TRUST_PROXY). */
export type TrustedProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY: true/false, a number of hops, or addresses and subnets (express syntax). */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * The client's address, as Express's req.ip tells it: one rule for every surface. (A socket
 * already gone has no address: it is named "unknown" rather than undefined.)
 */
export function clientAddressOf(trusted: TrustedProxy): (req: IncomingMessage) => string {
  return (req) => (proxyaddr(req, trusted) as string | undefined) ?? "unknown";
}

/**
 * Cross-site writes are refused: the session cookie is SameSite=Lax already, and a browser's
 * Origin header, when sent, must be the portal's own (its public URL, or the address it was
 * reached at: the protocol a trusted proxy tells, and the Host header).
 */
export function sameOriginWrites(publicUrl: string, trusted: TrustedProxy) {
  const allowed = new URL(publicUrl).origin;
  return (req: IncomingMessage): boolean => {
    const origin = req.headers.origin;
    if (req.method === "GET" || req.method === "HEAD" || !origin || origin === allowed) return true;
    return origin === `${requestProtocol(req, trusted)}://${req.headers.host}`;
  };
}

/** The protocol a request came with, as Express's req.protocol tells it (X-Forwarded-Proto from a trusted proxy). */
function requestProtocol(req: IncomingMessage, trusted: TrustedProxy): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (!forwarded || !trusted(req.socket.remoteAddress ?? "", 0)) return own;
  const first = String(forwarded).split(",")[0].trim();
  return first || own;
}
