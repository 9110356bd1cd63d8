import { randomUUID } from "node:crypto";
import { type DataSource, type Repository } from "typeorm";
import { NotFoundError } from "../../errors";
import { bitsOf } from "../common/bits";
import { wholeSeconds } from "../common/clock";
import {
  bitsCriterion,
  type FacetGroup,
  facetRows,
  insertRows,
  type ItemCondition,
  type RowCriterion,
} from "../common/facets";
import { type ComputedFields, RowsById } from "../common/rows-by-id";
import { inOrder } from "../common/search-page";
import { searchServiceIds, SHEET_FACETS } from "../search/service-search";
import { indexWords, normalizeSearchText, quillPlainText } from "../common/text-normalization";
import type { GeoPoint } from "../common/geo-point.type";
import { latitudeBand } from "../geo/distance";
import type { GeoService } from "../geo/geo.service";
import { Age, ServiceType } from "../reference/reference.data";
import { SheetFacet, type SheetFacetKind } from "./sheet-facet.entity";
import { Sheet } from "./sheet.entity";
import { DEFAULT_RADIUS_KM, type SheetSearchInput } from "./sheet.inputs";
import { serviceWordGroups, typeWord } from "./service-words";
import { hoursFacets, openNowCriteria, parisMoment, type WeeklyHours } from "./opening-hours";
import { dayCodeOf } from "./opening-hours.types";
import { SHEET_NOT_FOUND } from "../../shared/rules";
import { availabilityCurrentSince } from "../../shared/availability";
import { type StoredAvailabilityGroup, vacancyDay } from "./availability";

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
  | "availabilityGroups"
  | "availabilityGivenAt"
> & {
  createdAt?: Date;
  /** When a member or an administrator last saved or confirmed it: now unless told. */
  checkedAt?: Date;
  hours?: WeeklyHours | null;
  /** « Places disponibles » and when they were given: none unless told. */
  availabilityGroups?: StoredAvailabilityGroup[] | null;
  availabilityGivenAt?: Date | null;
};

export { SHEET_FACETS };

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
  availability: ["availabilityGroups", "availabilityGivenAt", "types"],
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
   * One page of the directory, by name, or nearest first around a place: planned and read by the
   * search module (search/service-search.ts). Types and ages are tested inside the name index
   * (and inside the facet index); places and words drive the search from the narrowest one,
   * read from its facet rows in name order.
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
    // « Avec des places disponibles »: places given in the last two months (Paris days), never older ones.
    if (input.withVacancies) groups.push({ facet: "vacancy", atLeast: availabilityCurrentSince(this.now()) });
    const conditions: ItemCondition[] = [];
    const openAt = input.openAt ?? (input.openNow ? this.now() : null);
    if (openAt) {
      const open = openNowCondition(openAt);
      groups.push(open.group);
      conditions.push(open.condition);
    }

    const near = input.near
      ? {
          centre: { lat: input.near.lat, lon: input.near.lon },
          radiusKm: input.near.radiusKm ?? DEFAULT_RADIUS_KM,
          epci: this.geo.townAt({ lat: input.near.lat, lon: input.near.lon })?.epci ?? null,
        }
      : null;
    const { page } = await searchServiceIds(this.dataSource, {
      row,
      groups,
      conditions,
      near,
      offset: input.page * input.pageSize,
      size: input.pageSize,
    });
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
    if (!service) throw new NotFoundError(SHEET_NOT_FOUND);
    return service;
  }

  /**
   * Stores a sheet's « Places disponibles » (null: none) given at `givenAt`, with its `vacancy`
   * facet row, in one transaction; the rest of the sheet, its confirmation date included, stays.
   */
  async saveAvailability(
    id: string,
    availabilityGroups: StoredAvailabilityGroup[] | null,
    givenAt: Date,
  ): Promise<Sheet> {
    return this.dataSource.transaction(async (manager) => {
      // The whole row: its facet row carries copies of its sort key and bit sets.
      const service = await manager.findOneBy(Sheet, { id });
      if (!service) throw new NotFoundError(SHEET_NOT_FOUND);
      const changes = {
        availabilityGroups,
        availabilityGivenAt: availabilityGroups ? wholeSeconds(givenAt) : null,
        updatedAt: givenAt,
      };
      await manager.update(Sheet, { id }, changes);
      Object.assign(service, changes);
      await manager.delete(SheetFacet, { serviceId: id, facet: "vacancy" });
      await insertRows(
        manager,
        SheetFacet,
        facetRows(vacancyFacet(service), (facet, value) => facetRow(service, facet, value)),
      );
      return service;
    });
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

/** A service row with its search column, as every writer stores it. */
export function sheetRecord(draft: SheetDraft & { id?: string }, now: Date): Sheet {
  return Object.assign(new Sheet(), draft, {
    id: draft.id ?? randomUUID(),
    hours: draft.hours ?? null,
    availabilityGroups: draft.availabilityGroups ?? null,
    availabilityGivenAt:
      draft.availabilityGroups && draft.availabilityGivenAt ? wholeSeconds(draft.availabilityGivenAt) : null,
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
      ...vacancyFacet(service),
    },
    (facet, value) => facetRow(service, facet, value),
  );
}

/** The `vacancy` facet row of a service whose availability names places (the day they were given), if any. */
const vacancyFacet = (service: Parameters<typeof vacancyDay>[0]) => ({
  vacancy: [vacancyDay(service)].filter((day) => day !== null),
});

/** One facet row of a service, with the copies of its sort key, bit sets and (`covers`) position. */
function facetRow(service: Sheet, facet: SheetFacetKind, value: string): SheetFacet {
  return Object.assign(new SheetFacet(), {
    serviceId: service.id,
    facet,
    value,
    sortName: service.serviceName.slice(0, 150),
    typeBits: service.typeBits,
    ageBits: service.ageBits,
    latitude: facet === "covers" ? service.latitude : null,
    longitude: facet === "covers" ? service.longitude : null,
  });
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
