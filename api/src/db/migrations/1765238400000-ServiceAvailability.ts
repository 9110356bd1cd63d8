import { type MigrationInterface, type QueryRunner, TableColumn } from "typeorm";

/**
 * « Places disponibles » of child care sheets: the age groups as one JSON document and the day
 * they were given. « Avec des places disponibles » reads `vacancy` facet rows (the day, in the
 * facet index already): no index changes.
 */
export class ServiceAvailability1765238400000 implements MigrationInterface {
  name = "ServiceAvailability1765238400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("service", [
      new TableColumn({ name: "availabilityGroups", type: "text", isNullable: true }),
      new TableColumn({ name: "availabilityGivenAt", type: "datetime", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns("service", ["availabilityGroups", "availabilityGivenAt"]);
  }
}
