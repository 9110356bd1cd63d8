import { type MigrationInterface, type QueryRunner, TableColumn } from "typeorm";

/**
 * The organiser's public contact on an event (all optional): an e-mail address, a phone
 * number and a registration link, shown on the event's page under its date and place.
 */
export class EventContact1764115200000 implements MigrationInterface {
  name = "EventContact1764115200000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("media", [
      new TableColumn({ name: "contactEmail", type: "varchar", length: "255", isNullable: true }),
      new TableColumn({ name: "contactPhone", type: "varchar", length: "30", isNullable: true }),
      new TableColumn({ name: "registrationUrl", type: "varchar", length: "500", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("media", "registrationUrl");
    await queryRunner.dropColumn("media", "contactPhone");
    await queryRunner.dropColumn("media", "contactEmail");
  }
}
