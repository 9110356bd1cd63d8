// The data source of the TypeORM CLI: `npm run typeorm -- migration:show` (after `npm ci`).
// That script (api/bin/typeorm.mjs) runs the CLI through @swc-node/register, which emits the
// decorator metadata the entities need (plain `npx typeorm` cannot load TypeScript), and passes
// `-d ormconfig.ts` to the commands that read a data source. SQLite in DATA_DIR (./data), or
// DATABASE_URL. The application builds the same options in api/src/db/data-source.ts.
import "reflect-metadata";
import { resolve } from "node:path";
import { DataSource } from "typeorm";
import { dataSourceOptions } from "./api/src/db/data-source";

export default new DataSource(
  dataSourceOptions({
    databaseUrl: process.env.DATABASE_URL ?? null,
    dataDir: resolve(process.env.DATA_DIR ?? "data"),
  }),
);
