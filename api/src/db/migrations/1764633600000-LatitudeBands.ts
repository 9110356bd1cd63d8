import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from "typeorm";

/**
 * Searches around a place read their box, not a band across the department: each service
 * carries its latitude band (`latitudeBand` = FLOOR(latitude × 20), bands of 0.05°, about
 * 5.6 km), and the position index starts with it, then the longitude. A search reads, in each
 * band its box crosses, the longitudes of the box (see SheetService.nearPage); before, it
 * read every longitude of its latitudes (three to four times the box's rows in a wide
 * department). Writers fill the band from now on (sheetRecord).
 */
export class LatitudeBands1764633600000 implements MigrationInterface {
  name = "LatitudeBands1764633600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("service", new TableColumn({ name: "latitudeBand", type: "integer", isNullable: true }));
    // The same double arithmetic as latitudeBand() in geo/distance.ts.
    await queryRunner.query("UPDATE service SET latitudeBand = FLOOR(latitude * 20) WHERE latitude IS NOT NULL");
    await queryRunner.dropIndex("service", "IDX_service_position");
    await queryRunner.createIndex(
      "service",
      new TableIndex({
        name: "IDX_service_position",
        columnNames: ["latitudeBand", "longitude", "latitude", "typeBits", "ageBits"],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("service", "IDX_service_position");
    await queryRunner.createIndex(
      "service",
      new TableIndex({ name: "IDX_service_position", columnNames: ["latitude", "longitude", "typeBits", "ageBits"] }),
    );
    await queryRunner.dropColumn("service", "latitudeBand");
  }
}
