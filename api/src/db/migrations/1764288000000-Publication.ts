import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from "typeorm";

/** The lists' indexes and the facet index, each ending with `published` (index-only scans). */
const LIST_INDEXES: Array<[table: string, name: string, columns: string[]]> = [
  ["media", "IDX_media_newest", ["createdAt", "id", "restricted", "categoryBits", "ageBits", "thematicBits"]],
  [
    "media",
    "IDX_media_event_start",
    ["eventFrom", "id", "eventEnd", "restricted", "categoryBits", "ageBits", "thematicBits"],
  ],
  [
    "media",
    "IDX_media_event_end",
    ["eventEnd", "eventFrom", "id", "restricted", "categoryBits", "ageBits", "thematicBits"],
  ],
  [
    "media_facet",
    "IDX_media_facet_newest",
    ["facet", "value", "sortAt", "mediaId", "restricted", "categoryBits", "ageBits", "thematicBits"],
  ],
];

/**
 * Drafts and scheduled publication: `media.published` (false for a draft or an article
 * waiting for `publishAt`), copied on the facet rows, tested inside the lists' indexes.
 * Every existing article is published.
 */
export class Publication1764288000000 implements MigrationInterface {
  name = "Publication1764288000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.options.type === "better-sqlite3";
    const published = () => new TableColumn({ name: "published", type: "boolean", default: sqlite ? "1" : "true" });
    for (const [table, name] of LIST_INDEXES) await queryRunner.dropIndex(table, name);
    await queryRunner.addColumns("media", [
      published(),
      new TableColumn({ name: "publishAt", type: "datetime", isNullable: true }),
    ]);
    await queryRunner.addColumn("media_facet", published());
    for (const [table, name, columns] of LIST_INDEXES) {
      await queryRunner.createIndex(table, new TableIndex({ name, columnNames: [...columns, "published"] }));
    }
    await queryRunner.createIndex("media", new TableIndex({ name: "IDX_media_due", columnNames: ["published", "publishAt"] }));
  }

  async down(): Promise<void> {
    throw new Error("Publication cannot be undone: restore a backup taken before it.");
  }
}
