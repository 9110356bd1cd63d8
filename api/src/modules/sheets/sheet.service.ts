import { randomUUID } from "node:crypto";
import { type DataSource, type ObjectLiteral, type Repository, type SelectQueryBuilder } from "typeorm";
import { NotFoundError } from "../../errors";
import { bitsOf } from "../common/bits";
import { wholeSeconds } from "../common/clock";
import {
  asPrefix,
  bitsCriterion,
  FacetFilter,
  type FacetGroup,
  facetRows,
  type FacetTable,
  insertRows,
  type ItemCondition,
  type RowCriterion,
  whereConditions,
  whereRow,
} from "../common/facets";
import { type ComputedFields, RowsById } from "../common/rows-by-id";
import { COUNT_CAP, countedPage, facetSearchPage, inOrder, type PageOfIds } from "../common/search-page";
import { indexWords, normalizeSearchText, quillPlainText } from "../common/text-normalization";
import type { GeoPoint } from "../common/geo-point.type";
import { boundingBox, distanceSql, latitudeBand, latitudeBands } from "../geo/distance";
import type { GeoService } from "../geo/geo.service";
import { Age, ServiceType } from "../reference/reference.data";
import { SheetFacet, type SheetFacetKind } from "./sheet-facet.entity";
import { Sheet } from "./sheet.entity";
import { DEFAULT_RADIUS_KM, type NearInput, type SheetSearchInput } from "./sheet.inputs";
import { serviceWordGroups, typeWord } from "./service-words";
import { hoursFacets, openNowCriteria, parisMoment, type WeeklyHours } from "./opening-hours";
import { dayCodeOf } from "./opening-hours.types";

export interface SheetPage {
  count: number;
  countIsMinimum: boolean;
  results: Sheet[];
}

export type SheetDraft = Omit<
  Sheet,
  | "id"
  | "createdAt"
  | "updatedAt"
  | "checkedAt"
  | "reminderSentAt"
  | "searchText"
  | "location"
  | "typeBits"
  | "ageBits"
  | "latitudeBand"
  | "hours"
> & {
  createdAt?: Date;
  /** When a member or an administrator last saved or confirmed it: now unless told. */
  checkedAt?: Date;
  hours?: WeeklyHours | null;
};

/** Service facet rows are read by name, like the directory. */
export const SHEET_FACETS: FacetTable = {
  table: "service_facet",
  owner: "serviceId",
  sort: "sortName",
  direction: "ASC",
};

/**
 * The GraphQL fields of a service computed from its columns (the entity's getter, the field
 * resolvers of SheetResolver and FreshnessResolver) and the columns each reads: a page reads
 * the columns its selection needs.
 */
export const SHEET_COMPUTED_FIELDS: ComputedFields<Sheet> = {
  __typename: [],
  location: ["latitude", "longitude"],
  owner: ["userIds"],
  viewerCan: ["userIds"],
  distanceKm: ["latitude", "longitude"],
  coversPlace: ["coveredLocations"],
  openingHours: ["hours"],
  openingStatus: ["hours"],
  needsReview: ["checkedAt"],
};

/** What a page of results and a sheet leave out: the columns kept for searching. */
const SEARCH_COLUMNS = [
  "searchText",
  "latitudeBand",
  "typeBits",
  "ageBits",
] as const satisfies readonly (keyof Sheet)[];

