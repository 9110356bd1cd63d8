import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DataSource, type DataSourceOptions, type EntityManager } from "typeorm";
import { logger } from "../logger";
import { isMysql } from "./column-types";
import { entities } from "./entities";
import { migrations } from "./migrations";
import { ACQUIRE_TIMEOUT_CODE } from "./outage";
import { type GuardedPool, guardPool, type PoolGuard } from "./pool-guard";

/**
 * While the database is out of reach or frozen, requests must fail fast (503, see db/outage.ts)
 * rather than hang: a new connection gives up after CONNECT_TIMEOUT_MS, a request waits at most
 * ACQUIRE_TIMEOUT_MS for a pooled connection (mysql2 has no such bound of its own; boundAcquire
 * adds it), and every statement has its time limit once started (pool-guard.ts). Dead connections leave the
 * pool by themselves, so the portal recovers without a restart once the database answers again.
 */
export const CONNECT_TIMEOUT_MS = 2_000;
export const ACQUIRE_TIMEOUT_MS = 3_000;

/**
 * Connections of a MySQL pool. Visitors' searches and detail pages (requests without a session)
 * run ANONYMOUS_SLOTS at once at most, one connection each: the others stay for signed-in
 * accounts and the portal's own work; ANONYMOUS_QUEUE_LIMIT more may wait (anonymous-gate.ts).
 */
export const POOL_SIZE = 10;
export const ANONYMOUS_SLOTS = 6;
export const ANONYMOUS_QUEUE_LIMIT = 60;

/**
 * How long a SQLite statement waits for a lock another process holds (a script writing to the
 * same file), at most: better-sqlite3 waits synchronously, and the whole portal with it.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 1_000;

export interface DatabaseSettings {
  databaseUrl: string | null;
  dataDir: string;
}

export function dataSourceOptions(
  { databaseUrl, dataDir }: DatabaseSettings,
  server: "mysql" | "mariadb" = "mysql",
): DataSourceOptions {
  const common = { entities, migrations, synchronize: false, migrationsRun: false, logging: false } as const;
  if (databaseUrl && isMysql(databaseUrl)) {
    return {
      ...common,
      type: server,
      url: databaseUrl.replace(/^mariadb:/i, "mysql:"),
      charset: "utf8mb4_unicode_ci",
      timezone: "Z",
      // Bounded pool and queue: a saturated database answers with an error
      // instead of letting requests wait without limit. No stack captured for each statement
      // (`trace`): 1.4 % of a search's CPU under load, for error traces the logs do not print.
      extra: { connectionLimit: POOL_SIZE, queueLimit: 200, connectTimeout: CONNECT_TIMEOUT_MS, trace: false },
    };
  }
  mkdirSync(dataDir, { recursive: true });
  return {
    ...common,
    type: "better-sqlite3",
    database: join(dataDir, "portail.sqlite"),
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      db.pragma("journal_mode = WAL");
      db.pragma("foreign_keys = ON");
      db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    },
  };
}

/**
 * MySQL and MariaDB speak the same protocol but describe their schemas slightly
 * differently; TypeORM needs to know which one it talks to.
 */
async function detectServer(databaseUrl: string): Promise<"mysql" | "mariadb"> {
  const probe = new DataSource({
    type: "mysql",
    url: databaseUrl.replace(/^mariadb:/i, "mysql:"),
    extra: { connectTimeout: 10_000 },
  });
  await probe.initialize();
  try {
    const [{ version }] = (await probe.query("SELECT VERSION() AS version")) as Array<{ version: string }>;
    return /mariadb/i.test(version) ? "mariadb" : "mysql";
  } finally {
    await probe.destroy();
  }
}

/** The part of mysql2's callback pool that TypeORM uses to take a connection. */
export interface CallbackPool {
  getConnection(callback: (error: Error | null, connection?: { release(): void }) => void): void;
}

/**
 * Bounds the wait for a pooled connection: past `timeoutMs` the caller gets an error
 * (code ACQUIRE_TIMEOUT_CODE, an outage for db/outage.ts); a connection that comes
 * later goes straight back to the pool.
 */
export function boundAcquire(pool: CallbackPool, timeoutMs: number): void {
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = (callback) => {
    let answered = false;
    const timer = setTimeout(() => {
      answered = true;
      const error = new Error(`No database connection within ${timeoutMs} ms`);
      callback(Object.assign(error, { code: ACQUIRE_TIMEOUT_CODE }));
    }, timeoutMs);
    getConnection((error, connection) => {
      clearTimeout(timer);
      if (!answered) {
        answered = true;
        callback(error, connection);
      } else {
        connection?.release();
      }
    });
  };
}

/** How many times a transaction MySQL chose as a deadlock victim is run again. */
export const DEADLOCK_RETRIES = 3;

const isDeadlock = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === "ER_LOCK_DEADLOCK" ||
  (error as { driverError?: { code?: unknown } } | null)?.driverError?.code === "ER_LOCK_DEADLOCK";

/**
 * Concurrent writes may deadlock on InnoDB's gap locks (e.g. two new articles deleting
 * then inserting their facets); MySQL rolls the victim back whole and asks to
 * "try restarting transaction": `manager.transaction` does so, a few times, after a
 * short random pause. Every transaction of the portal only touches the database.
 */
