import { type ServerResponse } from "node:http";
import { type Config } from "../config";
import { firstTile } from "../modules/geo/basemap.service";

export interface Lifecycle {
  draining: boolean;
}

/**
 * What every answer of the portal carries, on Express's routes and on `/graphql` alike: the
 * security headers (the basemap's origin may be plain http, a local tile server) and, while the
 * instance stops, `Connection: close`, so that clients reconnect to another instance.
 */
export function answerPreparer(config: Config, lifecycle: Lifecycle) {
  const basemap = new URL(firstTile(config.basemapUrl)).origin;
  const tiles = basemap.startsWith("https:") ? "" : ` ${basemap}`;
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra UI (Emotion) inserts its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${tiles}`,
    "font-src 'self' data:",
    `connect-src 'self' https:${tiles}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
  return (res: ServerResponse) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Content-Security-Policy", policy);
    if (lifecycle.draining) res.setHeader("Connection", "close");
  };
}
