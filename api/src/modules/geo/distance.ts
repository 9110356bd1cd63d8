import type { GeoPoint } from "../common/geo-point.type";

/** The mean Earth radius (IUGG), in km: great-circle distances on this sphere are within 0.5 % of the ellipsoid's. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Length of one degree of latitude on that sphere, in km. */
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in km (haversine formula). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Latitude bands of 0.05° (about 5.6 km): the first key of the services' position index. */
const BANDS_PER_DEGREE = 20;

/** The band a latitude falls in (the migration computes FLOOR(latitude * 20) the same way). */
export function latitudeBand(latitude: number | null): number | null {
  return latitude === null ? null : Math.floor(latitude * BANDS_PER_DEGREE);
}

/** Every band a range of latitudes crosses, south to north. */
export function latitudeBands(minLat: number, maxLat: number): number[] {
  const first = latitudeBand(minLat)!;
  return Array.from({ length: latitudeBand(maxLat)! - first + 1 }, (_, index) => first + index);
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * The latitude and longitude ranges that hold every point within `radiusKm` of `centre` (a
 * little more: the box's corners). Longitude degrees shrink towards the poles: the box is as
 * wide as the radius needs at its edge nearest to a pole.
 */
export function boundingBox(centre: GeoPoint, radiusKm: number): BoundingBox {
  const dLat = radiusKm / KM_PER_DEGREE;
  const widestLat = Math.min(89.9, Math.abs(centre.lat) + dLat);
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE * Math.cos(radians(widestLat))));
  return { minLat: centre.lat - dLat, maxLat: centre.lat + dLat, minLon: centre.lon - dLon, maxLon: centre.lon + dLon };
}

/**
 * The haversine distance in SQL, in km, from the row's `latitude`/`longitude` columns to the
 * point in the parameters `:nearLat`/`:nearLon` (the functions exist on MySQL, MariaDB and
 * SQLite's math functions, which better-sqlite3 compiles in). NULL for a row without position.
 */
export function distanceSql(alias: string): string {
  const lat = `${alias}.latitude`;
  const lon = `${alias}.longitude`;
  return (
    `(${2 * EARTH_RADIUS_KM} * ASIN(SQRT(` +
    `POWER(SIN(RADIANS(${lat} - :nearLat) / 2), 2) + ` +
    `COS(RADIANS(:nearLat)) * COS(RADIANS(${lat})) * POWER(SIN(RADIANS(${lon} - :nearLon) / 2), 2))))`
  );
}
