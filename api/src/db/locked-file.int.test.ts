import Database from "better-sqlite3";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildAccount, LOGIN, newAgent, PASSWORD } from "../../test/agent";
import { useTestPortal } from "../../test/portal";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../errors";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { isMysql } from "./column-types";
import { SQLITE_BUSY_TIMEOUT_MS } from "./data-source";

/**
 * SQLite's "frozen database": another process (a script, a backup tool) holds the file's write
 * lock. better-sqlite3 waits for it synchronously, and the whole portal with it (/healthz too):
 * the wait is short (SQLITE_BUSY_TIMEOUT_MS), then the write fails as an outage (503, Retry-After).
 */
// On SQLite only: the project api-sqlite runs it when DATABASE_URL names MySQL/MariaDB.
describe.runIf(!isMysql())("a SQLite file whose write lock another process holds", () => {
  const t = useTestPortal();

  it("fails a write fast with 503 and Retry-After, and writes again once the lock is gone", async () => {
    const user = await buildAccount(t.portal.dataSource, { role: Role.FULL_PARTNER, status: UserStatus.CONFIRMED });
    const agent = newAgent(t);
    // A sign-in writes outside a transaction (its throttle keys, then the session): such a write
    // waits for the lock. (One inside a transaction that has read first fails at once, as WAL wants.)
    const signIn = () => agent.graphql(LOGIN, { input: { email: user.email, password: PASSWORD, remember: false } });
    const other = new Database(join(t.dataDir, "portail.sqlite"));
    other.exec("BEGIN IMMEDIATE");
    let write: Awaited<ReturnType<typeof signIn>>;
    let writeMs: number;
    try {
      const started = Date.now();
      write = await signIn();
      writeMs = Date.now() - started;
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe("5");
    expect(write.errors?.[0]).toMatchObject({
      message: DATABASE_UNAVAILABLE_MESSAGE,
      extensions: { code: "SERVICE_UNAVAILABLE" },
    });
    // The lock's wait and the sign-in around it (its password check); SQLite's own default is 5 s.
    expect(writeMs!).toBeGreaterThanOrEqual(SQLITE_BUSY_TIMEOUT_MS - 50);
    expect(writeMs!).toBeLessThan(SQLITE_BUSY_TIMEOUT_MS + 3000);

    const again = await signIn();
    expect(again.errors).toBeUndefined();
    expect(await agent.whoAmI()).toBe(user.id);
  });
});
