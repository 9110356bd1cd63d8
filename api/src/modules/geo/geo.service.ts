import { type DataSource, In, IsNull, Not, type Repository } from "typeorm";
import { spellingKey, Vocabulary } from "../common/did-you-mean";
import type { GeoPoint } from "../common/geo-point.type";
import { normalizeSearchText } from "../common/text-normalization";
import { townKey } from "../../shared/text-keys";
import { distanceKm } from "./distance";
import { Town } from "./town.entity";
import type { DepartmentInfo, TownData, TownRecord } from "./town-data";

export interface TownGroup {
  epci: string;
  epciCode: string | null;
  towns: Town[];
}

/** EPCI and town names checked against the department's list. */
export interface ResolvedPlaces {
  /** The named EPCIs the department has, in the order named. */
  epci: string[];
  /** The named towns the department has (every town of a name, in the order named). */
  towns: Town[];
  unknownEpci: string[];
  unknownCities: string[];
  /** The centre of the first named town, when it is known. */
  firstLocation: GeoPoint | null;
}

const NO_EPCI = "Communes hors intercommunalité";
const unique = (values: readonly string[] | null | undefined) => [...new Set(values ?? [])];

/**
 * The one gateway to the department's towns and EPCIs (the `town` table): the
 * other modules ask it to resolve, expand or locate places and never query the
 * table themselves.
 */
export class GeoService {
  private readonly towns: Repository<Town>;
  private places: {
    epciOfTown: Map<string, string[]>;
    townsOfEpci: Map<string, string[]>;
    /** The names of towns and EPCIs by their search form (« pau », « ca pau bearn pyrenees »). */
    byLooseName: Map<string, string[]>;
    /** The towns of each name (several towns may share one). */
    townsByName: Map<string, TownRecord[]>;
  } | null = null;
  /** The towns' names as « Vouliez-vous dire … ? » compares them (built once, from the committed list). */
  private spelling: Vocabulary | null = null;
  /** The last point townAt answered for (the committed town list does not change while running). */
  private lastTownAt: { key: string; town: { city: string; epci: string | null } | null } | null = null;

  constructor(
    dataSource: DataSource,
    private readonly data: TownData,
  ) {
    this.towns = dataSource.getRepository(Town);
  }

  get department(): DepartmentInfo {
    return this.data.department;
  }

  /**
   * Brings the Town table in line with the committed list: new towns are added,
   * vanished ones removed, names and EPCIs refreshed. Coordinates found later by
   * the geocoder are kept.
   */
  async syncTowns(): Promise<{ added: number; removed: number }> {
    const existing = new Map((await this.towns.find()).map((town) => [town.inseeCode, town]));
    const codes = this.data.towns.map((record) => record.inseeCode);
    const { affected } = await this.towns.delete(codes.length ? { inseeCode: Not(In(codes)) } : {});
    let added = 0;
    const changed: Town[] = [];
    for (const record of this.data.towns) {
      const current = existing.get(record.inseeCode);
      const keepGeocoded = current?.coordinatesSource === "geocoder";
      const town = Object.assign(new Town(), record, {
        latitude: keepGeocoded ? current.latitude : record.latitude,
        longitude: keepGeocoded ? current.longitude : record.longitude,
        coordinatesSource: keepGeocoded ? "geocoder" : record.latitude === null ? null : "list",
      });
      if (!current) added++;
      if (!current || JSON.stringify({ ...current }) !== JSON.stringify({ ...town })) changed.push(town);
    }
    if (changed.length > 0) await this.towns.save(changed, { chunk: 100 });
    return { added, removed: affected ?? 0 };
  }

  /** Towns grouped by EPCI, groups and towns in French alphabetical order. */
  async townGroups(): Promise<TownGroup[]> {
    const towns = await this.towns.find();
    const groups = new Map<string, TownGroup>();
    for (const town of towns) {
      const key = town.epci ?? NO_EPCI;
      const group = groups.get(key) ?? { epci: key, epciCode: town.epciCode, towns: [] };
      group.towns.push(town);
      groups.set(key, group);
    }
    const collator = new Intl.Collator("fr");
    return [...groups.values()]
      .sort((a, b) => collator.compare(a.epci, b.epci))
      .map((group) => ({ ...group, towns: group.towns.sort((a, b) => collator.compare(a.city, b.city)) }));
  }

