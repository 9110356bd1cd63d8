import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from "typeorm";

/**
 * Freshness of service sheets: `service.checkedAt` (last saved or confirmed by a member or an
 * administrator; existing sheets count from their last update) and `service.reminderSentAt`;
 * and `job_lease`, where the instances of the portal take their background jobs (JobRunner).
 */
export class SheetFreshness1764460800000 implements MigrationInterface {
  name = "SheetFreshness1764460800000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("service", [
      new TableColumn({ name: "checkedAt", type: "datetime", isNullable: true }),
      new TableColumn({ name: "reminderSentAt", type: "datetime", isNullable: true }),
    ]);
    await queryRunner.query(`UPDATE service SET checkedAt = updatedAt`);
    await queryRunner.changeColumn(
      "service",
      "checkedAt",
      new TableColumn({ name: "checkedAt", type: "datetime", isNullable: false }),
    );
    await queryRunner.createIndex("service", new TableIndex({ name: "IDX_service_checked", columnNames: ["checkedAt"] }));

    await queryRunner.createTable(
      new Table({
        name: "job_lease",
        columns: [
          { name: "name", type: "varchar", length: "50", isPrimary: true },
          { name: "leaseOwner", type: "varchar", length: "64", isNullable: true },
          { name: "leasedUntil", type: "datetime", isNullable: true },
          { name: "lastRunAt", type: "datetime", isNullable: true },
          { name: "nextRunAt", type: "datetime" },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("job_lease");
    await queryRunner.dropIndex("service", "IDX_service_checked");
    await queryRunner.dropColumns("service", ["checkedAt", "reminderSentAt"]);
  }
}
