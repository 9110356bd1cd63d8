import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Media } from "./media.entity";

/**
 * What a media is found by beyond its own columns; one row per value (see mediaFacets).
 * Categories, ages and themes are bit sets on the media row instead.
 */
export type MediaFacetKind = "network" | "location" | "owner" | "word";

/**
 * One value of one multi-valued field of a media, so that every filter is an
 * indexed lookup on both engines instead of a scan of JSON columns.
 */
@Entity("media_facet")
@Index("IDX_media_facet_sorted", ["facet", "value", "sortAt", "mediaId"])
export class MediaFacet {
  @PrimaryColumn({ type: "varchar", length: 36 })
  mediaId: string;

  @PrimaryColumn({ type: "varchar", length: 20 })
  facet: MediaFacetKind;

  @PrimaryColumn({ type: "varchar", length: 150 })
  value: string;

  /** The media's creation date: a criterion's most recent rows are read first. */
  @Column({ type: "datetime", nullable: true })
  sortAt: Date | null;

  @ManyToOne(() => Media, { onDelete: "CASCADE", onUpdate: "CASCADE" })
  @JoinColumn({ name: "mediaId", foreignKeyConstraintName: "FK_media_facet_media" })
  media?: Media;
}
