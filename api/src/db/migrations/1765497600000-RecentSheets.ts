import { type MigrationInterface, type QueryRunner, TableIndex } from "typeorm";

/**
 * The alerts' digests read, for each batch of alerts, the sheets created or given places in a
 * window of time: an index on each date lets the engine read those rows only (an index merge)
 * rather than every sheet.
 */
export class RecentSheets1765497600000 implements MigrationInterface {
  name = "RecentSheets1765497600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndices("service", [
      new TableIndex({ name: "IDX_service_created", columnNames: ["createdAt"] }),
      new TableIndex({ name: "IDX_service_availability_given", columnNames: ["availabilityGivenAt"] }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("service", "IDX_service_availability_given");
    await queryRunner.dropIndex("service", "IDX_service_created");
  }
}
