import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from "typeorm";

/**
 * Searches read facet rows alone (see docs/ARCHITECTURE.md, « Searching »):
 * - media facet rows carry copies of the media's visibility flag and bit sets, inside their
 *   index, so that a criterion's rows are filtered without reading the media;
 * - service facet rows are read in the directory's order: by name (`sortName` replaces
 *   `sortAt`), with copies of the service's bit sets.
 * Existing rows are filled from their item.
 */
export class FacetRowCriteria1763942400000 implements MigrationInterface {
  name = "FacetRowCriteria1763942400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.options.type === "better-sqlite3";
    // SQLite spells the entities' "int" as "integer".
    const bits = (name: string) => new TableColumn({ name, type: sqlite ? "integer" : "int", default: "0" });

    await queryRunner.dropIndex("media_facet", "IDX_media_facet_sorted");
    await queryRunner.addColumns("media_facet", [
      new TableColumn({ name: "restricted", type: "boolean", default: sqlite ? "0" : "false" }),
      bits("categoryBits"),
      bits("ageBits"),
      bits("thematicBits"),
    ]);
    await queryRunner.dropIndex("service_facet", "IDX_service_facet_sorted");
    await queryRunner.dropColumn("service_facet", "sortAt");
    await queryRunner.addColumns("service_facet", [
      new TableColumn({ name: "sortName", type: "varchar", length: "150", default: "''" }),
      bits("typeBits"),
      bits("ageBits"),
    ]);

    // Each facet column takes its value from the item row (`i`).
    const copy = async (facetTable: string, itemTable: string, owner: string, values: Record<string, string>) => {
      const columns = Object.entries(values);
      if (sqlite) {
        // SQLite's UPDATE … FROM (3.33 and later).
        await queryRunner.query(
          `UPDATE ${facetTable} SET ${columns.map(([column, value]) => `${column} = ${value}`).join(", ")} ` +
            `FROM ${itemTable} i WHERE i.id = ${facetTable}.${owner}`,
        );
      } else {
        await queryRunner.query(
          `UPDATE ${facetTable} f JOIN ${itemTable} i ON i.id = f.${owner} ` +
            `SET ${columns.map(([column, value]) => `f.${column} = ${value}`).join(", ")}`,
        );
      }
    };
    await copy("media_facet", "media", "mediaId", {
      restricted: "i.restricted",
      categoryBits: "i.categoryBits",
      ageBits: "i.ageBits",
      thematicBits: "i.thematicBits",
    });
    await copy("service_facet", "service", "serviceId", {
      sortName: "SUBSTR(i.serviceName, 1, 150)",
      typeBits: "i.typeBits",
      ageBits: "i.ageBits",
    });

    await queryRunner.createIndex(
      "media_facet",
      new TableIndex({
        name: "IDX_media_facet_newest",
        columnNames: ["facet", "value", "sortAt", "mediaId", "restricted", "categoryBits", "ageBits", "thematicBits"],
      }),
    );
    await queryRunner.createIndex(
      "service_facet",
      new TableIndex({
        name: "IDX_service_facet_by_name",
        columnNames: ["facet", "value", "sortName", "serviceId", "typeBits", "ageBits"],
      }),
    );
  }

  async down(): Promise<void> {
    throw new Error("FacetRowCriteria cannot be undone: restore a backup taken before it.");
  }
}
