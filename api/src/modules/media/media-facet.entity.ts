import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Media } from "./media.entity";

/** What a media can be filtered on; one row per value (see media.facets.ts). */
export type MediaFacetKind = "category" | "age" | "thematic" | "network" | "location" | "owner";

/**
 * One value of one multi-valued field of a media, so that every filter is an
 * indexed lookup on both engines instead of a scan of JSON columns.
 */
@Entity("media_facet")
@Index("IDX_media_facet_lookup", ["facet", "value", "mediaId"])
export class MediaFacet {
  @PrimaryColumn({ type: "varchar", length: 36 })
  mediaId: string;

  @PrimaryColumn({ type: "varchar", length: 20 })
  facet: MediaFacetKind;

  @PrimaryColumn({ type: "varchar", length: 150 })
  value: string;

  @ManyToOne(() => Media, { onDelete: "CASCADE", onUpdate: "CASCADE" })
  @JoinColumn({ name: "mediaId", foreignKeyConstraintName: "FK_media_facet_media" })
  media?: Media;
}
