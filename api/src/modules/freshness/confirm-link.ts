import { createHmac, timingSafeEqual } from "node:crypto";

/** What a « Ces informations sont toujours exactes » link says: which sheet, until when, for which version. */
export interface ConfirmClaim {
  serviceId: string;
  /** Expiry, seconds since the epoch. */
  expires: number;
  /** The sheet's checkedAt when the link was issued, in seconds: once confirmed, it no longer matches. */
  checkedAt: number;
}

/** A key of its own for these links, derived from the server's secret. */
const linkKey = (secret: string) => createHmac("sha256", secret).update("sheet-confirmation-link").digest();

const signature = (secret: string, payload: string) =>
  createHmac("sha256", linkKey(secret)).update(payload).digest("base64url");

/** `payload.signature`, URL-safe: nothing is stored, the server's secret vouches for it. */
export function signConfirmLink(secret: string, claim: ConfirmClaim): string {
  const payload = Buffer.from(`${claim.serviceId}.${claim.expires}.${claim.checkedAt}`).toString("base64url");
  return `${payload}.${signature(secret, payload)}`;
}

/** The claim of a token signed with this secret, or null (malformed or forged). */
export function readConfirmLink(secret: string, token: string): ConfirmClaim | null {
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^([0-9a-zA-Z-]{1,36})\.(\d{1,12})\.(\d{1,12})$/.exec(Buffer.from(payload, "base64url").toString());
  return match ? { serviceId: match[1], expires: Number(match[2]), checkedAt: Number(match[3]) } : null;
}
