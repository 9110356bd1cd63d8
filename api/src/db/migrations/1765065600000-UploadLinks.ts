import { type MigrationInterface, type QueryRunner } from "typeorm";
import { uploadLinksIn } from "../../modules/uploads/upload-links";

interface MediaRow {
  id: string;
  mainPicture: string | null;
  files: string | null;
  article: string;
  createdAt: Date | string;
  restricted: number | boolean;
  categoryBits: number;
  ageBits: number;
  thematicBits: number;
  published: number | boolean;
}

/** Media read at a time (their articles are in memory together), and rows written at a time. */
const BATCH = 500;

/**
 * Whether an upload was still used by a media (before its file is removed with the last media
 * that used it) was asked of every article in turn (`article LIKE '%/uploads/…%'`, one full
 * read of the media table per file: about half a second per file at 100,000 media, for each
 * file a deleted or edited article drops). The uploads a media shows or links to are now facet
 * rows (`file`), found by the facet index. Existing media get their rows here; writers add them
 * from now on (mediaFacets).
 */
export class UploadLinks1765065600000 implements MigrationInterface {
  name = "UploadLinks1765065600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const columns = "(mediaId, facet, value, sortAt, restricted, categoryBits, ageBits, thematicBits, published)";
    let after = "";
    for (;;) {
      const media: MediaRow[] = await queryRunner.query(
        "SELECT id, mainPicture, files, article, createdAt, restricted, categoryBits, ageBits, thematicBits, published " +
          "FROM media WHERE id > ? AND (mainPicture LIKE '%/uploads/%' OR files LIKE '%/uploads/%' " +
          "OR article LIKE '%/uploads/%') ORDER BY id LIMIT ?",
        [after, BATCH],
      );
      if (media.length === 0) return;
      after = media[media.length - 1].id;
      const rows = media.flatMap((item) =>
        uploadLinksIn([item.mainPicture, ...filePaths(item.files), item.article]).map((link) => [
          item.id,
          "file",
          link,
          item.createdAt,
          item.restricted ? 1 : 0,
          item.categoryBits,
          item.ageBits,
          item.thematicBits,
          item.published ? 1 : 0,
        ]),
      );
      // In pieces: SQLite takes at most 32,766 values in one statement.
      for (let start = 0; start < rows.length; start += BATCH) {
        const chunk = rows.slice(start, start + BATCH);
        await queryRunner.query(
          `INSERT INTO media_facet ${columns} VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
          chunk.flat(),
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM media_facet WHERE facet = 'file'");
  }
}

/** The paths of a media's attachments (its `files` column, a JSON list), as mediaFacets reads them. */
function filePaths(files: string | null): string[] {
  try {
    const list: unknown = JSON.parse(files ?? "[]");
    return Array.isArray(list)
      ? list.flatMap((file: { path?: unknown }) => (typeof file?.path === "string" ? [file.path] : []))
      : [];
  } catch {
    return [];
  }
}