/** The services directory: its service sheets (`Sheet` in code, `Service` in the API). */
export class SheetService {
  private readonly repository: Repository<Sheet>;
  /** Every column a client may be shown (a sheet), or those a page's selection needs. */
  private readonly shown: RowsById<Sheet>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly geo: GeoService,
    /** The clock « ouvert maintenant » reads. */
    readonly now: () => Date = () => new Date(),
  ) {
    this.repository = dataSource.getRepository(Sheet);
    this.shown = new RowsById(dataSource, Sheet, { except: SEARCH_COLUMNS });
  }

  /**
   * One page of the directory, by name. Types and ages are tested inside the name index (and
   * inside the facet index); places and words drive the search from the narrowest one, read
   * from its facet rows in name order (see MediaService.search).
   */
  async search(input: SheetSearchInput, { fields }: { fields?: ReadonlySet<string> } = {}): Promise<SheetPage> {
    const columns = fields ? this.shown.columnsFor(fields, SHEET_COMPUTED_FIELDS) : null;
    const row: RowCriterion[] = [
      ...bitsCriterion("typeBits", Object.values(ServiceType), input.types),
      ...bitsCriterion("ageBits", Object.values(Age), input.ages),
    ];
    const groups: FacetGroup[] = [];
    const locations = await this.geo.expandLocations(input.locations);
    if (locations.length > 0) groups.push({ facet: "location", values: locations });
    groups.push(...serviceWordGroups(input.textQuery));
    if (input.openOn?.length) groups.push({ facet: "open", values: input.openOn.map(dayCodeOf) });
    const conditions: ItemCondition[] = [];
    const openAt = input.openAt ?? (input.openNow ? this.now() : null);
    if (openAt) {
      const open = openNowCondition(openAt);
      groups.push(open.group);
      conditions.push(open.condition);
    }

    const offset = input.page * input.pageSize;
    if (input.near) {
      const page = await this.nearPage(input.near, groups, row, offset, input.pageSize, conditions, columns);
      // A word no service near the place uses whole is then looked for as the beginning of a word.
      if (page.count > 0 || !groups.some((group) => group.orPrefix)) return page;
      const widened = groups.map((group) => (group.orPrefix ? asPrefix(group) : group));
      return this.nearPage(input.near, widened, row, offset, input.pageSize, conditions, columns);
    }
    let page: PageOfIds;
    if (groups.length > 0) {
      page = await facetSearchPage(this.dataSource, SHEET_FACETS, groups, row, offset, input.pageSize, conditions);
    } else {
      const qb = this.repository.createQueryBuilder("s").select("s.id", "id");
      whereRow(qb, "s", row);
      qb.orderBy("s.serviceName", "ASC").addOrderBy("s.id", "ASC");
      page = await countedPage(this.dataSource, qb, offset, input.pageSize, COUNT_CAP);
    }
    return {
      count: page.count,
      countIsMinimum: page.countIsMinimum,
      results: await this.listed(page.ids, columns),
    };
  }

  /** The services of a page, in its order, with the columns asked (null: every column shown). */
  private async listed(ids: readonly string[], columns: ReadonlySet<string> | null): Promise<Sheet[]> {
    if (ids.length === 0) return [];
    return inOrder(ids, await this.shown.read(ids, columns));
  }

  /**
   * One page of a search around a place, nearest first: the services within the radius (a range
   * of the position index, the great-circle distance computed by the database), and those that
   * declare to cover the EPCI of the place's town, wherever they are (`coversPlace`, see
   * coversTownAt). Services
   * without position come last; equal distances (sheets placed at their town's centre) by id,
   * which the position index holds. The count is exact: a radius holds a bounded part of the
   * department. The two parts do not meet (the covering services within the radius are left to
   * the first), so their rows are sorted as they come, without being grouped by service first.
   */
  private async nearPage(
    near: NearInput,
    groups: readonly FacetGroup[],
    row: readonly RowCriterion[],
    offset: number,
    size: number,
    conditions: readonly ItemCondition[],
    columns: ReadonlySet<string> | null,
  ): Promise<SheetPage> {
    const centre = { lat: near.lat, lon: near.lon };
    const radiusKm = near.radiusKm ?? DEFAULT_RADIUS_KM;
    const box = boundingBox(centre, radiusKm);
    // Each part reads one index that holds what its rows need (id, position, bit sets): the
    // position index, or the covering services' facet rows (they carry the position): no row
    // of the service table is read.
    const branch = (qb: SelectQueryBuilder<ObjectLiteral>, prefix: string, id: string, distance: string) => {
      qb.select(id, "id").addSelect(distance, "distance");
      const filter = new FacetFilter(qb, SHEET_FACETS, prefix, id);
      groups.forEach((group) => filter.require(group));
      whereConditions(qb, conditions, id, `${prefix}c`);
      return qb;
    };
    const distance = distanceSql("s");
    const within = branch(
      this.dataSource
        .createQueryBuilder()
        .from(Sheet, "s")
        .where(
          "s.latitudeBand IN (:...bands) AND s.longitude BETWEEN :minLon AND :maxLon " +
            "AND s.latitude BETWEEN :minLat AND :maxLat",
          { ...box, bands: latitudeBands(box.minLat, box.maxLat) },
        )
        .andWhere(`${distance} <= :radiusKm`, { radiusKm }),
      "n",
      "s.id",
      distance,
    );
    whereRow(within, "s", row);
    const parts = [within];
    // The services that cover the place's town (coversTownAt asks the same of one service).
    const epci = this.geo.townAt(centre)?.epci;
    if (epci) {
      const fromFacet = distanceSql("c");
      const covering = this.dataSource
        .createQueryBuilder()
        .from(SheetFacet, "c")
        .where("c.facet = 'covers' AND c.value = :placeEpci", { placeEpci: epci })
        .andWhere(`(${fromFacet} IS NULL OR ${fromFacet} > :radiusKm)`, { radiusKm });
      whereRow(covering, "c", row);
      parts.push(branch(covering, "v", "c.serviceId", fromFacet));
    }
    const candidates = `(${parts.map((part) => part.getQuery()).join(" UNION ALL ")})`;
    const found = this.dataSource
      .createQueryBuilder()
      .select("u.id", "id")
      .from(candidates, "u")
      .setParameters(
        Object.assign({ nearLat: centre.lat, nearLon: centre.lon }, ...parts.map((part) => part.getParameters())),
      );
    const page = await found
      .clone()
      .addSelect("COUNT(*) OVER ()", "total")
      .orderBy("CASE WHEN u.distance IS NULL THEN 1 ELSE 0 END", "ASC")
      .addOrderBy("u.distance", "ASC")
      .addOrderBy("u.id", "ASC")
      .offset(offset)
      .limit(size)
      .getRawMany<{ id: string; total: number | string }>();
    const count = page.length > 0 ? Number(page[0].total) : offset === 0 ? 0 : await countRows(this.dataSource, found);
    const ids = page.map((hit) => hit.id);
    // A service's distance and coverage are fields of its own, asked from the place (SheetResolver).
    return { count, countIsMinimum: false, results: await this.listed(ids, columns) };
  }

  /** Whether a service declares to cover the EPCI of the town at a point (« intervient sur votre commune »). */
  coversTownAt(service: Pick<Sheet, "coveredLocations">, point: GeoPoint): boolean {
    const epci = this.geo.townAt(point)?.epci;
    return epci !== undefined && epci !== null && service.coveredLocations.includes(epci);
  }

  /** The services an account is a member of (its userIds), by name. */
  ofMember(userId: string): Promise<Sheet[]> {
    return this.repository
      .createQueryBuilder("s")
      .where(
        "EXISTS (SELECT 1 FROM service_facet f WHERE f.serviceId = s.id AND f.facet = 'owner' AND f.value = :userId)",
        { userId },
      )
      .orderBy("s.serviceName", "ASC")
      .getMany();
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(SheetFacet, { serviceId: id });
      await manager.delete(Sheet, { id });
    });
  }

  /** A service's sheet; its search columns (derived, recomputed by save) stay in the database. */
  async findById(id: string): Promise<Sheet> {
    const [service] = await this.shown.read([id]);
    if (!service) throw new NotFoundError("Ce service est introuvable.");
    return service;
  }

  /** Stores a service with its search column and facets, in one transaction. */
  async save(draft: SheetDraft & { id?: string }): Promise<Sheet> {
    return this.dataSource.transaction(async (manager) => {
      const service = sheetRecord(draft, new Date());
      await manager.save(Sheet, service);
      await manager.delete(SheetFacet, { serviceId: service.id });
      const rows = sheetFacets(service);
      await insertRows(manager, SheetFacet, rows);
      return service;
    });
  }
}

