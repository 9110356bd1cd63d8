// Run as a child process by migrations.int.test.ts, once per engine: migrates a
// scratch database and prints its normalised shape and any entity/migration drift.
import "reflect-metadata";
import { Table } from "typeorm";
import { openDatabase } from "../src/db/data-source";
import { scratchDatabase } from "./database";

const TYPE_CLASSES: Record<string, string> = {
  varchar: "string",
  text: "text",
  mediumtext: "text",
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
  indices: [...table.indices.map((i) => ({ name: i.name, columns: i.columnNames, unique: Boolean(i.isUnique) }))].sort(
    (a, b) => String(a.name).localeCompare(String(b.name)),
  ),
  foreignKeys: table.foreignKeys
    .map((fk) => ({ columns: fk.columnNames, table: fk.referencedTableName, onDelete: fk.onDelete }))
    .sort((a, b) => a.table.localeCompare(b.table)),
});

async function main() {
  const settings = await scratchDatabase(process.argv[2] ?? "shape");
  const dataSource = await openDatabase(settings);
  const runner = dataSource.createQueryRunner();
  const names = dataSource.entityMetadatas.map((m) => m.tableName);
  const tables = (await runner.getTables(names)).map(describeTable).sort((a, b) => a.name.localeCompare(b.name));
  const drift = (await dataSource.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query);
  await runner.release();
  await dataSource.destroy();
  process.stdout.write(JSON.stringify({ engine: dataSource.options.type, tables, drift }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
