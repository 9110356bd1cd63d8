/** Spec §9: maps open at zoom 10. */
export const MAP_ZOOM = 10;

export const IGN_ATTRIBUTION = "© IGN – Plan IGN";

/** What the server says of the basemap (the MapSettings query). */
export interface MapSettings {
  mapProvider: string;
  mapboxToken: string | null;
  mapTilesUrl: string;
  mapAvailable: boolean;
}

/** A raster basemap (Plan IGN by default, no key) as a MapLibre style. */
export const rasterStyle = (tilesUrl: string) => ({
  version: 8 as const,
  sources: {
    basemap: { type: "raster" as const, tiles: [tilesUrl], tileSize: 256, attribution: IGN_ATTRIBUTION, maxzoom: 19 },
  },
  layers: [{ id: "basemap", type: "raster" as const, source: "basemap" }],
});

/** The web-mercator tile holding a point at a zoom level. */
export function tileOf(lat: number, lon: number, zoom = MAP_ZOOM): { x: number; y: number; z: number } {
  const n = 2 ** zoom;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)), z: zoom };
}

/** A small map picture of a place for cards: one basemap tile, or a Mapbox static image. */
export function mapImageUrl(lat: number, lon: number, settings: Pick<MapSettings, "mapboxToken" | "mapTilesUrl">) {
  if (settings.mapboxToken) {
    return (
      `https://api.mapbox.com/styles/v1/mapbox/streets-v12/static/pin-s+1d4f91(${lon},${lat})/` +
      `${lon},${lat},${MAP_ZOOM}/400x150@2x?access_token=${encodeURIComponent(settings.mapboxToken)}`
    );
  }
  const { x, y, z } = tileOf(lat, lon);
  return settings.mapTilesUrl.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
}

/** Coordinates that are plausible for metropolitan France or its overseas departments. */
export const isUsableLocation = (
  location: { lat: number; lon: number } | null | undefined,
): location is { lat: number; lon: number } =>
  !!location &&
  Number.isFinite(location.lat) &&
  Number.isFinite(location.lon) &&
  Math.abs(location.lat) <= 85 &&
  Math.abs(location.lon) <= 180;

/** A route to the place in OpenStreetMap's route planner (from wherever the family is). */
export function itineraryUrl(location: { lat: number; lon: number } | null | undefined, address: string | null) {
  const to = isUsableLocation(location) ? `${location.lat},${location.lon}` : address;
  return to ? `https://www.openstreetmap.org/directions?to=${encodeURIComponent(to)}` : null;
}
