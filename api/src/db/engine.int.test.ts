import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../test/portal";
import { isMysql, LONG_TEXT } from "./column-types";

// Each test project runs on one engine (api: DATABASE_URL's; api-sqlite: SQLite). The entities'
// column types, fixed when they load, and the portal's connection must both be that engine's:
// a worker that ran another project's files first would fail here.
describe("the engine of a test worker", () => {
  const t = useTestPortal();

  it("is the one DATABASE_URL names, for the entities and the connection alike", () => {
    expect(LONG_TEXT).toBe(isMysql() ? "mediumtext" : "text");
    expect(t.portal.dataSource.options.type).toMatch(isMysql() ? /^(mysql|mariadb)$/ : /^better-sqlite3$/);
  });
});
