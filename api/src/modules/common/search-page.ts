import { type DataSource, type ObjectLiteral, type SelectQueryBuilder } from "typeorm";
import { bitsOf } from "./bits";

/** A search counts its matches up to this many; beyond, it says « plus de 1 000 résultats ». */
export const COUNT_CAP = 1000;

export interface PageOfIds {
  ids: string[];
  count: number;
  countIsMinimum: boolean;
}

/** A date as a query parameter: SQLite compares TypeORM's UTC text form, MySQL takes the Date. */
export function dateParameter(dataSource: DataSource, date: Date): Date | string {
  if (dataSource.options.type !== "better-sqlite3") return date;
  return date.toISOString().replace("T", " ").replace("Z", "");
}

/** Counts the rows of a query of ids, up to `cap` + 1 (a derived table with a LIMIT). */
export async function cappedCount<T extends ObjectLiteral>(
  dataSource: DataSource,
  qb: SelectQueryBuilder<T>,
  cap: number,
): Promise<number> {
  const [sql, parameters] = qb
    .clone()
    .orderBy()
    .offset(undefined)
    .limit(cap + 1)
    .getQueryAndParameters();
  const [{ matches }] = await dataSource.query(`SELECT COUNT(*) AS matches FROM (${sql}) counted`, parameters);
  return Number(matches);
}

/** The ids of one page of an ordered query of ids (one more is read, to know if more follow). */
export async function pageIds<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  offset: number,
  size: number,
): Promise<{ ids: string[]; more: boolean }> {
  const rows: Array<{ id: string }> = await qb
    .offset(offset)
    .limit(size + 1)
    .getRawMany();
  return { ids: rows.slice(0, size).map((row) => row.id), more: rows.length > size };
}

/**
 * A page and its count: exact up to `cap`, else a minimum that covers the page asked for
 * (deep pages of a very wide search stay reachable). The count may come from another query
 * (the same search over a window of candidates).
 */
export async function countedPage<T extends ObjectLiteral>(
  dataSource: DataSource,
  qb: SelectQueryBuilder<T>,
  offset: number,
  size: number,
  cap: number,
  {
    countQuery = qb,
    candidatesCapped = false,
  }: { countQuery?: SelectQueryBuilder<T>; candidatesCapped?: boolean } = {},
): Promise<PageOfIds> {
  const page = await pageIds(qb.clone(), offset, size);
  const counted = await cappedCount(dataSource, countQuery, cap);
  const reached = offset + page.ids.length + (page.more ? 1 : 0);
  if (counted <= cap) return { ids: page.ids, count: counted, countIsMinimum: candidatesCapped };
  return { ids: page.ids, count: Math.max(cap, reached), countIsMinimum: true };
}

/** Rows in the order of `ids` (a page read by id keeps the search's order). */
export function inOrder<R extends { id: string }>(ids: readonly string[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is R => row !== undefined);
}

/** Keeps rows whose bit set (e.g. `m.ageBits`) has one of `values`; no values: no filter. */
export function withBits<T extends ObjectLiteral, V extends string>(
  qb: SelectQueryBuilder<T>,
  column: string,
  all: readonly V[],
  values: readonly V[] | null | undefined,
): void {
  if (!values || values.length === 0) return;
  const parameter = column.replace(/\W/g, "_");
  qb.andWhere(`(${column} & :${parameter}) <> 0`, { [parameter]: bitsOf(all, values) });
}
