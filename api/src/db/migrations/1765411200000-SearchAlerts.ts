import { type MigrationInterface, type QueryRunner, Table, TableIndex } from "typeorm";

/** « Me prévenir »: e-mail alerts on a search, without an account, and their digests by period. */
export class SearchAlerts1765411200000 implements MigrationInterface {
  name = "SearchAlerts1765411200000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "search_alert",
        columns: [
          { name: "id", type: "varchar", length: "36", isPrimary: true },
          { name: "email", type: "varchar", length: "254" },
          { name: "list", type: "varchar", length: "10" },
          { name: "criteria", type: "text" },
          { name: "label", type: "varchar", length: "255" },
          { name: "placeLabel", type: "varchar", length: "120", isNullable: true },
          { name: "rhythm", type: "varchar", length: "8" },
          { name: "status", type: "varchar", length: "8" },
          { name: "createdAt", type: "datetime" },
          { name: "confirmedAt", type: "datetime", isNullable: true },
          { name: "since", type: "datetime", isNullable: true },
          { name: "lastSentAt", type: "datetime", isNullable: true },
          { name: "lastOpenedAt", type: "datetime", isNullable: true },
          { name: "bounces", type: "integer", default: 0 },
          { name: "endedAt", type: "datetime", isNullable: true },
          { name: "endReason", type: "varchar", length: "12", isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndices("search_alert", [
      new TableIndex({ name: "IDX_search_alert_email", columnNames: ["email"] }),
      new TableIndex({ name: "IDX_search_alert_due", columnNames: ["status", "rhythm", "id"] }),
      new TableIndex({ name: "IDX_search_alert_pending", columnNames: ["status", "createdAt"] }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: "alert_delivery",
        columns: [
          { name: "id", type: "varchar", length: "36", isPrimary: true },
          { name: "alertId", type: "varchar", length: "36" },
          { name: "period", type: "varchar", length: "10" },
          { name: "claimedBy", type: "varchar", length: "64" },
          { name: "claimedAt", type: "datetime" },
          { name: "sentAt", type: "datetime", isNullable: true },
          { name: "itemCount", type: "integer", default: 0 },
        ],
      }),
    );
    // A unique index, as the other tables' (MySQL has no unique constraints apart from them).
    await queryRunner.createIndex(
      "alert_delivery",
      new TableIndex({ name: "UQ_alert_delivery_period", columnNames: ["alertId", "period"], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("alert_delivery");
    await queryRunner.dropTable("search_alert");
  }
}
