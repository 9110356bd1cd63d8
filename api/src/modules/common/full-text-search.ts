import { type DataSource, type ObjectLiteral, type SelectQueryBuilder } from "typeorm";
import { isMysql } from "../../db/column-types";
import { searchWords } from "./text-normalization";

/** InnoDB's FULLTEXT index leaves out words shorter than this (innodb_ft_min_token_size). */
const MYSQL_MIN_TOKEN = 3;

/**
 * Accent- and case-insensitive text search on a table's normalised `searchText`
 * column, through the engine's text index: MySQL FULLTEXT in boolean mode, or
 * the SQLite FTS5 table kept in step by triggers (see the FullTextSearch migration).
 * Every word must match, as a prefix ("crech" finds "crèche").
 */
export function applyTextSearch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  table: "media" | "service",
  query: string | null | undefined,
): void {
  const words = searchWords(query);
  if (words.length === 0) return;
  const alias = qb.alias;
  if (isMysql()) {
    const indexed = words.filter((word) => word.length >= MYSQL_MIN_TOKEN);
    if (indexed.length > 0) {
      qb.andWhere(`MATCH(${alias}.searchText) AGAINST (:fulltext IN BOOLEAN MODE)`, {
        fulltext: indexed.map((word) => `+${word}*`).join(" "),
      });
    }
    // Words too short for the index narrow the (already indexed) matches.
    words
      .filter((word) => word.length < MYSQL_MIN_TOKEN)
      .forEach((word, index) =>
        qb.andWhere(`${alias}.searchText LIKE :short${index}`, { [`short${index}`]: `%${word}%` }),
      );
    return;
  }
  qb.andWhere(`${alias}.rowid IN (SELECT rowid FROM ${table}_fts WHERE ${table}_fts MATCH :fts)`, {
    fts: words.map((word) => `"${word}"*`).join(" "),
  });
}

/** A date as a query parameter: SQLite compares TypeORM's UTC text form, MySQL takes the Date. */
export function dateParameter(dataSource: DataSource, date: Date): Date | string {
  if (dataSource.options.type !== "better-sqlite3") return date;
  return date.toISOString().replace("T", " ").replace("Z", "");
}
