import { Field, ObjectType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { GeoPoint, toGeoPoint } from "../common/geo-point.type";

/** Where a town's point comes from: the committed list (IGN outlines, GeoNames) or the address service. */
export type CoordinatesSource = "list" | "geocoder";

@ObjectType({ description: "Une commune du département." })
@Entity("town")
@Index("IDX_town_epci", ["epci"])
export class Town {
  @Field(() => ID, { description: "Code INSEE de la commune." })
  @PrimaryColumn({ type: "varchar", length: 5 })
  inseeCode: string;

  @Field()
  @Column({ type: "varchar", length: 100 })
  city: string;

  @Field(() => [String])
  @Column({ type: "simple-json" })
  postcodes: string[];

  @Field(() => String, { nullable: true, description: "Intercommunalité (EPCI)." })
  @Column({ type: "varchar", length: 150, nullable: true })
  epci: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 9, nullable: true })
  epciCode: string | null;

  @Field()
  @Column({ type: "varchar", length: 150 })
  fullAddress: string;

  @Column({ type: "double", nullable: true })
  latitude: number | null;

  @Column({ type: "double", nullable: true })
  longitude: number | null;

  @Column({ type: "varchar", length: 10, nullable: true })
  coordinatesSource: CoordinatesSource | null;

  @Field(() => GeoPoint, { nullable: true, description: "Centre de la commune, quand il est connu." })
  get location(): GeoPoint | null {
    return toGeoPoint(this.latitude, this.longitude);
  }
}
