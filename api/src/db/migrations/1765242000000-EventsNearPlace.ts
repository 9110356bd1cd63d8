import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from "typeorm";

/** What the events lists test on every row, after each date index's own keys. */
const ROW = ["restricted", "categoryBits", "ageBits", "thematicBits", "published"];
const START = ["eventFrom", "id", "eventEnd", ...ROW];
const END = ["eventEnd", "eventFrom", "id", ...ROW];
const POSITION = ["eventLatitudeBand", "latitude", "longitude"];

/**
 * Events around a place (« Où ? » on the events list): an event with a position carries its
 * latitude band (`eventLatitudeBand` = FLOOR(latitude × 20), as services do; null for other
 * media and events without a position), and a position index starts with it, then the
 * longitude, and holds what an events search tests on each row (dates, id, visibility, bit
 * sets): a search reads, in each band its box crosses, the events of the box's longitudes from
 * the index alone (search/events-near.ts). The two date indexes hold the position too: an
 * engine that reads a period's or the upcoming events' dates instead tests the box on their
 * entries, not on the rows. Writers fill the band from now on (mediaRecord).
 */
export class EventsNearPlace1765242000000 implements MigrationInterface {
  name = "EventsNearPlace1765242000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      "media",
      new TableColumn({ name: "eventLatitudeBand", type: "integer", isNullable: true }),
    );
    // The same double arithmetic as latitudeBand() in geo/distance.ts.
    await queryRunner.query(
      "UPDATE media SET eventLatitudeBand = FLOOR(latitude * 20) " +
        "WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND eventEnd IS NOT NULL",
    );
    await this.dateIndexes(queryRunner, POSITION);
    await queryRunner.createIndex(
      "media",
      new TableIndex({
        name: "IDX_media_event_position",
        columnNames: ["eventLatitudeBand", "longitude", "latitude", "eventFrom", "eventEnd", "id", ...ROW],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("media", "IDX_media_event_position");
    await this.dateIndexes(queryRunner, []);
    await queryRunner.dropColumn("media", "eventLatitudeBand");
  }

  /** The two date indexes, with `position` after their columns. */
  private async dateIndexes(queryRunner: QueryRunner, position: string[]): Promise<void> {
    for (const [name, columns] of [
      ["IDX_media_event_start", START],
      ["IDX_media_event_end", END],
    ] as const) {
      await queryRunner.dropIndex("media", name);
      await queryRunner.createIndex("media", new TableIndex({ name, columnNames: [...columns, ...position] }));
    }
  }
}
