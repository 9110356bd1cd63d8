import { type DataSource, type ObjectLiteral, type SelectQueryBuilder } from "typeorm";
import { queryWords } from "./text-normalization";

/**
 * One criterion on a facet table (media_facet, service_facet): rows with one of `values` for
 * `facet`, or, with `prefix`, a value starting with it (a word being typed).
 */
export interface FacetGroup {
  facet: string;
  values?: readonly string[];
  prefix?: string;
}

/**
 * A search starts from its narrowest facet criterion and looks at its most recent candidates,
 * at most this many; the others are checked on each candidate by primary-key probes.
 */
export const CANDIDATE_CAP = 2000;

/** A LIKE pattern for a prefix: words are in normal form (letters and digits), never wildcards. */
const likePrefix = (prefix: string) => {
  if (!/^[a-z0-9]*$/.test(prefix)) throw new Error("Préfixe hors de la forme normale");
  return `${prefix}%`;
};

/**
 * Filters on a facet table: each criterion is a probe of the table's primary key
 * (owner id, facet, value), or the join that drives the search from its narrowest criterion.
 */
export class FacetFilter<T extends ObjectLiteral> {
  private count = 0;

  constructor(
    private readonly qb: SelectQueryBuilder<T>,
    private readonly table: string,
    private readonly ownerColumn: string,
    /** Distinguishes the aliases of several filters on one query (and its clones). */
    private readonly prefix = "",
  ) {}

  /** Keeps rows that match the group. */
  require(group: FacetGroup): this {
    this.qb.andWhere(this.exists(group));
    return this;
  }

  /** Keeps rows that have at least one of `values` for `facet`; no values: no filter. */
  anyOf(facet: string, values: readonly string[] | null | undefined): this {
    if (!values || values.length === 0) return this;
    return this.require({ facet, values });
  }

  /**
   * The SQL of "matches this group", with its parameters registered: a probe of the primary
   * key for each row. Written as a scalar subquery rather than EXISTS, which MariaDB turns into
   * a semi-join that would drive the search from this group instead of the narrowest one.
   */
  exists(group: FacetGroup): string {
    const alias = `${this.table}_${this.prefix}${this.count++}`;
    return (
      `(SELECT 1 FROM ${this.table} ${alias} WHERE ${alias}.${this.ownerColumn} = ${this.qb.alias}.id ` +
      `AND ${this.condition(alias, group)} LIMIT 1) IS NOT NULL`
    );
  }

  /**
   * Drives the query from the group, most recent first; answers the columns that give that
   * order (newest first). One value without a window: a plain join, read in order from the
   * (facet, value, sortAt) index and stopped by the query's LIMIT. Otherwise a derived table
   * of the group's `cap` most recent rows (several values are grouped first).
   */
  drive(group: FacetGroup, { window }: { window: boolean }, cap = CANDIDATE_CAP): string[] {
    const alias = `${this.table}_${this.prefix}drive`;
    const single = group.prefix === undefined && new Set(group.values).size === 1;
    if (single && !window) {
      this.qb.innerJoin(
        this.table,
        alias,
        `${alias}.${this.ownerColumn} = ${this.qb.alias}.id AND ${this.condition(alias, group)}`,
      );
      return [`${alias}.sortAt`, `${alias}.${this.ownerColumn}`];
    }
    const candidates = single
      ? `(SELECT ${alias}.${this.ownerColumn} AS candidateId, ${alias}.sortAt AS candidateAt FROM ${this.table} ${alias} ` +
        `WHERE ${this.condition(alias, group)} ORDER BY ${alias}.sortAt DESC LIMIT ${Math.floor(cap)})`
      : `(SELECT ${alias}.${this.ownerColumn} AS candidateId, MAX(${alias}.sortAt) AS candidateAt FROM ${this.table} ${alias} ` +
        `WHERE ${this.condition(alias, group)} GROUP BY ${alias}.${this.ownerColumn} ` +
        `ORDER BY candidateAt DESC LIMIT ${Math.floor(cap)})`;
    const candidate = `candidate_${this.prefix}`;
    this.qb.innerJoin(candidates, candidate, `${candidate}.candidateId = ${this.qb.alias}.id`);
    return [`${candidate}.candidateAt`, `${candidate}.candidateId`];
  }

  private condition(alias: string, group: FacetGroup): string {
    this.qb.setParameter(`facet_${alias}`, group.facet);
    if (group.prefix !== undefined) {
      this.qb.setParameter(`prefix_${alias}`, likePrefix(group.prefix));
      return `${alias}.facet = :facet_${alias} AND ${alias}.value LIKE :prefix_${alias}`;
    }
    this.qb.setParameter(`values_${alias}`, [...new Set(group.values)]);
    return `${alias}.facet = :facet_${alias} AND ${alias}.value IN (:...values_${alias})`;
  }
}

/**
 * How many rows match each group, counted up to `cap` from the (facet, value) index: the
 * narrowest group drives the search.
 */
export async function groupSizes(
  dataSource: DataSource,
  table: string,
  ownerColumn: string,
  groups: readonly FacetGroup[],
  cap = CANDIDATE_CAP,
): Promise<number[]> {
  const sizes: number[] = [];
  for (const group of groups) {
    const parameters: unknown[] = [group.facet];
    let condition: string;
    if (group.prefix !== undefined) {
      condition = "value LIKE ?";
      parameters.push(likePrefix(group.prefix));
    } else {
      const values = [...new Set(group.values)];
      condition = `value IN (${values.map(() => "?").join(", ")})`;
      parameters.push(...values);
    }
    const [{ size }] = await dataSource.query(
      `SELECT COUNT(*) AS size FROM (SELECT ${ownerColumn} FROM ${table} WHERE facet = ? AND ${condition} LIMIT ${Math.floor(cap)}) capped`,
      parameters,
    );
    sizes.push(Number(size));
  }
  return sizes;
}

/** Rows for a facet table from a map of facet kind to values (duplicates removed). */
export function facetRows<K extends string, R>(
  values: Record<K, readonly string[]>,
  build: (facet: K, value: string) => R,
): R[] {
  const rows: R[] = [];
  for (const facet of Object.keys(values) as K[]) {
    for (const value of new Set(values[facet])) {
      if (value) rows.push(build(facet, value.slice(0, 150)));
    }
  }
  return rows;
}

/**
 * The word criteria of a query: a word the items use is looked for whole (plurals too: words
 * are indexed in the singular); another, from three letters, as the beginning of a word being
 * typed ("crech" finds "crèche").
 */
export async function wordGroups(
  dataSource: DataSource,
  table: string,
  textQuery: string | null | undefined,
): Promise<FacetGroup[]> {
  const groups: FacetGroup[] = [];
  for (const { word, prefix } of queryWords(textQuery)) {
    const known = await dataSource.query(`SELECT 1 AS known FROM ${table} WHERE facet = 'word' AND value = ? LIMIT 1`, [
      word,
    ]);
    groups.push(known.length > 0 || !prefix ? { facet: "word", values: [word] } : { facet: "word", prefix: word });
  }
  return groups;
}

/**
 * The group a search starts from: the smallest; among groups too large to count (at the cap),
 * one with a single value, which is read in its index's order instead of being grouped first.
 */
export function narrowestGroup(groups: readonly FacetGroup[], sizes: readonly number[]): number {
  const smallest = Math.min(...sizes);
  const candidates = sizes.map((size, index) => (size === smallest ? index : -1)).filter((index) => index >= 0);
  const single = candidates.find(
    (index) => groups[index].prefix === undefined && new Set(groups[index].values).size === 1,
  );
  return single ?? candidates[0];
}
