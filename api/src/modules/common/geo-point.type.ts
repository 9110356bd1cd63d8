import { Max, Min } from "class-validator";
import { Field, Float, InputType, ObjectType } from "type-graphql";
import { ValidationError } from "../../errors";
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from "../../shared/search-limits";

const INVALID_LATITUDE = "Latitude invalide.";
const INVALID_LONGITUDE = "Longitude invalide.";

@ObjectType({ description: "Coordonnées WGS 84.", simpleResolvers: true })
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
  @Min(-90, { message: INVALID_LATITUDE })
  @Max(90, { message: INVALID_LATITUDE })
  lat: number;

  @Field(() => Float)
  @Min(-180, { message: INVALID_LONGITUDE })
  @Max(180, { message: INVALID_LONGITUDE })
  lon: number;
}

/** A search around a place (services, events): within `radiusKm` of a point. */
@InputType({ description: "Autour d'un lieu : à moins de radiusKm de ce point." })
export class NearInput {
  @Field(() => Float, { description: "Latitude du lieu (WGS 84)." })
  @Min(-90, { message: INVALID_LATITUDE })
  @Max(90, { message: INVALID_LATITUDE })
  lat: number;

  @Field(() => Float, { description: "Longitude du lieu (WGS 84)." })
  @Min(-180, { message: INVALID_LONGITUDE })
  @Max(180, { message: INVALID_LONGITUDE })
  lon: number;

  @Field(() => Float, {
    defaultValue: DEFAULT_RADIUS_KM,
    description: `Rayon en km (${DEFAULT_RADIUS_KM} par défaut, ${MAX_RADIUS_KM} au plus).`,
  })
  @Min(0.1, { message: `Le rayon doit être compris entre 0,1 et ${MAX_RADIUS_KM} km.` })
  @Max(MAX_RADIUS_KM, { message: `Le rayon doit être compris entre 0,1 et ${MAX_RADIUS_KM} km.` })
  radiusKm: number;
}

/**
 * The point of a field asked on every result of a page (distanceKm, coversPlace): checked here,
 * with the validator's rules and messages, rather than by the validator for each row: that cost
 * a page of 15 services around a place about 0.7 ms of CPU (2.8 → 2.0 ms a request under load).
 */
export function checkedPoint(point: GeoPointInput): GeoPointInput {
  if (!(point.lat >= -90 && point.lat <= 90)) throw new ValidationError(INVALID_LATITUDE, { lat: INVALID_LATITUDE });
  if (!(point.lon >= -180 && point.lon <= 180))
    throw new ValidationError(INVALID_LONGITUDE, { lon: INVALID_LONGITUDE });
  return point;
}
