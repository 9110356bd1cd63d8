import { MigrationInterface, QueryRunner, Table } from "typeorm";

export class Throttle1732320000000 implements MigrationInterface {
  name = "Throttle1732320000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "throttle",
        columns: [
          { name: "key", type: "varchar", length: "200", isPrimary: true },
          { name: "hits", type: "integer" },
          { name: "windowStart", type: "datetime" },
          { name: "blockedUntil", type: "datetime", isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("throttle");
  }
}
