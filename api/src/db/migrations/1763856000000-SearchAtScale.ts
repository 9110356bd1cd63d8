import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from "typeorm";
import { bitsOf } from "../../modules/common/bits";
import { indexWords } from "../../modules/common/text-normalization";
import { Age, Category, ServiceType, Thematic } from "../../modules/reference/reference.data";

const BATCH = 500;

/**
 * Searches that stay fast with years of content (see docs/ARCHITECTURE.md, « Searching »):
 * - the engines' text indexes (FULLTEXT, FTS5) give way to word facets, read like every other
 *   criterion, most recent first (a FULLTEXT match cannot be read in date order);
 * - facet rows carry their item's date (`sortAt`) and are indexed (facet, value, sortAt);
 * - categories, ages, themes and service types become bit sets on the row, inside the indexes
 *   of each list's order (newest, events by start and end, services by name);
 * - events have an end (`eventEnd`), for the upcoming events list.
 * Existing rows are converted in batches.
 */
export class SearchAtScale1763856000000 implements MigrationInterface {
  name = "SearchAtScale1763856000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.options.type === "better-sqlite3";
    for (const table of ["media", "service"]) {
      if (sqlite) {
        for (const trigger of ["insert", "delete", "update"]) await queryRunner.query(`DROP TRIGGER ${table}_fts_${trigger}`);
        await queryRunner.query(`DROP TABLE ${table}_fts`);
      } else {
        await queryRunner.dropIndex(table, `IDX_${table}_fulltext`);
      }
    }

    // SQLite spells the entities' "int" as "integer".
    const bits = (name: string) => new TableColumn({ name, type: sqlite ? "integer" : "int", default: "0" });
    await queryRunner.addColumns("media", [
      bits("categoryBits"),
      bits("ageBits"),
      bits("thematicBits"),
      new TableColumn({ name: "eventEnd", type: "datetime", isNullable: true }),
    ]);
    await queryRunner.addColumns("service", [bits("typeBits"), bits("ageBits")]);
    for (const table of ["media_facet", "service_facet"]) {
      await queryRunner.addColumn(table, new TableColumn({ name: "sortAt", type: "datetime", isNullable: true }));
    }

    await queryRunner.dropIndex("media", "IDX_media_createdAt");
    await queryRunner.dropIndex("service", "IDX_service_name");
    await queryRunner.dropIndex("media_facet", "IDX_media_facet_lookup");
    await queryRunner.dropIndex("service_facet", "IDX_service_facet_lookup");

    // Data: facets that became bit sets go; dates and words come.
    await queryRunner.query(`DELETE FROM media_facet WHERE facet IN ('category', 'age', 'thematic')`);
    await queryRunner.query(`DELETE FROM service_facet WHERE facet IN ('type', 'age')`);
    await queryRunner.query(`UPDATE media SET eventEnd = COALESCE(eventTo, eventFrom)`);
    await queryRunner.query(
      `UPDATE media_facet SET sortAt = (SELECT createdAt FROM media WHERE media.id = media_facet.mediaId)`,
    );
    await queryRunner.query(
      `UPDATE service_facet SET sortAt = (SELECT createdAt FROM service WHERE service.id = service_facet.serviceId)`,
    );
    await convert(queryRunner, "media", "mediaId", (row) => ({
      categoryBits: bitsOf(Object.values(Category), parse(row.categories)),
      ageBits: bitsOf(Object.values(Age), parse(row.ages)),
      thematicBits: bitsOf(Object.values(Thematic), parse(row.thematics)),
    }));
    await convert(queryRunner, "service", "serviceId", (row) => ({
      typeBits: bitsOf(Object.values(ServiceType), parse(row.types)),
      ageBits: bitsOf(Object.values(Age), parse(row.ages)),
    }));

    const index = (table: string, name: string, columnNames: string[]) =>
      queryRunner.createIndex(table, new TableIndex({ name, columnNames }));
    const listed = ["restricted", "categoryBits", "ageBits", "thematicBits"];
    await index("media", "IDX_media_newest", ["createdAt", "id", ...listed]);
    await index("media", "IDX_media_event_start", ["eventFrom", "id", "eventEnd", ...listed]);
    await index("media", "IDX_media_event_end", ["eventEnd", "eventFrom", "id", ...listed]);
    await index("service", "IDX_service_list", ["serviceName", "id", "typeBits", "ageBits"]);
    await index("media_facet", "IDX_media_facet_sorted", ["facet", "value", "sortAt", "mediaId"]);
    await index("service_facet", "IDX_service_facet_sorted", ["facet", "value", "sortAt", "serviceId"]);
  }

  async down(): Promise<void> {
    throw new Error("SearchAtScale cannot be undone: restore a backup taken before it.");
  }
}

const parse = <T>(value: unknown): T[] => (typeof value === "string" ? (JSON.parse(value) as T[]) : []);

/** Fills the bit sets and word facets of every row of `table`, a batch at a time. */
async function convert(
  queryRunner: QueryRunner,
  table: "media" | "service",
  ownerColumn: string,
  bitsOfRow: (row: Record<string, unknown>) => Record<string, number>,
): Promise<void> {
  for (let offset = 0; ; offset += BATCH) {
    const rows: Array<Record<string, unknown>> = await queryRunner.query(
      `SELECT * FROM ${table} ORDER BY id LIMIT ${BATCH} OFFSET ${offset}`,
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      const values = bitsOfRow(row);
      const columns = Object.keys(values);
      await queryRunner.query(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`, [
        ...columns.map((c) => values[c]),
        row.id,
      ]);
      const words = indexWords(String(row.searchText ?? ""));
      if (words.length === 0) continue;
      await queryRunner.query(
        `INSERT INTO ${table}_facet (${ownerColumn}, facet, value, sortAt) VALUES ${words.map(() => "(?, 'word', ?, ?)").join(", ")}`,
        words.flatMap((word) => [row.id, word, row.createdAt]),
      );
    }
  }
}
