import { Field, Float, ObjectType } from "type-graphql";

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
