import { DatabaseUnavailableError } from "../errors";
import { logger } from "../logger";

/** The code of the error the pool gives when no connection frees up in time (see data-source.ts). */
export const ACQUIRE_TIMEOUT_CODE = "POOL_ACQUIRE_TIMEOUT";

/** The code of the error a visitor's read gets beyond the anonymous share (anonymous-gate.ts). */
export const DATABASE_BUSY_CODE = "DATABASE_BUSY";

/**
 * The database answers, but cannot serve this request now: a visitor's read found the anonymous
 * share used up, or the server stopped a statement at its time limit (MariaDB's
 * max_statement_time, errno 1969, to which mysql2 gives no code; MySQL's max_execution_time,
 * ER_QUERY_TIMEOUT). Answered like an outage (503, Retry-After), but a replica that is busy is
 * not replaced by the primary.
 */
const BUSY_CODES = new Set([DATABASE_BUSY_CODE, "ER_QUERY_TIMEOUT"]);
const BUSY_ERRNOS = new Set([1969, 3024]);

/**
 * Error codes that mean "the database cannot be reached right now", whatever the
 * query: the network (Node), the mysql2 protocol, the server refusing or going away,
 * our own pool's wait bound, and SQLite's file being locked or out of reach.
 */
const UNREACHABLE_CODES = new Set([
  // Node sockets (mysql2 passes them on)
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  // mysql2
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  // MySQL / MariaDB server
  "ER_CON_COUNT_ERROR",
  "ER_TOO_MANY_USER_CONNECTIONS",
  "ER_SERVER_SHUTDOWN",
  "ER_CONNECTION_KILLED",
  // our pool (data-source.ts)
  ACQUIRE_TIMEOUT_CODE,
]);

/** SQLite result codes (better-sqlite3 sets extended ones, e.g. SQLITE_BUSY_SNAPSHOT). */
const UNREACHABLE_SQLITE = /^SQLITE_(BUSY|CANTOPEN)(_|$)/;

/** Driver errors that come without a code. */
const UNREACHABLE_MESSAGES = [
  /^Pool is closed\b/, // mysql2, pool ended (shutdown)
  /^Queue limit reached\b/, // mysql2, every connection busy and the queue full
  /^Can't add new command when connection is in closed state\b/, // mysql2
  /^The database connection is not open\b/, // better-sqlite3, closed database
  /^Connection is not established with mysql database\b/, // TypeORM, pool gone
  /^Connection with sqlite database is not established\b/, // TypeORM, database gone
];

/** The errors an error wraps: TypeORM's driverError, Error.cause, GraphQL's originalError, AggregateError's list. */
function wrapped(error: object): unknown[] {
  const record = error as Record<string, unknown>;
  const inner = [record.driverError, record.cause, record.originalError];
  if (Array.isArray(record.errors)) inner.push(...(record.errors as unknown[]));
  return inner.filter((item) => item !== undefined && item !== null && item !== error);
}

const isBusy = (error: object) => {
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (typeof code === "string" && BUSY_CODES.has(code)) || (typeof errno === "number" && BUSY_ERRNOS.has(errno));
};

/** The first error of the chain (the error itself first) that says the database is out of reach or busy. */
function unreachableCause(error: unknown, seen = new Set<unknown>()): object | null {
  if (!error || typeof error !== "object" || seen.has(error) || seen.size > 20) return null;
  seen.add(error);
  if (error instanceof DatabaseUnavailableError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLITE.test(code))) return error;
  if (isBusy(error)) return error;
  if (typeof message === "string" && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return error;
  for (const inner of wrapped(error)) {
    const found = unreachableCause(inner, seen);
    if (found) return found;
  }
  return null;
}

/**
 * Whether an error (a driver error, TypeORM's QueryFailedError around it, a GraphQL
 * error around that…) means the database cannot serve the request now (out of reach, or
 * busy), so that the request is answered 503 « momentanément indisponible » rather than
 * 500. The one place that knows the drivers' outage errors.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return unreachableCause(error) !== null;
}

/** Whether that error is the database being busy rather than out of reach (see BUSY_CODES). */
export function isDatabaseBusy(error: unknown): boolean {
  const cause = unreachableCause(error);
  return cause !== null && isBusy(cause);
}

/** A short, secret-free name for the outage, for the logs: the driver's code (or errno), or the error's class. */
export function outageReason(error: unknown): string {
  const cause = unreachableCause(error);
  if (!cause) return "unknown";
  const { code, errno } = cause as { code?: unknown; errno?: unknown };
  if (typeof code === "string") return code;
  return typeof errno === "number" ? `errno ${errno}` : cause.constructor.name;
}

/** One log line per this many milliseconds at most: an outage fails every request. */
const LOG_INTERVAL_MS = 10_000;

/**
 * A logger of the outage that writes one line per interval at most (`database.unreachable`, or
 * `database.busy`, each counted apart), with the number of failures it left unlogged since its
 * last line. Each call gives a logger with its own counts.
 */
export function outageLog(): (where: string, error: unknown, now?: number) => void {
  const counts = new Map<string, { lastLogged: number; unlogged: number }>();
  return (where, error, now = Date.now()) => {
    // Raised where the outage was met, and logged there with the driver's code.
    if (error instanceof DatabaseUnavailableError) return;
    const event = isDatabaseBusy(error) ? "database.busy" : "database.unreachable";
    const count = counts.get(event) ?? { lastLogged: -Infinity, unlogged: 0 };
    counts.set(event, count);
    if (now - count.lastLogged < LOG_INTERVAL_MS) {
      count.unlogged += 1;
      return;
    }
    logger.warn(event, { where, reason: outageReason(error), alsoFailedSinceLastLine: count.unlogged });
    count.lastLogged = now;
    count.unlogged = 0;
  };
}

/** Logs that a request met the outage (where, and the driver's code), without flooding the log. */
export const logDatabaseOutage = outageLog();
