import { ServiceUnavailableError } from "../../errors";

/** One address suggested for what a user typed. */
export interface AddressCandidate {
  label: string;
  /** Number and street, when the result is an address. */
  street: string | null;
  postcode: string;
  city: string;
  /** INSEE code, when the service gives it (the national API does, Mapbox does not). */
  inseeCode: string | null;
  lat: number;
  lon: number;
}

/** The geocoder port: the national address API by default, Mapbox when a token is set. */
export interface Geocoder {
  readonly name: string;
  /** Addresses matching a text, within the department, and the town when given. */
  suggest(
    query: string,
    scope: {
      departmentCode: string;
      town?: { inseeCode: string; city: string; lat: number | null; lon: number | null };
    },
  ): Promise<AddressCandidate[]>;
  /** The centre of a town. */
  locateTown(town: { inseeCode: string; city: string; postcode: string }): Promise<{ lat: number; lon: number } | null>;
}

export const GEOCODER_DOWN =
  "Le service de recherche d'adresses ne répond pas : saisissez l'adresse, le code postal et la commune à la main.";

/** GET a JSON document with a time limit; any failure is the outside service's. */
export async function fetchJson(url: URL, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch {
    throw new ServiceUnavailableError(GEOCODER_DOWN);
  }
  if (!response.ok) throw new ServiceUnavailableError(GEOCODER_DOWN);
  try {
    return await response.json();
  } catch {
    throw new ServiceUnavailableError(GEOCODER_DOWN);
  }
}

/** A department's INSEE prefix: 64 → "64", 2A → "2A", 974 → "974". */
export const belongsToDepartment = (code: string, departmentCode: string) => code.startsWith(departmentCode);
