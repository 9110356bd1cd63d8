/**
 * Derives api/src/db/data/sources/commune-centres.csv: one point per commune of France
 * (INSEE code; latitude; longitude), inside the commune, from IGN's ADMIN EXPRESS COG outlines
 * as republished in GeoJSON by the france-geojson project (Licence Ouverte / Open Licence).
 *
 * Usage: node -r @swc-node/register api/src/scripts/derive-commune-centres.ts <france-geojson checkout>
 * The checkout is read from its `departements/<code>-<name>/communes-<code>-<name>.geojson` files.
 *
 * The point is the outline's centroid (largest part, holes removed) when it lies inside the
 * commune; for a crescent-shaped commune whose centroid falls outside, the middle of the widest
 * inner segment on the centroid's latitude. Nothing here is fetched from the internet.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

type Ring = Array<[number, number]>;
type Polygon = Ring[];
interface Feature {
  properties: { code: string; nom: string };
  geometry: { type: "Polygon"; coordinates: Polygon } | { type: "MultiPolygon"; coordinates: Polygon[] };
}

/** Signed area and centroid of a ring (planar: fine at a commune's scale). */
function ringMoments(ring: Ring): { area: number; x: number; y: number } {
  let area = 0,
    x = 0,
    y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j];
    const [x1, y1] = ring[i];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  return { area: area / 2, x, y };
}

function polygonArea(polygon: Polygon): number {
  const [outer, ...holes] = polygon;
  return Math.abs(ringMoments(outer).area) - holes.reduce((sum, hole) => sum + Math.abs(ringMoments(hole).area), 0);
}

function polygonCentroid(polygon: Polygon): [number, number] {
  let area = 0,
    x = 0,
    y = 0;
  polygon.forEach((ring, index) => {
    const m = ringMoments(ring);
    // Outer ring counts positively, holes negatively, whatever the winding order of the file.
    const sign = (index === 0 ? 1 : -1) * Math.sign(m.area);
    area += sign * m.area;
    x += sign * m.x;
    y += sign * m.y;
  });
  return [x / (6 * area), y / (6 * area)];
}

function inRing(ring: Ring, [px, py]: [number, number]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const inPolygon = (polygon: Polygon, point: [number, number]) =>
  inRing(polygon[0], point) && !polygon.slice(1).some((hole) => inRing(hole, point));

/** The middle of the widest segment of the polygon's inside on the latitude y. */
function widestSegmentMiddle(polygon: Polygon, y: number): [number, number] | null {
  const crossings: number[] = [];
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y) crossings.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
    }
  }
  crossings.sort((a, b) => a - b);
  let best: [number, number] | null = null;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    if (!best || crossings[i + 1] - crossings[i] > best[1] - best[0]) best = [crossings[i], crossings[i + 1]];
  }
  return best && [(best[0] + best[1]) / 2, y];
}

/** A point inside the commune: see the file's comment. */
export function communeCentre(feature: Feature): [number, number] {
  const parts = feature.geometry.type === "Polygon" ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  const largest = parts.reduce((a, b) => (polygonArea(b) > polygonArea(a) ? b : a));
  const centroid = polygonCentroid(largest);
  if (inPolygon(largest, centroid)) return centroid;
  return widestSegmentMiddle(largest, centroid[1]) ?? largest[0][0];
}

function main(): void {
  const checkout = process.argv[2];
  if (!checkout) throw new Error("Usage: derive-commune-centres.ts <france-geojson checkout>");
  const departments = join(resolve(checkout), "departements");
  const rows = new Map<string, string>();
  for (const dir of readdirSync(departments).sort()) {
    const file = readdirSync(join(departments, dir)).find((name) => name.startsWith("communes-"));
    if (!file) continue;
    const collection = JSON.parse(readFileSync(join(departments, dir, file), "utf8")) as { features: Feature[] };
    for (const feature of collection.features) {
      const [lon, lat] = communeCentre(feature);
      rows.set(feature.properties.code, `${feature.properties.code};${lat.toFixed(5)};${lon.toFixed(5)}`);
    }
  }
  const out = join(__dirname, "..", "db", "data", "sources", "commune-centres.csv");
  const lines = [...rows.keys()].sort().map((code) => rows.get(code));
  writeFileSync(out, `code;latitude;longitude\n${lines.join("\n")}\n`);
  console.log(`Communes: ${lines.length}. Written: ${out}`);
}

if (require.main === module) main();
