import { DataSource } from "typeorm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { boundAcquire, type CallbackPool, isUniqueViolation, retryDeadlocks, takeTurns } from "./data-source";
import { ACQUIRE_TIMEOUT_CODE, isDatabaseUnreachable } from "./outage";

describe("boundAcquire: how long a request waits for a pooled connection", () => {
  afterEach(() => vi.useRealTimers());

  it("answers an outage error when no connection comes in time, and returns a late one to the pool", async () => {
    vi.useFakeTimers();
    let deliver: (connection: { release(): void }) => void = () => undefined;
    const pool: CallbackPool = {
      getConnection: (callback) => {
        deliver = (connection) => callback(null, connection);
      },
    };
    boundAcquire(pool, 3000);
    const answers: Array<{ error: Error | null; connection?: unknown }> = [];
    pool.getConnection((error, connection) => answers.push({ error, connection }));
    vi.advanceTimersByTime(2999);
    expect(answers).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(answers).toHaveLength(1);
    expect(answers[0].error).toMatchObject({ code: ACQUIRE_TIMEOUT_CODE });
    expect(isDatabaseUnreachable(answers[0].error)).toBe(true);
    const late = { release: vi.fn() };
    deliver(late);
    expect(late.release).toHaveBeenCalledOnce();
    expect(answers).toHaveLength(1);
  });

  it("passes a connection, or the driver's own error, that comes in time", () => {
    vi.useFakeTimers();
    const connection = { release: vi.fn() };
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    let calls = 0;
    const pool: CallbackPool = {
      getConnection: (callback) => (calls++ === 0 ? callback(null, connection) : callback(refused)),
    };
    boundAcquire(pool, 3000);
    const answers: Array<{ error: Error | null; connection?: unknown }> = [];
    pool.getConnection((error, given) => answers.push({ error, connection: given }));
    pool.getConnection((error, given) => answers.push({ error, connection: given }));
    vi.advanceTimersByTime(10_000);
    expect(answers).toEqual([
      { error: null, connection },
      { error: refused, connection: undefined },
    ]);
    expect(connection.release).not.toHaveBeenCalled();
  });
});

describe("retryDeadlocks: a deadlock victim is run again", () => {
  const dataSource = new DataSource({ type: "better-sqlite3", database: ":memory:" });
  const deadlock = () =>
    Object.assign(new Error("Deadlock found when trying to get lock; try restarting transaction"), {
      code: "ER_LOCK_DEADLOCK",
      errno: 1213,
    });

  beforeAll(async () => {
    await dataSource.initialize();
    retryDeadlocks(dataSource.manager, 2);
  });
  afterAll(() => dataSource.destroy());

  it("runs the whole transaction again, and answers its result", async () => {
    let runs = 0;
    const result = await dataSource.transaction(async (manager) => {
      runs += 1;
      await manager.query("SELECT 1");
      if (runs < 3) throw deadlock();
      return "écrit";
    });
    expect({ runs, result }).toEqual({ runs: 3, result: "écrit" });
  });

  it("gives up after the retries, and never retries other errors", async () => {
    let runs = 0;
    await expect(
      dataSource.transaction(async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: "ER_LOCK_DEADLOCK" });
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      dataSource.transaction(async () => {
        runs += 1;
        throw Object.assign(new Error("Duplicate entry"), { code: "ER_DUP_ENTRY" });
      }),
    ).rejects.toMatchObject({ code: "ER_DUP_ENTRY" });
    expect(runs).toBe(1);
  });
});

describe("takeTurns: SQLite's transactions one after the other", () => {
  const open = async (turns: boolean) => {
    const dataSource = new DataSource({ type: "better-sqlite3", database: ":memory:" });
    await dataSource.initialize();
    if (turns) takeTurns(dataSource.manager);
    await dataSource.query("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)");
    return dataSource;
  };
  const write = (dataSource: DataSource, id: number) =>
    dataSource.transaction(async (manager) => {
      await manager.query("INSERT INTO note (id, text) VALUES (?, ?)", [id, "avant"]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await manager.query("UPDATE note SET text = ? WHERE id = ?", ["après", id]);
    });

  it("fails two transactions begun together without it, and runs both with it, a failed one rolled back alone", async () => {
    const bare = await open(false);
    const together = await Promise.allSettled([write(bare, 1), write(bare, 2)]);
    expect(together.map((outcome) => outcome.status)).toContain("rejected");
    await bare.destroy();

    const dataSource = await open(true);
    const failing = dataSource.transaction(async (manager) => {
      await manager.query("INSERT INTO note (id, text) VALUES (3, 'perdu')");
      throw new Error("refusé");
    });
    const outcomes = await Promise.allSettled([write(dataSource, 1), failing, write(dataSource, 2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await dataSource.query("SELECT id, text FROM note ORDER BY id")).toEqual([
      { id: 1, text: "après" },
      { id: 2, text: "après" },
    ]);
    await dataSource.destroy();
  });
});

describe("isUniqueViolation: a write that met a unique index", () => {
  const index = { index: "UQ_people_email", table: "people", column: "email" };

  it("tells SQLite's UNIQUE constraint on that column from any other failure", async () => {
    const db = new DataSource({ type: "better-sqlite3", database: ":memory:" });
    await db.initialize();
    try {
      await db.query("CREATE TABLE people (id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL)");
      await db.query('CREATE UNIQUE INDEX "UQ_people_email" ON people (email)');
      await db.query("INSERT INTO people VALUES ('1', 'a@example.org', 'A')");
      const failure = (sql: string) =>
        db.query(sql).then(
          () => null,
          (error: unknown) => error,
        );
      expect(isUniqueViolation(await failure("INSERT INTO people VALUES ('2', 'a@example.org', 'B')"), index)).toBe(
        true,
      );
      expect(isUniqueViolation(await failure("INSERT INTO people VALUES ('1', 'b@example.org', 'B')"), index)).toBe(
        false,
      );
      expect(isUniqueViolation(await failure("INSERT INTO people VALUES ('3', 'c@example.org', NULL)"), index)).toBe(
        false,
      );
    } finally {
      await db.destroy();
    }
  });

  it("reads MySQL's and MariaDB's duplicate entry on that key only", () => {
    const mysql = (message: string) => ({ driverError: { code: "ER_DUP_ENTRY", message } });
    expect(isUniqueViolation(mysql("Duplicate entry 'a@example.org' for key 'UQ_people_email'"), index)).toBe(true);
    expect(isUniqueViolation(mysql("Duplicate entry 'a@example.org' for key 'people.UQ_people_email'"), index)).toBe(
      true,
    );
    expect(isUniqueViolation(mysql("Duplicate entry '1' for key 'PRIMARY'"), index)).toBe(false);
    expect(isUniqueViolation({ driverError: { code: "ER_NO_SUCH_TABLE", message: "UQ_people_email" } }, index)).toBe(
      false,
    );
  });
});
