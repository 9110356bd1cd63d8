import { type DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDatabase } from "../../test/database";
import { TcpProxy } from "../../test/tcp-proxy";
import { isMysql } from "./column-types";
import { CONNECT_TIMEOUT_MS, limitStatements, openDatabase } from "./data-source";
import { isDatabaseBusy, isDatabaseUnreachable } from "./outage";
import { UNANSWERED_MARGIN_MS } from "./pool-guard";

const LIMIT_MS = 1000;
/** Room for a loaded machine on top of a bound the portal sets itself. */
const SLACK_MS = 1500;

/** How long a promise took to settle, and how (its value or its error). */
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = Date.now();
  try {
    const value = await run();
    return { ms: Date.now() - started, value };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

describe.runIf(isMysql())("the pool guard (MySQL/MariaDB): statements' time limits", () => {
  const target = new URL(process.env.DATABASE_URL ?? "mysql://127.0.0.1:3306/x");
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 3306) });
  let ds: DataSource;

  beforeAll(async () => {
    const scratch = await scratchDatabase(`guard_w${process.env.VITEST_POOL_ID ?? "0"}`);
    await proxy.start();
    const viaProxy = new URL(scratch.databaseUrl!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    ds = await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: scratch.dataDir });
  });
  afterAll(async () => {
    proxy.thaw();
    await ds?.destroy();
    await proxy.close();
  });

  it("has the server stop a statement at its limit, as busy, and keeps using the connection", async () => {
    // Before the limit (the start-up: migrations, the lock), a statement takes the time it needs.
    expect(await ds.query("SELECT SLEEP(1.5) AS slept")).toEqual([{ slept: 0 }]);
    // The connections the start-up opened get the limit too, at their next loan.
    limitStatements(ds, LIMIT_MS);
    const slow = await timed(() => ds.query("SELECT SLEEP(3) AS slept"));
    expect(slow.error, "the statement is stopped").toBeDefined();
    expect(isDatabaseBusy(slow.error)).toBe(true);
    expect(isDatabaseUnreachable(slow.error)).toBe(true);
    expect(slow.ms).toBeLessThan(LIMIT_MS + SLACK_MS);
    expect(await ds.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("gives up a statement a frozen server does not answer, and never lends its connection again", async () => {
    // Two connections at least are open (the test before used some).
    await Promise.all([ds.query("SELECT 1"), ds.query("SELECT 1")]);
    proxy.freeze();
    try {
      const first = await timed(() => ds.query("SELECT 'first' AS v"));
      expect(first.error).toMatchObject({ driverError: { code: "PROTOCOL_SEQUENCE_TIMEOUT" } });
      expect(isDatabaseBusy(first.error)).toBe(false);
      expect(isDatabaseUnreachable(first.error)).toBe(true);
      expect(first.ms).toBeGreaterThanOrEqual(LIMIT_MS + UNANSWERED_MARGIN_MS - 50);
      expect(first.ms).toBeLessThan(LIMIT_MS + UNANSWERED_MARGIN_MS + SLACK_MS);
      // The pool lends the connection given back last first: had the stuck one gone back, this
      // statement would wait behind the first one's, with no timer of its own, for ever.
      const second = await timed(() => ds.query("SELECT 'second' AS v"));
      expect(isDatabaseUnreachable(second.error)).toBe(true);
      expect(second.ms).toBeLessThan(LIMIT_MS + UNANSWERED_MARGIN_MS + CONNECT_TIMEOUT_MS + SLACK_MS);
    } finally {
      proxy.thaw();
    }
    // The server moves again: the pool answers at once, and right (no stale answer).
    const after = await timed(() => ds.query("SELECT 'after' AS v"));
    expect(after.value).toEqual([{ v: "after" }]);
    expect(after.ms).toBeLessThan(SLACK_MS);
  });
});
