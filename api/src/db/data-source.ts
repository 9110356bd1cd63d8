import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DataSource, type DataSourceOptions } from "typeorm";
import { isMysql } from "./column-types";
import { entities } from "./entities";
import { migrations } from "./migrations";

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
      // instead of letting requests wait without limit.
      extra: { connectionLimit: 10, queueLimit: 200, connectTimeout: 10_000 },
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
      db.pragma("busy_timeout = 5000");
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

/** Connects and brings the schema up to date; `synchronize` is never used. */
export async function openDatabase(settings: DatabaseSettings): Promise<DataSource> {
  const server =
    settings.databaseUrl && isMysql(settings.databaseUrl) ? await detectServer(settings.databaseUrl) : "mysql";
  const dataSource = new DataSource(dataSourceOptions(settings, server));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: "each" });
  return dataSource;
}
