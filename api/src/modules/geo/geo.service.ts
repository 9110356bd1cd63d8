import { DataSource, In, Not, Repository } from "typeorm";
import { Town } from "./town.entity";
import { DepartmentInfo, TownData } from "./town-data";

export interface TownGroup {
  epci: string;
  epciCode: string | null;
  towns: Town[];
}

const NO_EPCI = "Communes hors intercommunalité";

export class GeoService {
  private readonly towns: Repository<Town>;

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
        coordinatesSource: keepGeocoded ? "geocoder" : record.latitude === null ? null : "geonames",
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
}
