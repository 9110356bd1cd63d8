import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from "typeorm";

/**
 * A search around a place lists, beside the services within its radius, those that declare to
 * cover the place's EPCI, sorted by their distance. It read each covering service's row for its
 * position (429 rows for one EPCI at 20,000 services, about 2 ms of the search's 7). The `covers`
 * facet rows now carry copies of the position (writers fill them from now on: sheetFacets),
 * and the facet index holds them: that part of the search reads index entries only.
 */
export class CoveringPositions1764892800000 implements MigrationInterface {
  name = "CoveringPositions1764892800000";

  private readonly before = ["facet", "value", "sortName", "serviceId", "typeBits", "ageBits"];

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("service_facet", [
      new TableColumn({ name: "latitude", type: "double", isNullable: true }),
      new TableColumn({ name: "longitude", type: "double", isNullable: true }),
    ]);
    await queryRunner.query(
      "UPDATE service_facet SET " +
        "latitude = (SELECT s.latitude FROM service s WHERE s.id = service_facet.serviceId), " +
        "longitude = (SELECT s.longitude FROM service s WHERE s.id = service_facet.serviceId) " +
        "WHERE facet = 'covers'",
    );
    await queryRunner.dropIndex("service_facet", "IDX_service_facet_by_name");
    await queryRunner.createIndex(
      "service_facet",
      new TableIndex({ name: "IDX_service_facet_by_name", columnNames: [...this.before, "latitude", "longitude"] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("service_facet", "IDX_service_facet_by_name");
    await queryRunner.dropColumn("service_facet", "longitude");
    await queryRunner.dropColumn("service_facet", "latitude");
    await queryRunner.createIndex(
      "service_facet",
      new TableIndex({ name: "IDX_service_facet_by_name", columnNames: this.before }),
    );
  }
}