  /** A town by its INSEE code. */
  townByCode(inseeCode: string): Promise<Town | null> {
    return this.towns.findOneBy({ inseeCode });
  }

  /** The towns with one of these INSEE codes or names (to match an address service's answers), in one query. */
  townsByCodesOrNames(codes: readonly string[], names: readonly string[]): Promise<Town[]> {
    const where = [
      ...(codes.length ? [{ inseeCode: In(unique(codes)) }] : []),
      ...(names.length ? [{ city: In(unique(names)) }] : []),
    ];
    return where.length ? this.towns.find({ where }) : Promise.resolve([]);
  }

  /**
   * The department's town an address names, from the town list alone. By its postcode (« 12 rue
   * des Cordeliers, 64000 Pau »): the town with that postcode and that name, or the only town of
   * that postcode. Without a postcode of the department, by its name written anywhere, as
   * townNamedInText reads one (« 3 rue du Château, LESCAR », « st jean de luz »): the last town
   * named, a name within a street's or a place's (« rue de Pau », « Pays de Nay ») aside. Null
   * when the address names no town, or leaves a choice.
   */
  async townInAddress(address: string): Promise<Town | null> {
    const towns = await this.towns.find();
    const postcodes = postcodesIn(address);
    const coded = towns.filter((town) => town.postcodes.some((code) => postcodes.includes(code)));
    // A postcode of the department decides among its towns; without one, the name written.
    return coded.length > 0 ? townOfPostcodes(address, coded) : townNamedIn(address, towns);
  }

  /**
   * The one town a text names, as a person or a partner's site writes it: its name in any case,
   * with or without accents and hyphens, « St » for « Saint » (« st jean de luz »); its postcode
   * when no other town shares it (« 64000 »); or a postcode and a name (« 64230 Lescar »).
   * Null when the text names no town of the department, or several.
   */
  async townNamedInText(text: string): Promise<Town | null> {
    const key = townKey(text);
    if (!key) return null;
    const towns = await this.towns.find();
    const named = towns.filter((town) => townKey(town.city) === key);
    if (named.length > 0) return named.length === 1 ? named[0] : null;
    if (/^\d{5}$/.test(key)) {
      const coded = towns.filter((town) => town.postcodes.includes(key));
      return coded.length === 1 ? coded[0] : null;
    }
    const postcodes = postcodesIn(text);
    return townOfPostcodes(
      text,
      towns.filter((town) => town.postcodes.some((code) => postcodes.includes(code))),
    );
  }

  /** A town by name, preferring the one with this postcode when several share the name. */
  async townNamed(city: string, postcode?: string): Promise<Town | null> {
    const towns = await this.towns.findBy({ city });
    return towns.find((town) => postcode !== undefined && town.postcodes.includes(postcode)) ?? towns[0] ?? null;
  }

  /** Checks EPCI and town names against the department's list, in at most two queries. */
  async resolvePlaces(names: { epci?: readonly string[]; cities?: readonly string[] }): Promise<ResolvedPlaces> {
    const epci = unique(names.epci);
    const cities = unique(names.cities);
    const [knownEpci, towns] = await Promise.all([
      epci.length
        ? this.towns
            .createQueryBuilder("t")
            .select("DISTINCT t.epci", "epci")
            .where("t.epci IN (:...epci)", { epci })
            .getRawMany<{ epci: string }>()
            .then((rows) => new Set(rows.map((row) => row.epci)))
        : new Set<string>(),
      cities.length ? this.towns.findBy({ city: In(cities) }) : [],
    ]);
    const byName = (name: string) => towns.filter((town) => town.city === name);
    return {
      epci: epci.filter((name) => knownEpci.has(name)),
      towns: cities.flatMap(byName),
      unknownEpci: epci.filter((name) => !knownEpci.has(name)),
      unknownCities: cities.filter((name) => byName(name).length === 0),
      firstLocation: cities.length ? (byName(cities[0])[0]?.location ?? null) : null,
    };
  }

