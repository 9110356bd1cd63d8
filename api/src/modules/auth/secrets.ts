import { createHash, createHmac, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: session tokens and e-mailed link tokens. */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** Session tokens are stored as an HMAC under SESSION_SECRET: a leaked table opens no session. */
export const sessionHash = (secret: string, token: string): string =>
  createHmac("sha256", secret).update(token).digest("hex");

/** Link tokens are stored hashed too. */
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");
