// Run as a child process by migrations.int.test.ts, once per engine: migrates a
// scratch database and prints its normalised shape and any entity/migration drift.
import "reflect-metadata";
import { type QueryRunner, type Table } from "typeorm";
import { openDatabase } from "../src/db/data-source";
import { scratchDatabase } from "./database";

const TYPE_CLASSES: Record<string, string> = {
  varchar: "string",
  text: "text",
  mediumtext: "text",
  blob: "bytes",
  mediumblob: "bytes",
  int: "int",
  integer: "int",
  double: "float",
  datetime: "datetime",
  date: "date",
  boolean: "bool",
  tinyint: "bool",
};

const describeTable = (table: Table) => ({
  name: table.name,
  columns: table.columns
    .map((c) => ({
      name: c.name,
      type: TYPE_CLASSES[c.type] ?? c.type,
      length: c.type === "varchar" ? Number(c.length) : null,
      nullable: c.isNullable,
      primary: c.isPrimary,
    }))
    .sort((a, b) => a.name.localeCompare(b.name)),
  // Text indexes are engine-specific by design: they are compared separately (textIndexes).
  indices: table.indices
    .filter((i) => !String(i.name).endsWith("_fulltext"))
    .map((i) => ({ name: i.name, columns: i.columnNames, unique: Boolean(i.isUnique) }))
    .sort((a, b) => String(a.name).localeCompare(String(b.name))),
  foreignKeys: table.foreignKeys
    .map((fk) => ({ columns: fk.columnNames, table: fk.referencedTableName, onDelete: fk.onDelete }))
    .sort((a, b) => a.table.localeCompare(b.table)),
});

/**
 * "table.column" for each text index: MySQL FULLTEXT indexes, or SQLite FTS5
 * tables over a column with their three sync triggers.
 */
async function describeTextIndexes(engine: string, runner: QueryRunner): Promise<string[]> {
  if (engine !== "better-sqlite3") {
    const rows: Array<{ tableName: string; columnName: string }> = await runner.query(
      `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS columnName FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = DATABASE() AND INDEX_TYPE = 'FULLTEXT'`,
    );
    return rows.map((row) => `${row.tableName}.${row.columnName}`).sort();
  }
  const fts: Array<{ name: string }> = await runner.query(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5%'`,
  );
  const triggers: Array<{ name: string }> = await runner.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`);
  return fts
    .map(({ name }) => name.replace(/_fts$/, ""))
    .filter((table) =>
      ["insert", "update", "delete"].every((t) => triggers.some((tr) => tr.name === `${table}_fts_${t}`)),
    )
    .map((table) => `${table}.searchText`)
    .sort();
}

async function main() {
  const settings = await scratchDatabase(process.argv[2] ?? "shape");
  const dataSource = await openDatabase(settings);
  const runner = dataSource.createQueryRunner();
  const names = dataSource.entityMetadatas.map((m) => m.tableName);
  const tables = (await runner.getTables(names)).map(describeTable).sort((a, b) => a.name.localeCompare(b.name));
  const drift = (await dataSource.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query);
  const textIndexes = await describeTextIndexes(dataSource.options.type, runner);
  await runner.release();
  await dataSource.destroy();
  process.stdout.write(JSON.stringify({ engine: dataSource.options.type, tables, drift, textIndexes }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
