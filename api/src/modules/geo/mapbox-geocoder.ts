import { type AddressCandidate, fetchJson, type Geocoder } from "./geocoder";

interface MapboxFeature {
  place_name?: string;
  text?: string;
  address?: string;
  center?: [number, number];
  place_type?: string[];
  context?: Array<{ id?: string; text?: string }>;
}

/**
 * Mapbox geocoding (v5 "mapbox.places"), used when MAPBOX_TOKEN is set. It has
 * no INSEE codes: results are kept when their postcode is in the department.
 */
export class MapboxGeocoder implements Geocoder {
  readonly name = "mapbox";

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs: number,
  ) {}

  private async features(query: string, params: Record<string, string>): Promise<MapboxFeature[]> {
    const url = new URL(
      `${this.baseUrl.replace(/\/+$/, "")}/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`,
    );
    url.searchParams.set("access_token", this.token);
    url.searchParams.set("country", "fr");
    url.searchParams.set("language", "fr");
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const body = (await fetchJson(url, this.timeoutMs)) as { features?: MapboxFeature[] };
    return Array.isArray(body?.features) ? body.features : [];
  }

  async suggest(query: string, scope: Parameters<Geocoder["suggest"]>[1]): Promise<AddressCandidate[]> {
    const params: Record<string, string> = { types: "address", autocomplete: "true", limit: "10" };
    const town = scope.town;
    if (town?.lat != null && town.lon != null) params.proximity = `${town.lon},${town.lat}`;
    const text = town ? `${query} ${town.city}` : query;
    return (await this.features(text, params))
      .map(toCandidate)
      .filter((candidate): candidate is AddressCandidate => candidate !== null)
      .filter((candidate) => candidate.postcode.startsWith(scope.departmentCode.replace(/^2[AB]$/, "20")))
      .filter((candidate) => !town || candidate.city === town.city)
      .slice(0, 5);
  }

  async locateTown(town: { city: string; postcode: string }): Promise<{ lat: number; lon: number } | null> {
    const [first] = await this.features(`${town.postcode} ${town.city}`, { types: "place", limit: "1" });
    const [lon, lat] = first?.center ?? [];
    return typeof lat === "number" && typeof lon === "number" ? { lat, lon } : null;
  }
}

function toCandidate(feature: MapboxFeature): AddressCandidate | null {
  const [lon, lat] = feature.center ?? [];
  const postcode = feature.context?.find((c) => c.id?.startsWith("postcode."))?.text;
  const city = feature.context?.find((c) => c.id?.startsWith("place."))?.text;
  if (typeof lat !== "number" || typeof lon !== "number" || !postcode || !city || !feature.place_name) return null;
  const street = [feature.address, feature.text].filter(Boolean).join(" ") || null;
  return { label: feature.place_name, street, postcode, city, inseeCode: null, lat, lon };
}
