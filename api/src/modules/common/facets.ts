import { type SelectQueryBuilder } from "typeorm";

/**
 * Filters on a facet table (media_facet, service_facet): one EXISTS per filter,
 * each an indexed lookup on (facet, value, owner id).
 */
export class FacetFilter<T extends object> {
  private count = 0;

  constructor(
    private readonly qb: SelectQueryBuilder<T>,
    private readonly table: string,
    private readonly ownerColumn: string,
  ) {}

  /** Keeps rows that have at least one of `values` for `facet`; no values: no filter. */
  anyOf(facet: string | string[], values: readonly string[] | null | undefined): this {
    if (!values || values.length === 0) return this;
    this.qb.andWhere(this.exists(facet, values));
    return this;
  }

  /** The SQL of "has one of these values", with its parameters registered. */
  exists(facet: string | string[], values: readonly string[]): string {
    const n = this.count++;
    const alias = `${this.table}_${n}`;
    const facets = Array.isArray(facet) ? facet : [facet];
    this.qb.setParameter(`facet_${alias}`, facets);
    this.qb.setParameter(`values_${alias}`, [...new Set(values)]);
    return (
      `EXISTS (SELECT 1 FROM ${this.table} ${alias} WHERE ${alias}.${this.ownerColumn} = ${this.qb.alias}.id ` +
      `AND ${alias}.facet IN (:...facet_${alias}) AND ${alias}.value IN (:...values_${alias}))`
    );
  }
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
