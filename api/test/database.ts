import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Connection, createConnection, type RowDataPacket } from "mysql2/promise";
import { isMysql } from "../src/db/column-types";

/**
 * A database of its own for each test worker: on MySQL a scratch schema named
 * after DATABASE_URL's and the worker id, dropped and created anew; otherwise a
 * fresh SQLite file. Both get the real migrations when the portal starts. With
 * `reuse`, a MySQL schema this process already migrated is emptied instead.
 */
export async function scratchDatabase(
  suffix: string,
  { reuse = false }: { reuse?: boolean } = {},
): Promise<{ databaseUrl: string | null; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `portail-${suffix}-`));
  const base = process.env.DATABASE_URL;
  if (!base || !isMysql(base)) return { databaseUrl: null, dataDir };

  const url = new URL(base.replace(/^mariadb:/i, "mysql:"));
  const name = `${url.pathname.replace(/^\//, "") || "portail"}_${suffix}`.replace(/[^a-zA-Z0-9_]/g, "_");
  const connection = await createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
  try {
    if (reuse) {
      await emptyTables(connection, name);
    } else {
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    }
  } finally {
    await connection.end();
  }
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), dataDir };
}

/**
 * Empties every table of a migrated schema but the migrations' own record, towns included (the
 * portal loads them again at start-up, as on a new database): the next portal starts on what a
 * new database holds, without running the migrations again (2 to 3 s a file on MySQL).
 */
async function emptyTables(connection: Connection, schema: string) {
  const [tables] = await connection.query<RowDataPacket[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
    [schema],
  );
  await connection.query(`USE \`${schema}\``);
  await connection.query("SET FOREIGN_KEY_CHECKS = 0");
  for (const { name } of tables) {
    if (name !== "migrations") await connection.query(`DELETE FROM \`${name}\``);
  }
  await connection.query("SET FOREIGN_KEY_CHECKS = 1");
}
