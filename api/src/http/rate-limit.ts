import { ipKeyGenerator } from "express-rate-limit";
import { Kind, type OperationDefinitionNode, parse } from "graphql";
import { type IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import { requestUser, type SessionService } from "../modules/auth/session.service";

export const RATE_LIMIT_MESSAGE =
  "Trop de requêtes depuis votre adresse : patientez une minute avant de réessayer (les comptes connectés ne sont pas limités).";

const WINDOW_MS = 60_000;

/** What the limit says of one request: whether it goes on, and the headers that tell the client. */
export interface RateVerdict {
  allowed: boolean;
  /** `RateLimit-Policy` and `RateLimit` (IETF draft 7), and `Retry-After` when refused. */
  headers: [name: string, value: string][];
}

interface Window {
  hits: number;
  resetAt: number;
}

/**
 * Anonymous callers of the API (GraphQL and REST) get `perMinute` requests a minute per address,
 * then 429 with Retry-After; signed-in accounts are not counted. One limit serves every surface
 * (`/graphql` and the Express routes), so an address has one count whichever it calls. Pages
 * rendered on the server do not go through here. The count is kept by each instance of the
 * portal: a window opens at an address's first request and lasts a minute.
 */
export class AnonymousRateLimit {
  /**
   * Windows of the addresses seen this minute, and of those seen the minute before only: every
   * minute the older ones, whose windows have closed, are dropped at once (no walk through them).
   */
  private current = new Map<string, Window>();
  private previous = new Map<string, Window>();
  private nextTurn = 0;
  /** Requests already counted (a request that passes two mounts of the limit counts once). */
  private readonly counted = new WeakSet<IncomingMessage>();

  constructor(
    private readonly perMinute: number,
    private readonly sessions: Pick<SessionService, "userOf">,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a request from `ip`, unless its session cookie opens a session (no cookie: no lookup
   * at all). Null: not counted. A lookup that fails (the database is away) counts the request as
   * anonymous; the request's own lookup then answers the outage.
   */
  async check(req: IncomingMessage, ip: string | undefined): Promise<RateVerdict | null> {
    if (this.counted.has(req)) return null;
    this.counted.add(req);
    if (await requestUser(req, this.sessions).catch(() => null)) return null;
    const now = this.now();
    if (now >= this.nextTurn) {
      this.previous = this.current;
      this.current = new Map();
      this.nextTurn = now + WINDOW_MS;
    }
    const key = addressKey(ip);
    let window = this.current.get(key) ?? this.previous.get(key);
    if (!window || window.resetAt <= now) window = { hits: 0, resetAt: now + WINDOW_MS };
    this.current.set(key, window);
    window.hits++;
    const reset = Math.max(0, Math.ceil((window.resetAt - now) / 1000));
    const allowed = window.hits <= this.perMinute;
    const headers: [string, string][] = [
      ["RateLimit-Policy", `${this.perMinute};w=${WINDOW_MS / 1000}`],
      ["RateLimit", `limit=${this.perMinute}, remaining=${Math.max(0, this.perMinute - window.hits)}, reset=${reset}`],
    ];
    if (!allowed) headers.push(["Retry-After", String(reset)]);
    return { allowed, headers };
  }
}

/** The answer of a refused request: GraphQL clients read errors[], REST clients { message, code }. */
export function rateLimitedBody(graphql: boolean): string {
  const code = "TOO_MANY_REQUESTS";
  return JSON.stringify(
    graphql
      ? { errors: [{ message: RATE_LIMIT_MESSAGE, extensions: { code } }] }
      : { message: RATE_LIMIT_MESSAGE, code },
  );
}

const MAPPED_IPV4 = "::ffff:";

/**
 * Whom a request is counted against: its IPv4 address, or its IPv6 /56 network (one home's
 * addresses), as express-rate-limit's `ipKeyGenerator` groups them. An IPv4 client of a
 * dual-stack server shows as `::ffff:a.b.c.d` and is counted as a.b.c.d, without parsing the
 * address as IPv6 on every request (about 0.1 ms a request).
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  if (ip.startsWith(MAPPED_IPV4) && isIPv4(ip.slice(MAPPED_IPV4.length))) return ip.slice(MAPPED_IPV4.length);
  return isIPv6(ip) ? ipKeyGenerator(ip, 56) : ip;
}

/**
 * Signing in has limits of its own, counted in the database (five wrong passwords for an account
 * from an address, thirty from an address…): an address whose anonymous requests have run out
 * (the computers of a social centre, a partner's office behind one address) may still sign in.
 * These are its REST path and, in GraphQL, an operation that does nothing but `login`.
 */
export const SIGN_IN_PATH = "/api/auth/login";

/** Whether a GraphQL request body's operation is a sign-in alone (one `login` field, nothing else). */
export function isSignInOnly(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const { query, operationName } = body as { query?: unknown; operationName?: unknown };
  if (typeof query !== "string" || query.length > 2000) return false;
  try {
    const operations = parse(query).definitions.filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    const operation =
      typeof operationName === "string" && operationName
        ? operations.find((candidate) => candidate.name?.value === operationName)
        : operations.length === 1
          ? operations[0]
          : undefined;
    const fields = operation?.selectionSet.selections ?? [];
    return (
      operation?.operation === "mutation" &&
      fields.length === 1 &&
      fields[0].kind === Kind.FIELD &&
      fields[0].name.value === "login"
    );
  } catch {
    return false;
  }
}
