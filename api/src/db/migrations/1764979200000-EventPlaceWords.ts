import { type MigrationInterface, type QueryRunner } from "typeorm";
import { indexWords } from "../../modules/common/text-normalization";

/**
 * The event-place filter (« Lieu de l'évènement ») looked for each of its words anywhere in the
 * events' addresses (`LIKE '%nay%'`), reading events one by one: 90 ms for « Nay » at 100,000
 * media, 330 ms for its page 8. An event's address words are now facet rows (`place`), found as
 * the words of a text are (whole, or a beginning from three letters), with the row criteria
 * copied on them like every facet row. Existing events get their rows here; writers add them
 * from now on (mediaFacets).
 */
export class EventPlaceWords1764979200000 implements MigrationInterface {
  name = "EventPlaceWords1764979200000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const columns = "(mediaId, facet, value, sortAt, restricted, categoryBits, ageBits, thematicBits, published)";
    const events: Array<{
      id: string;
      eventAddress: string;
      createdAt: Date | string;
      restricted: number | boolean;
      categoryBits: number;
      ageBits: number;
      thematicBits: number;
      published: number | boolean;
    }> = await queryRunner.query(
      "SELECT id, eventAddress, createdAt, restricted, categoryBits, ageBits, thematicBits, published " +
        "FROM media WHERE eventAddress IS NOT NULL AND eventAddress <> ''",
    );
    const rows = events.flatMap((event) =>
      indexWords(event.eventAddress).map((word) => [
        event.id,
        "place",
        word.slice(0, 150),
        event.createdAt,
        event.restricted ? 1 : 0,
        event.categoryBits,
        event.ageBits,
        event.thematicBits,
        event.published ? 1 : 0,
      ]),
    );
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500);
      await queryRunner.query(
        `INSERT INTO media_facet ${columns} VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        chunk.flat(),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM media_facet WHERE facet = 'place'");
  }
}
