// The part of negotiator 1.x the portal uses (the package ships no types).
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    /** The best of `available` for the request's Accept-Encoding; ties go to `preferred`'s order. */
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
    /** The best of `available` for the request's Accept header. */
    mediaType(available?: readonly string[]): string | undefined;
  }
}
