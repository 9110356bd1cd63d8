import { DataSource } from "typeorm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { boundAcquire, type CallbackPool, retryDeadlocks } from "./data-source";
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
