import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from "typeorm";

const TABLES = ["media", "service"] as const;

/**
 * Text indexes for the accent-insensitive search (on the normalised searchText
 * columns): a FULLTEXT index on MySQL/MariaDB; on SQLite an FTS5 table whose
 * content is the base table, kept in step by triggers. SQLite migrations that
 * rebuild media or service (TypeORM does so to change a column) must recreate
 * the triggers and run the FTS 'rebuild' command again.
 */
export class FullTextSearch1732406400000 implements MigrationInterface {
  name = "FullTextSearch1732406400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      "media",
      new TableColumn({ name: "eventAddressText", type: "varchar", length: "255", isNullable: true }),
    );
    const sqlite = queryRunner.connection.options.type === "better-sqlite3";
    for (const table of TABLES) {
      if (!sqlite) {
        await queryRunner.createIndex(
          table,
          new TableIndex({ name: `IDX_${table}_fulltext`, columnNames: ["searchText"], isFulltext: true }),
        );
        continue;
      }
      await queryRunner.query(
        `CREATE VIRTUAL TABLE ${table}_fts USING fts5(searchText, content='${table}', content_rowid='rowid')`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN ` +
          `INSERT INTO ${table}_fts(rowid, searchText) VALUES (new.rowid, new.searchText); END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN ` +
          `INSERT INTO ${table}_fts(${table}_fts, rowid, searchText) VALUES ('delete', old.rowid, old.searchText); END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_fts_update AFTER UPDATE ON ${table} BEGIN ` +
          `INSERT INTO ${table}_fts(${table}_fts, rowid, searchText) VALUES ('delete', old.rowid, old.searchText); ` +
          `INSERT INTO ${table}_fts(rowid, searchText) VALUES (new.rowid, new.searchText); END`,
      );
      await queryRunner.query(`INSERT INTO ${table}_fts(${table}_fts) VALUES ('rebuild')`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.options.type === "better-sqlite3";
    for (const table of TABLES) {
      if (!sqlite) {
        await queryRunner.dropIndex(table, `IDX_${table}_fulltext`);
        continue;
      }
      for (const trigger of ["insert", "delete", "update"]) await queryRunner.query(`DROP TRIGGER ${table}_fts_${trigger}`);
      await queryRunner.query(`DROP TABLE ${table}_fts`);
    }
    await queryRunner.dropColumn("media", "eventAddressText");
  }
}
