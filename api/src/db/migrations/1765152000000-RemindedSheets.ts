import { type MigrationInterface, type QueryRunner, TableIndex } from "typeorm";

/**
 * « Fiches à vérifier » counts the sheets whose owner was reminded (`reminderSentAt IS NOT NULL`)
 * each time an administrator opens it: without an index, that read every service row (20,000 in
 * a département's years). The index answers the count from its entries.
 */
export class RemindedSheets1765152000000 implements MigrationInterface {
  name = "RemindedSheets1765152000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      "service",
      new TableIndex({ name: "IDX_service_reminded", columnNames: ["reminderSentAt"] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("service", "IDX_service_reminded");
  }
}
