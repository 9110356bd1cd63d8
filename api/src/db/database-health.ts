import { type Connection, createConnection } from "mysql2";
import { type DataSource } from "typeorm";
import { isMysql } from "./column-types";

/** /healthz answers within this time (ms), whatever the database does: a load balancer waits about 3 s. */
export const HEALTH_TIMEOUT_MS = 2_000;

/** Whether the database answers now, and why not. */
export type HealthAnswer = { ok: true } | { ok: false; reason: string };

export interface DatabaseHealth {
  check(): Promise<HealthAnswer>;
  close(): void;
}

/**
 * What /healthz asks the database: `SELECT 1`, answered within HEALTH_TIMEOUT_MS. On MySQL it
 * asks on a connection of its own, outside the pool, so that the answer never waits behind the
 * requests queued there (a busy pool is not a dead database, and a load balancer that read it so
 * would take every instance out at once); a connection that failed or went unanswered is
 * dropped and the next check opens another. Checks asked while one is under way share its
 * answer. SQLite has no pool: the statement runs on its one connection.
 */
export function databaseHealth(
  dataSource: DataSource,
  databaseUrl: string | null,
  timeoutMs = HEALTH_TIMEOUT_MS,
): DatabaseHealth {
  if (!databaseUrl || !isMysql(databaseUrl)) {
    return {
      check: () =>
        dataSource.query("SELECT 1").then(
          (): HealthAnswer => ({ ok: true }),
          (error: unknown): HealthAnswer => ({ ok: false, reason: String(error) }),
        ),
      close: () => undefined,
    };
  }
  return new OwnConnectionHealth(databaseUrl.replace(/^mariadb:/i, "mysql:"), timeoutMs);
}

class OwnConnectionHealth implements DatabaseHealth {
  private connection: Connection | null = null;
  private underWay: Promise<HealthAnswer> | null = null;

  constructor(
    private readonly uri: string,
    private readonly timeoutMs: number,
  ) {}

  check(): Promise<HealthAnswer> {
    this.underWay ??= this.ask().finally(() => {
      this.underWay = null;
    });
    return this.underWay;
  }

  close(): void {
    if (this.connection) this.drop(this.connection);
  }

  private ask(): Promise<HealthAnswer> {
    return new Promise((resolve) => {
      const connection = this.open();
      // One bound for the whole check: opening the connection, then the statement.
      const timer = setTimeout(() => {
        this.drop(connection);
        resolve({ ok: false, reason: `no answer within ${this.timeoutMs} ms` });
      }, this.timeoutMs);
      connection.query({ sql: "SELECT 1", timeout: this.timeoutMs }, (error) => {
        clearTimeout(timer);
        if (error) this.drop(connection);
        resolve(error ? { ok: false, reason: String(error) } : { ok: true });
      });
    });
  }

  private open(): Connection {
    if (this.connection) return this.connection;
    const connection = createConnection({ uri: this.uri, connectTimeout: this.timeoutMs });
    // A connection the server closes while idle is replaced at the next check.
    connection.on("error", () => {
      if (this.connection === connection) this.connection = null;
    });
    this.connection = connection;
    return connection;
  }

  /** Closes a connection for good (at once: a server that does not answer would keep it half-open). */
  private drop(connection: Connection): void {
    if (this.connection === connection) this.connection = null;
    connection.destroy();
    (connection as { stream?: { destroy(): void } }).stream?.destroy();
  }
}
