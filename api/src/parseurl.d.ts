// The part of parseurl 1.x the portal uses (the package ships no types).
declare module "parseurl" {
  import type { IncomingMessage } from "node:http";

  /** The request's URL as Express's router reads it (cached on the request). */
  export default function parseurl(request: IncomingMessage): { pathname: string | null } | undefined;
}
