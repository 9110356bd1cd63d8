import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMysql } from "./column-types";

const API_DIR = join(__dirname, "..", "..");

/** Migrates a scratch database in a child process (one engine per process) and reads its shape. */
function migratedShape(databaseUrl: string | undefined) {
  const output = execFileSync(process.execPath, ["-r", "@swc-node/register", "test/describe-schema.ts", "shape"], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl ?? "" },
    encoding: "utf8",
  });
  return JSON.parse(output) as {
    engine: string;
    tables: Array<{ name: string }>;
    drift: string[];
    textIndexes: string[];
  };
}

const mysqlUrl = process.env.DATABASE_URL && isMysql(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;

describe("migrations", () => {
  const sqlite = migratedShape(undefined);

  it("build on SQLite exactly the schema the entities declare", () => {
    expect(sqlite.engine).toBe("better-sqlite3");
    expect(sqlite.tables.map((t) => t.name)).toEqual([
      "alert_delivery",
      "audit_entry",
      "job_lease",
      "media",
      "media_facet",
      "portal_setting",
      "report",
      "search_alert",
      "service",
      "service_facet",
      "session",
      "stored_file_chunk",
      "throttle",
      "town",
      "uploaded_file",
      "user_token",
      "users",
    ]);
    expect(sqlite.drift).toEqual([]);
    // Words are facets (SearchAtScale): no engine-specific text index is left.
    expect(sqlite.textIndexes).toEqual([]);
  });

  it.runIf(mysqlUrl)("build the same schema on MySQL/MariaDB as on SQLite", () => {
    const mysql = migratedShape(mysqlUrl);
    expect(["mysql", "mariadb"]).toContain(mysql.engine);
    expect(mysql.drift).toEqual([]);
    expect(mysql.tables).toEqual(sqlite.tables);
    expect(mysql.textIndexes).toEqual(sqlite.textIndexes);
  });
});
