import { type MigrationInterface, type QueryRunner, Table, TableIndex } from "typeorm";

/** The audit trail: who created, changed or deleted a media, a service sheet or an account, and when. */
export class AuditTrail1764201600000 implements MigrationInterface {
  name = "AuditTrail1764201600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "audit_entry",
        columns: [
          { name: "id", type: "varchar", length: "36", isPrimary: true },
          { name: "at", type: "datetime" },
          { name: "actorId", type: "varchar", length: "36", isNullable: true },
          { name: "actorName", type: "varchar", length: "150" },
          { name: "itemType", type: "varchar", length: "10" },
          { name: "itemId", type: "varchar", length: "36" },
          { name: "itemLabel", type: "varchar", length: "255" },
          { name: "action", type: "varchar", length: "10" },
          { name: "fields", type: "text" },
        ],
      }),
    );
    await queryRunner.createIndices("audit_entry", [
      new TableIndex({ name: "IDX_audit_item", columnNames: ["itemType", "itemId", "at"] }),
      new TableIndex({ name: "IDX_audit_actor", columnNames: ["actorId", "at"] }),
      new TableIndex({ name: "IDX_audit_at", columnNames: ["at"] }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("audit_entry");
  }
}
