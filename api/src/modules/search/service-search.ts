import { type DataSource, type ObjectLiteral, type SelectQueryBuilder } from "typeorm";
import {
  asPrefix,
  FacetFilter,
  type FacetGroup,
  type FacetTable,
  type ItemCondition,
  type RowCriterion,
  whereConditions,
  whereRow,
} from "../common/facets";
import { COUNT_CAP, countedPage, type PageOfIds } from "../common/search-page";
import { distanceSql, latitudeBands, boundingBox } from "../geo/distance";
import { SheetFacet } from "../sheets/sheet-facet.entity";
import { Sheet } from "../sheets/sheet.entity";
import { facetSearchPage } from "./facet-rows";
import { planServiceSearch, type ServicePlan } from "./plans";

/** Service facet rows are read by name, like the directory. */
export const SHEET_FACETS: FacetTable = {
  table: "service_facet",
  owner: "serviceId",
  sort: "sortName",
  direction: "ASC",
};

/** A search around a place: its centre, radius, and the EPCI of the town there (if any). */
export interface AroundPlace {
  centre: { lat: number; lon: number };
  radiusKm: number;
  epci: string | null;
}

/**
 * A services search as its plan's executor reads it: types and ages (`row`, carried by the
 * service and its facet rows), facet criteria (places, words, opening days), conditions a
 * candidate is probed for (open at an instant), and maybe a place to search around.
 */
export interface ServiceSearch {
  row: readonly RowCriterion[];
  groups: readonly FacetGroup[];
  conditions: readonly ItemCondition[];
  near: AroundPlace | null;
  offset: number;
  size: number;
}

/** One page of ids of the directory, and the plan that read it (planServiceSearch). */
export async function searchServiceIds(
  dataSource: DataSource,
  search: ServiceSearch,
): Promise<{ plan: ServicePlan; page: PageOfIds }> {
  const plan = planServiceSearch({ near: search.near !== null, groups: search.groups.length });
  return { plan, page: await runServicePlan(dataSource, plan, search) };
}

/** The executor of each services plan. */
export async function runServicePlan(
  dataSource: DataSource,
  plan: ServicePlan,
  search: ServiceSearch,
): Promise<PageOfIds> {
  const { row, groups, conditions, near, offset, size } = search;
  switch (plan.kind) {
    case "around-place": {
      if (!near) throw new Error("around-place: no place.");
      const page = await nearPage(dataSource, near, groups, row, offset, size, conditions);
      // A word no service near the place uses whole is then looked for as the beginning of a word.
      if (page.count > 0 || !groups.some((group) => group.orPrefix)) return page;
      const widened = groups.map((group) => (group.orPrefix ? asPrefix(group) : group));
      return nearPage(dataSource, near, widened, row, offset, size, conditions);
    }
    case "facet-rows":
      return facetSearchPage(dataSource, SHEET_FACETS, groups, row, offset, size, conditions);
    case "by-name-scan": {
      const qb = dataSource.getRepository(Sheet).createQueryBuilder("s").select("s.id", "id");
      whereRow(qb, "s", row);
      qb.orderBy("s.serviceName", "ASC").addOrderBy("s.id", "ASC");
      return countedPage(dataSource, qb, offset, size, COUNT_CAP);
    }
  }
}

/**
 * One page of a search around a place, nearest first: the services within the radius (a range
 * of the position index, the great-circle distance computed by the database), and those that
 * declare to cover the EPCI of the place's town, wherever they are (`coversPlace`, see
 * SheetService.coversTownAt). Services without position come last; equal distances (sheets
 * placed at their town's centre) by id, which the position index holds. The count is exact: a
 * radius holds a bounded part of the department. The two parts do not meet (the covering
 * services within the radius are left to the first), so their rows are sorted as they come,
 * without being grouped by service first.
 */
async function nearPage(
  dataSource: DataSource,
  { centre, radiusKm, epci }: AroundPlace,
  groups: readonly FacetGroup[],
  row: readonly RowCriterion[],
  offset: number,
  size: number,
  conditions: readonly ItemCondition[],
): Promise<PageOfIds> {
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
    dataSource
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
  if (epci) {
    const fromFacet = distanceSql("c");
    const covering = dataSource
      .createQueryBuilder()
      .from(SheetFacet, "c")
      .where("c.facet = 'covers' AND c.value = :placeEpci", { placeEpci: epci })
      .andWhere(`(${fromFacet} IS NULL OR ${fromFacet} > :radiusKm)`, { radiusKm });
    whereRow(covering, "c", row);
    parts.push(branch(covering, "v", "c.serviceId", fromFacet));
  }
  const candidates = `(${parts.map((part) => part.getQuery()).join(" UNION ALL ")})`;
  const found = dataSource
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
  const count = page.length > 0 ? Number(page[0].total) : offset === 0 ? 0 : await countRows(dataSource, found);
  // A service's distance and coverage are fields of its own, asked from the place (SheetResolver).
  return { ids: page.map((hit) => hit.id), count, countIsMinimum: false };
}

/** The number of rows a query answers. */
async function countRows(dataSource: DataSource, qb: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
  const [sql, parameters] = qb.getQueryAndParameters();
  const [{ matches }] = await dataSource.query(`SELECT COUNT(*) AS matches FROM (${sql}) counted`, parameters);
  return Number(matches);
}
