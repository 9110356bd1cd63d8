import { type MigrationInterface, type QueryRunner, TableColumn } from "typeorm";

/**
 * A service's opening hours (its week, public holidays, temporary closures and exceptional
 * openings), kept as one JSON document; the searches read them from facet rows (`open`,
 * `hours`, `closed`) that need no schema change.
 */
export class OpeningHours1764374400000 implements MigrationInterface {
  name = "OpeningHours1764374400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("service", new TableColumn({ name: "hours", type: "text", isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("service", "hours");
  }
}