  /**
   * A location filter covers the places it contains and the place that contains
   * it: an EPCI also means its towns, and a town also means its EPCI (content or
   * a service for the whole EPCI concerns each of its towns). Names are read without regard to
   * case, accents, hyphens or spaces, « St » for « Saint » (« pau », « ST PEE SUR NIVELLE »). No query.
   */
  async expandLocations(names: readonly string[] | null | undefined): Promise<string[]> {
    const { epciOfTown, townsOfEpci, byLooseName } = this.placeIndex();
    const named = unique(
      (names ?? []).flatMap((name) => byLooseName.get(townKey(name)) ?? [name.trim()]).filter(Boolean),
    );
    if (named.length === 0) return [];
    const expanded = new Set(named);
    for (const name of named) {
      for (const epci of epciOfTown.get(name) ?? []) expanded.add(epci);
      for (const town of townsOfEpci.get(name) ?? []) expanded.add(town);
    }
    return [...expanded];
  }

  /** The department's town names, for proposing the closest to a misspelt one (in memory). */
  townVocabulary(): Vocabulary {
    return (this.spelling ??= new Vocabulary(this.data.towns.map((town) => town.city)));
  }

  /**
   * The town whose name is closest to a text that names none (« Lesacr » → Lescar: a few letters
   * apart, see did-you-mean.ts), or null: a text that names a town, or is far from every name.
   */
  async closestTown(text: string): Promise<Town | null> {
    // Longer than any town's name typed with a few mistakes: not worth comparing.
    if (text.length > 80) return null;
    const found = this.townVocabulary().closest(spellingKey(text));
    return found ? this.townNamed(found.label) : null;
  }

  /**
   * Place names as the towns and EPCIs of the department they name, read as a location filter
   * reads them (any case, accents or not, « St » for « Saint »), written as the list writes them;
   * `unknown`: the names that are neither, as given. Blank names are ignored. No query.
   */
  placesNamed(names: readonly string[]): { cities: string[]; epci: string[]; unknown: string[] } {
    const { townsOfEpci, byLooseName } = this.placeIndex();
    const cities: string[] = [];
    const epci: string[] = [];
    const unknown: string[] = [];
    for (const name of names.map((text) => text.trim()).filter(Boolean)) {
      const named = byLooseName.get(townKey(name));
      if (!named) unknown.push(name);
      for (const place of named ?? []) (townsOfEpci.has(place) ? epci : cities).push(place);
    }
    return { cities: unique(cities), epci: unique(epci), unknown: unique(unknown) };
  }

  /**
   * The INSEE code of a town written as the list writes it (a sheet's, an account's); among
   * towns of the same name, the one of this postcode or EPCI. Null for a name the list lacks,
   * or a choice left open. No query.
   */
  inseeCodeOf(city: string | null, { postcode, epci }: { postcode?: string | null; epci?: string | null } = {}) {
    const towns = (city && this.placeIndex().townsByName.get(city)) || [];
    const chosen =
      towns.length === 1
        ? towns
        : towns.filter((town) => (postcode && town.postcodes.includes(postcode)) || (epci && town.epci === epci));
    return chosen.length === 1 ? chosen[0].inseeCode : null;
  }

  /**
   * Towns and EPCIs by name, from the committed list the town table is kept in line with
   * (syncTowns): names and EPCIs never change at run time, so searches read them from memory.
   */
  private placeIndex() {
    if (!this.places) {
      const epciOfTown = new Map<string, string[]>();
      const townsOfEpci = new Map<string, string[]>();
      const add = (map: Map<string, string[]>, key: string, value: string) =>
        map.set(key, [...(map.get(key) ?? []), value]);
      const byLooseName = new Map<string, string[]>();
      const addName = (name: string) => {
        const key = townKey(name);
        const names = byLooseName.get(key) ?? [];
        if (!names.includes(name)) byLooseName.set(key, [...names, name]);
      };
      const townsByName = new Map<string, TownRecord[]>();
      for (const town of this.data.towns) {
        const { city, epci } = town;
        addName(city);
        townsByName.set(city, [...(townsByName.get(city) ?? []), town]);
        if (!epci) continue;
        addName(epci);
        add(epciOfTown, city, epci);
        add(townsOfEpci, epci, city);
      }
      this.places = { epciOfTown, townsOfEpci, byLooseName, townsByName };
    }
    return this.places;
  }

