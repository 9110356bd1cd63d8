import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Media } from "./media.entity";

/**
 * What a media is found by beyond its own columns; one row per value (see mediaFacets).
 * Categories, ages and themes are bit sets on the media row instead (copied on each facet row
 * with the visibility flag, so that a search reads facet rows alone).
 */
/**
 * `place`: the words of an event's address (« médiathèque », « nay »), for the event-place filter.
 * `file`: the uploads it shows or links to (uploadLinksIn), so that a file is removed only once
 * no media uses it, found without reading every article.
 */
export type MediaFacetKind = "network" | "location" | "owner" | "word" | "place" | "file";

/**
 * One value of one multi-valued field of a media, so that every filter is an
 * indexed lookup on both engines instead of a scan of JSON columns.
 */
@Entity("media_facet")
// A criterion's rows newest first, with what the searches test on them (index-only scans).
@Index("IDX_media_facet_newest", [
  "facet",
  "value",
  "sortAt",
  "mediaId",
  "restricted",
  "categoryBits",
  "ageBits",
  "thematicBits",
  "published",
])
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

  /** Copies of the media's visibility flag and bit sets, tested inside the facet index. */
  @Column({ type: "boolean", default: false })
  restricted: boolean;

  @Column({ type: "int", default: () => "0" })
  categoryBits: number;

  @Column({ type: "int", default: () => "0" })
  ageBits: number;

  @Column({ type: "int", default: () => "0" })
  thematicBits: number;

  /** A copy of the media's `published`: drafts and scheduled articles are found by their authors only. */
  @Column({ type: "boolean", default: true })
  published: boolean;

  @ManyToOne(() => Media, { onDelete: "CASCADE", onUpdate: "CASCADE" })
  @JoinColumn({ name: "mediaId", foreignKeyConstraintName: "FK_media_facet_media" })
  media?: Media;
}
