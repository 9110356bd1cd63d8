import { TooManyRequestsError } from "../../errors";
import { logger } from "../../logger";
import { normalizeSearchText } from "../common/text-normalization";
import type { GeoService } from "./geo.service";
import type { AddressCandidate, Geocoder } from "./geocoder";
import type { Town } from "./town.entity";
import { ADDRESS_MIN_LENGTH } from "../../shared/search-limits";

export interface AddressSuggestion extends AddressCandidate {
  /** The matching town of the department (INSEE code), and its EPCI. */
  inseeCode: string | null;
  epci: string | null;
}

const CACHE_TTL_MS = 24 * 3600_000;
const CACHE_SIZE = 2000;
/** Suggestions per address and minute, per replica: typing is debounced, so this is generous. */
const PER_MINUTE = 60;

/**
 * Address suggestions through the geocoder port: cached, limited per address,
 * matched to the department's towns (postcode, town, EPCI). Also fills, once,
 * the coordinates the town list could not give.
 */
export class AddressService {
  private readonly cache = new Map<string, { expires: number; value: AddressSuggestion[] }>();
  private readonly calls = new Map<string, { minute: number; count: number }>();

  constructor(
    private readonly geo: GeoService,
    private readonly geocoder: Geocoder,
    private readonly departmentCode: string,
  ) {}

  async suggest(query: string, townCode: string | null, ip: string): Promise<AddressSuggestion[]> {
    const text = query.trim().replace(/\s+/g, " ").slice(0, 200);
    if (normalizeSearchText(text).length < ADDRESS_MIN_LENGTH) return [];
    const key = `${townCode ?? ""}|${normalizeSearchText(text)}`;
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.value;

    this.countCall(ip);
    const town = townCode ? await this.geo.townByCode(townCode) : null;
    const candidates = await this.geocoder.suggest(text, {
      departmentCode: this.departmentCode,
      town: town ? { inseeCode: town.inseeCode, city: town.city, lat: town.latitude, lon: town.longitude } : undefined,
    });
    const value = await this.matchTowns(candidates);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { expires: Date.now() + CACHE_TTL_MS, value });
    return value;
  }

  /**
   * The department's town of an address typed in full (a partner request without a town),
   * best effort: null when the geocoder finds nothing sure, is slow (its time limit,
   * GEOCODER_TIMEOUT_MS) or down, so the caller goes on without it. The first answer's town
   * is kept when every answer agrees on it, or when the text names its postcode or town.
   */
  async townOfAddress(address: string | null | undefined): Promise<AddressSuggestion | null> {
    const text = (address ?? "").replace(/[,;]+/g, " ").trim().replace(/\s+/g, " ").slice(0, 200);
    const words = ` ${normalizeSearchText(text)} `;
    if (words.trim().length < ADDRESS_MIN_LENGTH) return null;
    try {
      const [first, ...others] = await this.matchTowns(
        await this.geocoder.suggest(text, { departmentCode: this.departmentCode }),
      );
      if (!first) return null;
      const unanimous = others.every((other) => other.inseeCode === first.inseeCode);
      const named = [first.postcode, first.city].some((name) => words.includes(` ${normalizeSearchText(name)} `));
      return unanimous || named ? first : null;
    } catch (error) {
      logger.warn("address.town_not_found", { geocoder: this.geocoder.name, error: String(error) });
      return null;
    }
  }

  private countCall(ip: string) {
    const minute = Math.floor(Date.now() / 60_000);
    const entry = this.calls.get(ip);
    const count = entry?.minute === minute ? entry.count + 1 : 1;
    if (this.calls.size > 10_000) this.calls.clear();
    this.calls.set(ip, { minute, count });
    if (count > PER_MINUTE) {
      const wait = Math.max(1, Math.ceil(((minute + 1) * 60_000 - Date.now()) / 1000));
      throw new TooManyRequestsError("Trop de recherches d'adresses : patientez une minute.", wait);
    }
  }

  /** Each result gets the department's town (by INSEE code, else by name and postcode) and its EPCI. */
  private async matchTowns(candidates: AddressCandidate[]): Promise<AddressSuggestion[]> {
    if (candidates.length === 0) return [];
    // Only the towns the candidates name, in one query.
    const codes = candidates.map((c) => c.inseeCode).filter((code): code is string => code !== null);
    const names = candidates.map((c) => c.city);
    const towns = await this.geo.townsByCodesOrNames(codes, names);
    return candidates.flatMap((candidate) => {
      const town =
        towns.find((t) => candidate.inseeCode && t.inseeCode === candidate.inseeCode) ??
        towns.find((t) => t.city === candidate.city && t.postcodes.includes(candidate.postcode));
      if (!town) return [];
      return [{ ...candidate, city: town.city, inseeCode: town.inseeCode, epci: town.epci }];
    });
  }

  /**
   * Fills the coordinates of towns the list left empty, once (they are stored,
   * marked as coming from the geocoder). Stops at the first failure: the service
   * may be unreachable, the next start tries again.
   */
  async fillTownCoordinates(): Promise<{ filled: number; missing: number }> {
    let missing: Town[];
    try {
      missing = await this.geo.townsWithoutCoordinates();
    } catch (error) {
      logger.warn("towns.geocoding_skipped", { error: String(error) });
      return { filled: 0, missing: 0 };
    }
    let filled = 0;
    for (const town of missing) {
      try {
        const point = await this.geocoder.locateTown({
          inseeCode: town.inseeCode,
          city: town.city,
          postcode: town.postcodes[0] ?? "",
        });
        if (!point) continue;
        await this.geo.storeGeocodedCentre(town.inseeCode, point);
        filled++;
      } catch (error) {
        logger.warn("towns.geocoding_stopped", { geocoder: this.geocoder.name, filled, error: String(error) });
        break;
      }
    }
    if (filled > 0)
      logger.info("towns.geocoded", { geocoder: this.geocoder.name, filled, missing: missing.length - filled });
    return { filled, missing: missing.length - filled };
  }
}