/** The number of rows a query answers. */
async function countRows(dataSource: DataSource, qb: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
  const [sql, parameters] = qb.getQueryAndParameters();
  const [{ matches }] = await dataSource.query(`SELECT COUNT(*) AS matches FROM (${sql}) counted`, parameters);
  return Number(matches);
}

/** A service row with its search column, as every writer stores it. */
export function sheetRecord(draft: SheetDraft & { id?: string }, now: Date): Sheet {
  return Object.assign(new Sheet(), draft, {
    id: draft.id ?? randomUUID(),
    hours: draft.hours ?? null,
    // Stored to the second (MySQL's datetime): the answer says what a later read will.
    createdAt: draft.createdAt ?? wholeSeconds(now),
    updatedAt: now,
    // Saving a sheet confirms it: the reminders start again from here.
    checkedAt: wholeSeconds(draft.checkedAt ?? now),
    reminderSentAt: null,
    searchText: normalizeSearchText(
      [draft.serviceName, draft.serviceManager, draft.city, quillPlainText(draft.description)].join(" "),
    ),
    typeBits: bitsOf(Object.values(ServiceType), draft.types),
    ageBits: bitsOf(Object.values(Age), draft.ages),
    latitudeBand: latitudeBand(draft.latitude),
  });
}

/** The facet rows of a service: one per value it can be filtered on. */
export function sheetFacets(service: Sheet): SheetFacet[] {
  return facetRows<SheetFacetKind, SheetFacet>(
    {
      // A service answers a location filter by its own town and EPCI and by the EPCIs it covers.
      location: [service.city, service.epci, ...service.coveredLocations],
      owner: service.userIds,
      word: [...indexWords(service.searchText), ...service.types.map(typeWord)],
      covers: service.coveredLocations,
      ...hoursFacets(service.hours),
    },
    (facet, value) =>
      Object.assign(new SheetFacet(), {
        serviceId: service.id,
        facet,
        value,
        sortName: service.serviceName.slice(0, 150),
        typeBits: service.typeBits,
        ageBits: service.ageBits,
        latitude: facet === "covers" ? service.latitude : null,
        longitude: facet === "covers" ? service.longitude : null,
      }),
  );
}

