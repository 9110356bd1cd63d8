import { type MigrationInterface, type QueryRunner, Table } from "typeorm";
import { FILE_CHUNK } from "../column-types";

/**
 * Several instances on one database:
 * - `stored_file_chunk`: uploaded files kept in the database (UPLOAD_STORAGE=database), in pieces
 *   of 256 KiB, so that any instance serves any file;
 * - `portal_setting`: what every instance must agree on (the session secret's fingerprint,
 *   checked at start-up).
 */
export class SeveralInstances1764720000000 implements MigrationInterface {
  name = "SeveralInstances1764720000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "stored_file_chunk",
        columns: [
          { name: "storageKey", type: "varchar", length: "100", isPrimary: true },
          { name: "seq", type: "integer", isPrimary: true },
          { name: "bytes", type: FILE_CHUNK },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "portal_setting",
        columns: [
          { name: "name", type: "varchar", length: "50", isPrimary: true },
          { name: "value", type: "varchar", length: "255" },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("portal_setting");
    await queryRunner.dropTable("stored_file_chunk");
  }
}
