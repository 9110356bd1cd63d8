/**
 * How long after a statement's limit the portal stops waiting for the server's answer: the
 * server stops a slow statement itself at the limit (and says so); one that has not answered
 * this much later is on a server that does not answer at all (frozen, or the network gone).
 */
export const UNANSWERED_MARGIN_MS = 1_000;

type Callback = (error: Error | null, rows?: unknown, fields?: unknown) => void;

/** The part of a mysql2 pooled connection the guard uses. */
export interface GuardedConnection {
  query(sql: unknown, values?: unknown, callback?: unknown): unknown;
  destroy(): void;
  stream?: { destroy(): void };
}

/** The part of mysql2's callback pool the guard wraps (TypeORM takes each connection this way). */
export interface GuardedPool {
  getConnection(callback: (error: Error | null, connection?: GuardedConnection) => void): void;
}

/** What a guarded pool lets its owner change. */
export interface PoolGuard {
  /** Statements' time limit from now on (ms); 0: none, as while the portal starts. */
  limitStatements(ms: number): void;
}

/** The limit the server applies on each connection's session (ms; 0: none, the server's default). */
const sessionLimits = new WeakMap<GuardedConnection, number>();

/**
 * Guards a mysql2 pool (TypeORM's) so that a frozen or slow server fails fast. Once
 * `limitStatements` is called (after start-up: migrations and the start-up lock, which waits up
 * to 10 min for another instance, have none), every statement has a time limit: the server stops
 * it there (the session's max_statement_time on MariaDB, max_execution_time on MySQL, set when a
 * connection is lent with another limit than its session has), and the portal gives up waiting
 * UNANSWERED_MARGIN_MS later. A connection whose statement went unanswered is destroyed, never
 * lent again: mysql2 would keep such a statement as the connection's current command, and the
 * next statement lent that connection would wait behind it without a timer of its own.
 */
export function guardPool(pool: GuardedPool, server: "mysql" | "mariadb"): PoolGuard {
  let limitMs = 0;
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = (callback) =>
    getConnection((error, connection) => {
      if (connection) lend(connection, limitMs, server);
      callback(error, connection);
    });
  return {
    limitStatements(ms) {
      limitMs = ms;
    },
  };
}

/** Lends `connection` under `limitMs`; its first loan wraps its query. */
function lend(connection: GuardedConnection, limitMs: number, server: "mysql" | "mariadb"): void {
  const session = sessionLimits.get(connection);
  if (session === undefined) wrap(connection);
  sessionLimits.set(connection, limitMs);
  if ((session ?? 0) === limitMs) return;
  // Sent before the loan's first statement (a connection runs its commands in order), not awaited.
  const sql =
    server === "mariadb"
      ? `SET SESSION max_statement_time = ${limitMs / 1000}`
      : `SET SESSION max_execution_time = ${limitMs}`;
  connection.query(sql, (error: Error | null) => {
    if (error) discard(connection);
  });
}

/**
 * Gives each statement of `connection` its timer. The guard's own: mysql2's `timeout` option
 * takes the statement as an object, whose copy costs mysql2 some 30 µs of CPU a statement.
 */
function wrap(connection: GuardedConnection): void {
  const query = connection.query.bind(connection);
  connection.query = (sql: unknown, values?: unknown, cb?: unknown) => {
    const limitMs = sessionLimits.get(connection) ?? 0;
    const callback = (typeof cb === "function" ? cb : typeof values === "function" ? values : null) as Callback | null;
    if (limitMs === 0 || !callback) return query(sql, values, cb);
    let answered = false;
    const timer = setTimeout(() => {
      answered = true;
      discard(connection);
      callback(unanswered(limitMs + UNANSWERED_MARGIN_MS));
    }, limitMs + UNANSWERED_MARGIN_MS);
    const onResult: Callback = (error, rows, fields) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      callback(error, rows, fields);
    };
    return typeof cb === "function" ? query(sql, values, onResult) : query(sql, onResult);
  };
}

/** What a statement the server did not answer in time fails with (mysql2's own code for it). */
function unanswered(ms: number): Error {
  return Object.assign(new Error(`No answer from the database within ${ms} ms`), {
    code: "PROTOCOL_SEQUENCE_TIMEOUT",
    fatal: true,
  });
}

/** Out of the pool for good, its socket closed at once (a server that does not answer would keep it half-open). */
function discard(connection: GuardedConnection): void {
  connection.destroy();
  connection.stream?.destroy();
}
