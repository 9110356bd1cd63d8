import { type DataSource, type ObjectLiteral, type SelectQueryBuilder } from "typeorm";

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

/** A date read in a raw row: MySQL gives a Date, SQLite TypeORM's UTC text form. */
export function rawDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
}

/**
 * What a page shows of its list's size, for a count that is a minimum: the list reaches the
 * page's last item (and one more when more follow). A page past the end says nothing: the list
 * ends before it, and the count is not raised to the page asked for.
 */
export function reachedBy(offset: number, served: number, more: boolean): number {
  return served > 0 ? offset + served + (more ? 1 : 0) : 0;
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

/**
 * One page of an ordered query of ids (one more is read, to know if more follow) and the count
 * of `countQuery` up to `cap` + 1, in one statement: the count is an uncorrelated subquery, run
 * once, on each row of the page. A page past the end has no row to carry it: it is then counted
 * alone (none at all on the first page). A page that starts past the cap and has rows says
 * enough by itself: there are more than `cap` matches, and nothing is counted.
 */
export async function countedIds<T extends ObjectLiteral>(
  dataSource: DataSource,
  qb: SelectQueryBuilder<T>,
  countQuery: SelectQueryBuilder<T>,
  offset: number,
  size: number,
  cap: number,
): Promise<{ ids: string[]; more: boolean; counted: number }> {
  const page = qb.clone();
  const pastCap = offset >= cap;
  if (!pastCap) {
    const counting = countQuery
      .clone()
      .orderBy()
      .offset(undefined)
      .limit(cap + 1);
    page
      .addSelect(`(SELECT COUNT(*) FROM (${counting.getQuery()}) counted)`, "counted")
      .setParameters(counting.getParameters());
  }
  const rows: Array<{ id: string; counted?: number | string }> = await page
    .offset(offset)
    .limit(size + 1)
    .getRawMany();
  let counted: number;
  if (rows.length === 0) counted = offset === 0 ? 0 : await cappedCount(dataSource, countQuery, cap);
  else counted = pastCap ? cap + 1 : Number(rows[0].counted);
  return { ids: rows.slice(0, size).map((row) => row.id), more: rows.length > size, counted };
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
  const page = await countedIds(dataSource, qb, countQuery, offset, size, cap);
  const reached = reachedBy(offset, page.ids.length, page.more);
  if (page.counted <= cap && !candidatesCapped) return { ids: page.ids, count: page.counted, countIsMinimum: false };
  // A minimum never says less than the pages already served.
  return { ids: page.ids, count: Math.max(Math.min(page.counted, cap), reached), countIsMinimum: true };
}

/** Rows in the order of `ids` (a page read by id keeps the search's order). */
export function inOrder<R extends { id: string }>(ids: readonly string[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is R => row !== undefined);
}
