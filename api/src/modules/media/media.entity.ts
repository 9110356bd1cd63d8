import { Field, ObjectType, registerEnumType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { LONG_TEXT } from "../../db/column-types";
import { GeoPoint, toGeoPoint } from "../common/geo-point.type";
import { Age, Category, Network, Thematic } from "../reference/reference.data";

@ObjectType({ description: "Un fichier joint à un article.", simpleResolvers: true })
export class MediaFile {
  @Field({ description: "Lien du fichier, servi par le portail." })
  path: string;

  @Field({ description: "Nom d'origine du fichier." })
  name: string;

  @Field({ description: "Type MIME." })
  type: string;
}

/** Where an article stands: shown to everyone, kept by its authors, or waiting for its date. */
export enum PublicationStatus {
  DRAFT = "DRAFT",
  SCHEDULED = "SCHEDULED",
  PUBLISHED = "PUBLISHED",
}
registerEnumType(PublicationStatus, {
  name: "PublicationStatus",
  description:
    "DRAFT : brouillon (vu de ses auteurs et des administrateurs seulement) ; SCHEDULED : programmé (publié de lui-même à publishAt) ; PUBLISHED : publié.",
});

@ObjectType({ description: "Une actualité, un évènement ou une ressource.", simpleResolvers: true })
@Entity("media")
// The lists' orders, each with what the searches test on every row (index-only scans); the
// events' hold their position, for a search around a place that reads a period's dates.
@Index("IDX_media_newest", ["createdAt", "id", "restricted", "categoryBits", "ageBits", "thematicBits", "published"])
@Index("IDX_media_event_start", [
  "eventFrom",
  "id",
  "eventEnd",
  "restricted",
  "categoryBits",
  "ageBits",
  "thematicBits",
  "published",
  "eventLatitudeBand",
  "latitude",
  "longitude",
])
@Index("IDX_media_event_end", [
  "eventEnd",
  "eventFrom",
  "id",
  "restricted",
  "categoryBits",
  "ageBits",
  "thematicBits",
  "published",
  "eventLatitudeBand",
  "latitude",
  "longitude",
])
// Events around a place: the box's latitude bands and longitudes, then what the events lists
// test on every row (see search/events-near.ts).
@Index("IDX_media_event_position", [
  "eventLatitudeBand",
  "longitude",
  "latitude",
  "eventFrom",
  "eventEnd",
  "id",
  "restricted",
  "categoryBits",
  "ageBits",
  "thematicBits",
  "published",
])
// The scheduled articles whose time has come (the publication scheduler's lookup): only they
// carry publishAt. Not led by `published`, which the lists' counts would take it for.
@Index("IDX_media_due", ["publishAt"])
export class Media {
  @Field(() => ID)
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  @Field()
  @Column({ type: "varchar", length: 255 })
  title: string;

  @Field({ description: "Corps de l'article : document Quill (delta JSON)." })
  @Column({ type: LONG_TEXT })
  article: string;

  @Field(() => String, { nullable: true })
  @Column({ type: "text", nullable: true })
  description: string | null;

  @Field({
    description:
      "Date de publication (« Publié le ») ; pour un brouillon ou un article programmé, sa création jusqu'à ce qu'il soit publié.",
  })
  @Column({ type: "datetime" })
  createdAt: Date;

  @Column({ type: "datetime" })
  updatedAt: Date;

  @Field(() => String, { nullable: true, description: "Lien de l'image principale." })
  @Column({ type: "varchar", length: 500, nullable: true })
  mainPicture: string | null;

  @Field(() => [Category])
  @Column({ type: "simple-json" })
  categories: Category[];

  @Field(() => [ID], { description: "Comptes rattachés ; le premier est le propriétaire." })
  @Column({ type: "simple-json" })
  userIds: string[];

  @Field(() => [MediaFile])
  @Column({ type: "simple-json" })
  files: MediaFile[];

  @Field(() => [Age])
  @Column({ type: "simple-json" })
  ages: Age[];

  @Field(() => [Thematic])
  @Column({ type: "simple-json" })
  thematics: Thematic[];

  @Field(() => [String], { description: "Intercommunalités concernées." })
  @Column({ type: "simple-json" })
  epci: string[];

  @Field(() => [String], { description: "Communes concernées." })
  @Column({ type: "simple-json" })
  city: string[];

  @Field(() => [Network], { description: "Réseaux autorisés ; vide : contenu public." })
  @Column({ type: "simple-json" })
  networks: Network[];

  @Field(() => Date, { nullable: true })
  @Column({ type: "datetime", nullable: true })
  eventFrom: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ type: "datetime", nullable: true })
  eventTo: Date | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 255, nullable: true })
  eventAddress: string | null;

  @Field(() => String, { nullable: true, description: "Évènement : adresse e-mail publique de l'organisateur." })
  @Column({ type: "varchar", length: 255, nullable: true })
  contactEmail: string | null;

  @Field(() => String, { nullable: true, description: "Évènement : téléphone public de l'organisateur." })
  @Column({ type: "varchar", length: 30, nullable: true })
  contactPhone: string | null;

  @Field(() => String, { nullable: true, description: "Évènement : lien d'inscription (http:// ou https://)." })
  @Column({ type: "varchar", length: 500, nullable: true })
  registrationUrl: string | null;

  @Column({ type: "double", nullable: true })
  latitude: number | null;

  @Column({ type: "double", nullable: true })
  longitude: number | null;

  /**
   * Whether the article shows in lists, searches, feeds and to every reader its networks
   * allow; false: a draft, or an article scheduled for `publishAt` (its authors and the
   * administrators alone read it). Copied on its facet rows.
   */
  @Column({ type: "boolean", default: true })
  published: boolean;

  @Field(() => Date, {
    nullable: true,
    description: "Article programmé : la date et l'heure où il sera publié de lui-même ; null sinon.",
  })
  @Column({ type: "datetime", nullable: true })
  publishAt: Date | null;

  @Field(() => PublicationStatus, { description: "Brouillon, programmé ou publié." })
  get publication(): PublicationStatus {
    if (this.published) return PublicationStatus.PUBLISHED;
    return this.publishAt ? PublicationStatus.SCHEDULED : PublicationStatus.DRAFT;
  }

  /** True when `networks` is not empty: read by the visibility policy. */
  @Column({ type: "boolean" })
  restricted: boolean;

  /** Title, description and article text, lower case without diacritics (its words are facets). */
  @Column({ type: LONG_TEXT })
  searchText: string;

  /** `categories`, `ages` and `thematics` as bit sets (see common/bits.ts), for the lists' indexes. */
  @Column({ type: "int", default: () => "0" })
  categoryBits: number;

  @Column({ type: "int", default: () => "0" })
  ageBits: number;

  @Column({ type: "int", default: () => "0" })
  thematicBits: number;

  /** When an event ends: `eventTo`, else `eventFrom`; null for other media. */
  @Column({ type: "datetime", nullable: true })
  eventEnd: Date | null;

  /**
   * An event's latitude band, FLOOR(latitude × 20) (bands of 0.05°, about 5.6 km), for the search
   * around a place; null for other media and events without a position.
   */
  @Column({ type: "integer", nullable: true })
  eventLatitudeBand: number | null;

  /** The event address, lower case without diacritics, for the event-location filter. */
  @Column({ type: "varchar", length: 255, nullable: true })
  eventAddressText: string | null;

  @Field(() => GeoPoint, { nullable: true })
  get location(): GeoPoint | null {
    return toGeoPoint(this.latitude, this.longitude);
  }
}
