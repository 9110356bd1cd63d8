import { Column, Entity, PrimaryColumn } from "typeorm";
import { FILE_CHUNK } from "../../db/column-types";

/** A piece of a file kept in the database (UPLOAD_STORAGE=database): the file is its pieces in order. */
@Entity("stored_file_chunk")
export class StoredFileChunk {
  @PrimaryColumn({ type: "varchar", length: 100 })
  storageKey: string;

  /** 0, 1, 2…: the piece's place in the file. */
  @PrimaryColumn({ type: "integer" })
  seq: number;

  @Column({ type: FILE_CHUNK })
  bytes: Buffer;
}
