import { type MigrationInterface, type QueryRunner, TableIndex } from "typeorm";

/**
 * Services found around a place and by the words parents use (issue « Où ? »):
 * - an index on the service's position (latitude, then longitude), with its bit sets, so that a
 *   search around a place reads the range of latitudes of its box, never the whole table;
 * - service facet rows for what a service declares to cover (`covers`: its covered EPCIs) and,
 *   among its words, one word per service type (`_type_creche`…), which the synonym table of
 *   sheets/service-words.ts reaches.
 * Existing services get their new rows here; writers add them from now on (sheetFacets).
 */
export class ServicesNearby1764028800000 implements MigrationInterface {
  name = "ServicesNearby1764028800000";

  /** ServiceType's values in bit order when this migration was written (lists only grow at the end). */
  private readonly types = [
    "CRECHE", "FAMILY_CRECHE", "MICRO_CRECHE", "KINDERGARTEN", "DROP_IN_NURSERY", "MAM", "RPE", "LAEP",
    "LEISURE_CENTRE", "TOY_LIBRARY", "HOLIDAY_CAMP", "FAMILY_HOLIDAYS", "GRANDIR_HANDIFERENCE",
    "PROMENEURS_DU_NET", "YOUTH_SUPPORT", "PARENTING_SUPPORT", "CLAS", "SOCIAL_LIFE_SPACES", "SOCIAL_CENTRES",
    "DAILY_LIFE", "FAMILY_MEDIATION", "MEETING_SPACE", "HOUSING", "FAMILY_CHANGES",
  ];

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      "service",
      new TableIndex({ name: "IDX_service_position", columnNames: ["latitude", "longitude", "typeBits", "ageBits"] }),
    );
    const columns = "(serviceId, facet, value, sortName, typeBits, ageBits)";
    for (const [position, type] of this.types.entries()) {
      await queryRunner.query(
        `INSERT INTO service_facet ${columns} ` +
          `SELECT s.id, 'word', ?, SUBSTR(s.serviceName, 1, 150), s.typeBits, s.ageBits FROM service s ` +
          `WHERE (s.typeBits & ?) <> 0`,
        [`_type_${type.toLowerCase()}`, 2 ** position],
      );
    }
    const covering: Array<{ id: string; serviceName: string; coveredLocations: string; typeBits: number; ageBits: number }> =
      await queryRunner.query(
        "SELECT id, serviceName, coveredLocations, typeBits, ageBits FROM service WHERE coveredLocations <> '[]'",
      );
    const rows = covering.flatMap((service) =>
      [...new Set(JSON.parse(service.coveredLocations) as string[])]
        .filter(Boolean)
        .map((epci) => [service.id, "covers", epci.slice(0, 150), service.serviceName.slice(0, 150), service.typeBits, service.ageBits]),
    );
    for (let start = 0; start < rows.length; start += 200) {
      const chunk = rows.slice(start, start + 200);
      await queryRunner.query(
        `INSERT INTO service_facet ${columns} VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?)").join(", ")}`,
        chunk.flat(),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "DELETE FROM service_facet WHERE facet = 'covers' OR (facet = 'word' AND SUBSTR(value, 1, 6) = '_type_')",
    );
    await queryRunner.dropIndex("service", "IDX_service_position");
  }
}
