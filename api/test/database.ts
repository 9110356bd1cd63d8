import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import { isMysql } from "../src/db/column-types";

/**
 * A database of its own for each test worker: on MySQL a scratch schema named
 * after DATABASE_URL's and the worker id, dropped and created anew; otherwise a
 * fresh SQLite file. Both get the real migrations when the portal starts.
 */
export async function scratchDatabase(suffix: string): Promise<{ databaseUrl: string | null; dataDir: string }> {
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
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await connection.end();
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), dataDir };
}
