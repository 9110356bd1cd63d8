import { Max, Min } from "class-validator";
import { Field, Float, InputType, ObjectType } from "type-graphql";

@ObjectType({ description: "Coordonnées WGS 84." })
export class GeoPoint {
  @Field(() => Float)
  lat: number;

  @Field(() => Float)
  lon: number;
}

/** A point only when both coordinates are known. */
export const toGeoPoint = (lat: number | null, lon: number | null): GeoPoint | null =>
  lat === null || lon === null ? null : Object.assign(new GeoPoint(), { lat, lon });

/** A point sent by a client (the position of a media or a service). */
@InputType("GeoPointInput")
export class GeoPointInput {
  @Field(() => Float)
  @Min(-90, { message: "Latitude invalide." })
  @Max(90, { message: "Latitude invalide." })
  lat: number;

  @Field(() => Float)
  @Min(-180, { message: "Longitude invalide." })
  @Max(180, { message: "Longitude invalide." })
  lon: number;
}
