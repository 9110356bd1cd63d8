// The data source for the TypeORM CLI (for example `npx typeorm migration:show -d ormconfig.ts`).
// The application builds the same options in api/src/db/data-source.ts from the environment.
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
