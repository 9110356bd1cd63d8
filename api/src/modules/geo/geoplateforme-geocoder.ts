import { type AddressCandidate, belongsToDepartment, fetchJson, type Geocoder } from "./geocoder";

interface GeoCodeJsonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    label?: string;
    name?: string;
    housenumber?: string;
    street?: string;
    postcode?: string;
    citycode?: string;
    city?: string;
    type?: string;
  };
}

/**
 * The national address API (Géoplateforme geocoding, GeoCodeJSON answers; no key).
 * https://data.geopf.fr/geocodage/search?q=…&index=address&autocomplete=1&citycode=…
 */
export class GeoplateformeGeocoder implements Geocoder {
  readonly name = "geoplateforme";

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  private url(params: Record<string, string>): URL {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, "")}/search`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }

  private async features(params: Record<string, string>): Promise<GeoCodeJsonFeature[]> {
    const body = (await fetchJson(this.url(params), this.timeoutMs)) as { features?: GeoCodeJsonFeature[] };
    return Array.isArray(body?.features) ? body.features : [];
  }

  async suggest(query: string, scope: Parameters<Geocoder["suggest"]>[1]): Promise<AddressCandidate[]> {
    const params: Record<string, string> = { q: query, index: "address", autocomplete: "1", limit: "10" };
    if (scope.town) params.citycode = scope.town.inseeCode;
    return (await this.features(params))
      .map(toCandidate)
      .filter((candidate): candidate is AddressCandidate => candidate !== null)
      .filter(
        (candidate) => candidate.inseeCode !== null && belongsToDepartment(candidate.inseeCode, scope.departmentCode),
      )
      .slice(0, 5);
  }

  async locateTown(town: { inseeCode: string; city: string }): Promise<{ lat: number; lon: number } | null> {
    const [first] = await this.features({
      q: town.city,
      index: "address",
      type: "municipality",
      citycode: town.inseeCode,
      limit: "1",
    });
    const candidate = first ? toCandidate(first) : null;
    return candidate && candidate.inseeCode === town.inseeCode ? { lat: candidate.lat, lon: candidate.lon } : null;
  }
}

function toCandidate(feature: GeoCodeJsonFeature): AddressCandidate | null {
  const [lon, lat] = feature.geometry?.coordinates ?? [];
  const p = feature.properties ?? {};
  if (typeof lat !== "number" || typeof lon !== "number" || !p.label || !p.postcode || !p.city) return null;
  const street = p.type === "housenumber" || p.type === "street" ? (p.name ?? null) : null;
  return { label: p.label, street, postcode: p.postcode, city: p.city, inseeCode: p.citycode ?? null, lat, lon };
}
