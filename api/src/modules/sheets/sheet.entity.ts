import { Field, ObjectType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { LONG_TEXT } from "../../db/column-types";
import { GeoPoint, toGeoPoint } from "../common/geo-point.type";
import { Age, ServiceType } from "../reference/reference.data";
import type { WeeklyHours } from "./opening-hours";
import type { StoredAvailabilityGroup } from "./availability";

@ObjectType("Service", { description: "Un lieu ou une offre d'un partenaire (structure).", simpleResolvers: true })
@Entity("service")
// The directory's order, with what the searches test on every row (index-only scans).
@Index("IDX_service_list", ["serviceName", "id", "typeBits", "ageBits"])
// Searches around a place read, in each latitude band their box crosses, the box's longitudes
// (see SheetService.nearPage).
@Index("IDX_service_position", ["latitudeBand", "longitude", "latitude", "typeBits", "ageBits"])
export class Sheet {
  @Field(() => ID)
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  @Field()
  @Column({ type: "varchar", length: 255 })
  serviceName: string;

  @Field({ description: "Nom du ou de la gestionnaire." })
  @Column({ type: "varchar", length: 255 })
  serviceManager: string;

  @Field(() => [ID], { description: "Comptes rattachés ; le premier est le propriétaire." })
  @Column({ type: "simple-json" })
  userIds: string[];

  @Field()
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Field({ description: "Téléphone fixe." })
  @Column({ type: "varchar", length: 30 })
  phone: string;

  @Field(() => String, { nullable: true, description: "Téléphone portable." })
  @Column({ type: "varchar", length: 30, nullable: true })
  mobile: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 500, nullable: true })
  website: string | null;

  @Field(() => String, { nullable: true, description: "Lien vers un site externe d'accueil du jeune enfant." })
  @Column({ type: "varchar", length: 500, nullable: true })
  externalLink: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 500, nullable: true })
  mainPicture: string | null;

  @Field()
  @Column({ type: "varchar", length: 255 })
  fullAddress: string;

  @Field()
  @Column({ type: "varchar", length: 100 })
  city: string;

  @Field()
  @Column({ type: "varchar", length: 10 })
  zip: string;

  @Field()
  @Column({ type: "varchar", length: 150 })
  epci: string;

  @Column({ type: "double", nullable: true })
  latitude: number | null;

  @Column({ type: "double", nullable: true })
  longitude: number | null;

  /** FLOOR(latitude × 20): the band of 0.05° the service lies in (written with the latitude). */
  @Column({ type: "integer", nullable: true })
  latitudeBand: number | null;

  @Field(() => [ServiceType])
  @Column({ type: "simple-json" })
  types: ServiceType[];

  @Field(() => [Age])
  @Column({ type: "simple-json" })
  ages: Age[];

  @Field(() => [String], { description: "Autres intercommunalités desservies." })
  @Column({ type: "simple-json" })
  coveredLocations: string[];

  @Field(() => String, { nullable: true, description: "Description : document Quill (delta JSON)." })
  @Column({ type: LONG_TEXT, nullable: true })
  description: string | null;

  /** Opening hours (see opening-hours.ts); null when the sheet gives none. Shown through `openingHours`. */
  @Column({ type: "simple-json", nullable: true })
  hours: WeeklyHours | null;

  /**
   * « Places disponibles » by age group (child care sheets: shared/availability.ts); null when
   * none was given. Shown through `availability`, with the date below.
   */
  @Column({ type: "simple-json", nullable: true })
  availabilityGroups: StoredAvailabilityGroup[] | null;

  /** When its partner gave the availability above (the alerts' digests look for recent ones). */
  @Index("IDX_service_availability_given")
  @Column({ type: "datetime", nullable: true })
  availabilityGivenAt: Date | null;

  @Field()
  @Index("IDX_service_created")
  @Column({ type: "datetime" })
  createdAt: Date;

  @Column({ type: "datetime" })
  updatedAt: Date;

  @Field({ description: "Dernière mise à jour ou confirmation de la fiche par un membre ou un administrateur." })
  @Index("IDX_service_checked")
  @Column({ type: "datetime" })
  checkedAt: Date;

  /** When its owner was last reminded to confirm it (none since it was last confirmed: null). */
  @Index("IDX_service_reminded")
  @Column({ type: "datetime", nullable: true })
  reminderSentAt: Date | null;

  /** Name, manager, town and description, lower case without diacritics (its words are facets). */
  @Column({ type: LONG_TEXT })
  searchText: string;

  /** `types` and `ages` as bit sets (see common/bits.ts), for the directory's index. */
  @Column({ type: "int", default: () => "0" })
  typeBits: number;

  @Column({ type: "int", default: () => "0" })
  ageBits: number;

  @Field(() => GeoPoint, { nullable: true })
  get location(): GeoPoint | null {
    return toGeoPoint(this.latitude, this.longitude);
  }
}
