import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DataSource, DataSourceOptions } from "typeorm";
import { isMysql } from "./column-types";
import { entities } from "./entities";
import { migrations } from "./migrations";

export interface DatabaseSettings {
  databaseUrl: string | null;
  dataDir: string;
}

export function dataSourceOptions({ databaseUrl, dataDir }: DatabaseSettings): DataSourceOptions {
  const common = { entities, migrations, synchronize: false, migrationsRun: false, logging: false } as const;
  if (databaseUrl && isMysql(databaseUrl)) {
    return {
      ...common,
      type: "mysql",
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

/** Connects and brings the schema up to date; `synchronize` is never used. */
export async function openDatabase(settings: DatabaseSettings): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(settings));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: "each" });
  return dataSource;
}