/**
 * « Ouvert à cet instant » (Paris time): services that may open on the day drive the search
 * (`mayOpen`), and each one's rows say whether one of its ranges holds the time, from its week
 * (unless the day is closed: a closure, an exceptional opening's day, a public holiday when it
 * closes on them) or from an exceptional opening that day. Range rows are "sa08301230" and
 * "2026122810001200": the start and end times are read at fixed places.
 */
function openNowCondition(instant: Date): { group: FacetGroup; condition: ItemCondition } {
  const { weekday, date, time, holiday } = openNowCriteria(parisMoment(instant));
  const { table, owner } = SHEET_FACETS;
  const range = (alias: string, id: string, prefixParameter: string, at: number) =>
    `(SELECT 1 FROM ${table} ${alias} WHERE ${alias}.${owner} = ${id} AND ${alias}.facet = 'hours' ` +
    `AND ${alias}.value LIKE :${prefixParameter} AND SUBSTR(${alias}.value, ${at}, 4) <= :openTime ` +
    `AND SUBSTR(${alias}.value, ${at + 4}, 4) > :openTime LIMIT 1) IS NOT NULL`;
  return {
    group: { facet: "mayOpen", values: [weekday] },
    condition: {
      sql: (id, alias) =>
        `((${range(`${alias}_week`, id, "openWeekday", 3)} AND (SELECT 1 FROM ${table} ${alias}_closed ` +
        `WHERE ${alias}_closed.${owner} = ${id} AND ${alias}_closed.facet = 'closed' ` +
        `AND ${alias}_closed.value IN (:...openClosed) LIMIT 1) IS NULL) ` +
        `OR ${range(`${alias}_date`, id, "openDate", 9)})`,
      parameters: {
        openWeekday: `${weekday}%`,
        openDate: `${date}%`,
        openTime: time,
        openClosed: holiday ? [date, "ph"] : [date],
      },
    },
  };
}