export function retryDeadlocks(manager: EntityManager, retries = DEADLOCK_RETRIES): void {
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = (async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(...args);
      } catch (error) {
        if (!isDeadlock(error) || attempt > retries) throw error;
        logger.warn("database.deadlock_retried", { attempt });
        await sleep(5 + Math.random() * 20 * attempt);
      }
    }
  }) as EntityManager["transaction"];
}

/**
 * SQLite has one connection, and TypeORM opens every transaction on it: a second one begun
 * while the first runs fails (« cannot start a transaction within a transaction »), e.g. a
 * partner's save at the moment the publication scheduler writes. Transactions take turns.
 * None of the portal's transactions starts another from inside (they use their own manager).
 */
export function takeTurns(manager: EntityManager): void {
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  let last: Promise<unknown> = Promise.resolve();
  manager.transaction = ((...args: unknown[]) => {
    const turn = last.then(() => transaction(...args));
    last = turn.catch(() => undefined);
    return turn;
  }) as EntityManager["transaction"];
}

const guards = new WeakMap<DataSource, PoolGuard>();

/**
 * Gives every statement of a MySQL data source the time limit `ms` from now on: the portal calls it
 * once started (migrations and the start-up lock run without one; so do scripts). SQLite has no
 * server to stop a statement: its limit is the wait for another process's lock (SQLITE_BUSY_TIMEOUT_MS).
 */
export function limitStatements(dataSource: DataSource, ms: number): void {
  guards.get(dataSource)?.limitStatements(ms);
}

/** Connects (MySQL/MariaDB told apart) with the pool's bounds and guard; no migration. */
async function connect(settings: DatabaseSettings): Promise<DataSource> {
  const server =
    settings.databaseUrl && isMysql(settings.databaseUrl) ? await detectServer(settings.databaseUrl) : "mysql";
  const dataSource = new DataSource(dataSourceOptions(settings, server));
  await dataSource.initialize();
  const { pool } = dataSource.driver as { pool?: CallbackPool };
  if (pool) {
    boundAcquire(pool, ACQUIRE_TIMEOUT_MS);
    guards.set(dataSource, guardPool(pool as unknown as GuardedPool, server));
    retryDeadlocks(dataSource.manager);
  } else {
    takeTurns(dataSource.manager);
  }
  return dataSource;
}

/** Connects and brings the schema up to date; `synchronize` is never used. */
export async function openDatabase(settings: DatabaseSettings): Promise<DataSource> {
  const dataSource = await connect(settings);
  try {
    await migrateOnce(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/** How long an instance waits for another one preparing the database (seconds). */
const LOCK_WAIT_SECONDS = 600;

/**
 * Runs `work` while holding a named lock of the MySQL database (GET_LOCK, per database), so that
 * instances started together do it one after the other: migrations, then the start-up writes
 * (towns, demo content, first admin), which the next instance finds done. SQLite has one
 * instance: `work` just runs. (The start-up's statements have no time limit yet: the wait may
 * be long.)
 */
export async function withDatabaseLock<T>(dataSource: DataSource, name: string, work: () => Promise<T>): Promise<T> {
  if (dataSource.options.type === "better-sqlite3") return work();
  const runner = dataSource.createQueryRunner();
  const lock = `CONCAT('portail-${name}:', DATABASE())`;
  try {
    const [{ taken }] = (await runner.query(`SELECT GET_LOCK(${lock}, ${LOCK_WAIT_SECONDS}) AS taken`)) as Array<{
      taken: number | string | null;
    }>;
    if (Number(taken) !== 1) throw new Error(`Another instance held the database lock « ${name} » for too long`);
    return await work();
  } finally {
    await runner.query(`SELECT RELEASE_LOCK(${lock})`).catch(() => undefined);
    await runner.release();
  }
}

/** Migrations, one instance at a time. */
const migrateOnce = (dataSource: DataSource) =>
  withDatabaseLock(dataSource, "migrations", () => dataSource.runMigrations({ transaction: "each" }));

/**
 * A replica of the primary (DATABASE_READ_URL), for visitors' searches and pages: the same
 * entities, no migration (the replica follows the primary's schema), read only by the portal.
 */
export function openReadDatabase(readUrl: string, dataDir: string): Promise<DataSource> {
  return connect({ databaseUrl: readUrl, dataDir });
}

/**
 * Whether a write failed on the unique index `index` over `table.column`: MySQL's and MariaDB's
 * duplicate entry (`for key 'UQ_…'`, or `'table.UQ_…'` on MySQL 8), SQLite's UNIQUE constraint.
 * Two requests that checked the same value at the same moment meet there (a double-click).
 */
export function isUniqueViolation(
  error: unknown,
  { index, table, column }: { index: string; table: string; column: string },
) {
  const driver = (error as { driverError?: { code?: unknown; message?: unknown } } | null)?.driverError;
  const message = String(driver?.message ?? "");
  if (driver?.code === "ER_DUP_ENTRY") return message.includes(`'${index}'`) || message.includes(`.${index}'`);
  return (
    /^SQLITE_CONSTRAINT/.test(String(driver?.code)) && message.includes(`UNIQUE constraint failed: ${table}.${column}`)
  );
}
