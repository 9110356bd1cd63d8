import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** A file received from a partner and kept by the storage port. */
@Entity("uploaded_file")
@Index("IDX_uploaded_file_owner", ["uploadedBy"])
export class UploadedFile {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  /** Server-generated name under the storage root. */
  @Index("UQ_uploaded_file_key", { unique: true })
  @Column({ type: "varchar", length: 100 })
  storageKey: string;

  @Column({ type: "varchar", length: 255 })
  originalName: string;

  /** Detected from the bytes, not the name. */
  @Column({ type: "varchar", length: 100 })
  mimeType: string;

  @Column({ type: "integer" })
  size: number;

  @Column({ type: "varchar", length: 36 })
  uploadedBy: string;

  @Column({ type: "datetime" })
  createdAt: Date;
}