  /**
   * The town of the department nearest to a point (its centre within `withinKm`), from the
   * committed list: whose town a position is in, roughly, for « intervient sur votre commune ».
   */
  townAt(point: GeoPoint, withinKm = 15): { city: string; epci: string | null } | null {
    // Each result of a search around a place asks about the same point: answered once.
    const key = `${point.lat},${point.lon},${withinKm}`;
    if (this.lastTownAt?.key === key) return this.lastTownAt.town;
    let best: { city: string; epci: string | null } | null = null;
    let bestKm = withinKm;
    for (const town of this.data.towns) {
      if (town.latitude === null || town.longitude === null) continue;
      const km = distanceKm(point, { lat: town.latitude, lon: town.longitude });
      if (km <= bestKm) [best, bestKm] = [{ city: town.city, epci: town.epci }, km];
    }
    this.lastTownAt = { key, town: best };
    return best;
  }

  /** Towns the committed list left without coordinates, by INSEE code. */
  townsWithoutCoordinates(): Promise<Town[]> {
    return this.towns.find({ where: { latitude: IsNull() }, order: { inseeCode: "ASC" } });
  }

  /** Stores a town centre found by the geocoder (kept across town list updates). */
  async storeGeocodedCentre(inseeCode: string, point: GeoPoint): Promise<void> {
    await this.towns.update(
      { inseeCode },
      { latitude: point.lat, longitude: point.lon, coordinatesSource: "geocoder" },
    );
  }
}

/** The postcodes written in a text (five digits standing alone). */
const postcodesIn = (text: string) => unique(text.match(/(?<!\d)\d{5}(?!\d)/g) ?? []);

/** The town an address names among the towns of its postcodes (see GeoService.townInAddress). */
function townOfPostcodes(address: string, towns: Town[]): Town | null {
  const words = ` ${normalizeSearchText(address)} `;
  const names = towns.map((town) => ` ${normalizeSearchText(town.city)} `);
  // « Poey-de-Lescar » names Poey-de-Lescar, not Lescar too.
  const named = towns.filter(
    (_town, i) =>
      words.includes(names[i]) &&
      !names.some((other, j) => j !== i && words.includes(other) && other.includes(names[i])),
  );
  if (named.length === 1) return named[0];
  return towns.length === 1 ? towns[0] : null;
}

/**
 * Words that make the name following them part of another name: a street's, a place's or an
 * EPCI's (« rue de Pau », « chemin du Mont », « Pays de Nay »), not the town of the address.
 */
const NAME_CONNECTORS = new Set(["de", "du", "des", "d", "la", "le", "les", "l"]);

/** The town an address names in words (see GeoService.townInAddress): the last one, when one town has that name. */
function townNamedIn(address: string, towns: Town[]): Town | null {
  const words = townKey(address).split(" ");
  const found: Array<{ towns: Town[]; start: number; end: number }> = [];
  const byName = new Map<string, Town[]>();
  for (const town of towns) {
    const key = townKey(town.city);
    byName.set(key, [...(byName.get(key) ?? []), town]);
  }
  for (const [key, named] of byName) {
    const name = key.split(" ");
    for (let start = 0; start + name.length <= words.length; start++) {
      if (name.some((word, i) => words[start + i] !== word)) continue;
      if (start > 0 && NAME_CONNECTORS.has(words[start - 1])) continue;
      found.push({ towns: named, start, end: start + name.length });
    }
  }
  // « Poey-de-Lescar » names Poey-de-Lescar, not Lescar too.
  const whole = found.filter(
    (match) => !found.some((other) => other !== match && other.start <= match.start && other.end >= match.end),
  );
  const last = whole.sort((a, b) => b.end - a.end)[0];
  return last?.towns.length === 1 ? last.towns[0] : null;
}
