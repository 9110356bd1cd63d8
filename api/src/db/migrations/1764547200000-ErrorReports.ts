import { type MigrationInterface, type QueryRunner, Table, TableIndex } from "typeorm";

/** « Signaler une erreur »: reports on service sheets and articles, with their status. */
export class ErrorReports1764547200000 implements MigrationInterface {
  name = "ErrorReports1764547200000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "report",
        columns: [
          { name: "id", type: "varchar", length: "36", isPrimary: true },
          { name: "itemType", type: "varchar", length: "10" },
          { name: "itemId", type: "varchar", length: "36" },
          { name: "itemLabel", type: "varchar", length: "255" },
          { name: "itemPath", type: "varchar", length: "255" },
          { name: "message", type: "text" },
          { name: "reporterEmail", type: "varchar", length: "254", isNullable: true },
          { name: "status", type: "varchar", length: "10" },
          { name: "createdAt", type: "datetime" },
          { name: "handledAt", type: "datetime", isNullable: true },
          { name: "handledBy", type: "varchar", length: "150", isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndices("report", [
      new TableIndex({ name: "IDX_report_status", columnNames: ["status", "createdAt"] }),
      new TableIndex({ name: "IDX_report_created", columnNames: ["createdAt"] }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("report");
  }
}
