import { type DataSource, type EntityTarget, type ObjectLiteral } from "typeorm";
import { type ColumnMetadata } from "typeorm/metadata/ColumnMetadata";

/** Statements kept per reader (selections × numbers of ids): past it, the reader starts afresh. */
const STATEMENTS_KEPT = 500;

/**
 * What GraphQL fields computed from columns read (an entity's getters, field resolvers): the
 * columns each needs. A field that is a column reads itself; `__typename` reads nothing.
 */
export type ComputedFields<T> = Readonly<Record<string, readonly (keyof T & string)[]>>;

/**
 * Reads rows of one entity by id, in one statement, and builds the entities with the driver's own
 * conversions (dates, JSON, booleans, column transformers: what `find` gives on either engine),
 * without the query builder and its result transformer. The pages of a search and the detail
 * pages read their rows here: for a page of 15 cards, `find` spent about 0.4 ms of CPU building
 * its statement and entities, and a GraphQL search allocated 715 KB instead of 569 KB (see
 * docs/decisions.md).
 *
 * A reader reads every column of the entity but those it is told to leave out (search texts,
 * derived columns), or only those a selection of GraphQL fields needs (`columnsFor`): a list's
 * cards read what they show. It keeps its statements, one per selection and number of ids.
 */
export class RowsById<T extends ObjectLiteral> {
  private readonly columns: readonly ColumnMetadata[];
  private readonly properties: ReadonlySet<string>;
  private readonly idProperty: string;
  private readonly create: () => T;
  private readonly table: string;
  private readonly idColumn: string;
  private readonly statements = new Map<string, { sql: string; columns: readonly ColumnMetadata[] }>();

  constructor(
    private readonly dataSource: DataSource,
    target: EntityTarget<T>,
    { except = [] }: { except?: readonly (keyof T & string)[] } = {},
  ) {
    const metadata = dataSource.getMetadata(target);
    const escape = (name: string) => dataSource.driver.escape(name);
    for (const property of except) {
      if (!metadata.findColumnWithPropertyName(property))
        throw new Error(`${metadata.name} n'a pas de colonne ${property}`);
    }
    this.columns = metadata.columns.filter(
      (column) => !column.isVirtual && !except.includes(column.propertyName as keyof T & string),
    );
    if (metadata.primaryColumns.length !== 1) throw new Error(`${metadata.name} : une seule clé primaire attendue`);
    this.properties = new Set(this.columns.map((column) => column.propertyName));
    this.idProperty = metadata.primaryColumns[0].propertyName;
    this.idColumn = escape(metadata.primaryColumns[0].databaseName);
    this.table = escape(metadata.tableName);
    // As TypeORM builds an entity it reads: its prototype, without running the constructor.
    this.create = () => metadata.create(undefined, { fromDeserializer: true }) as T;
  }

  /**
   * The columns a selection of GraphQL fields needs (with the id), or null (every column) when a
   * field is neither a column of this reader nor listed in `computed`: a field nobody listed
   * still gets what it needs.
   */
  columnsFor(fields: Iterable<string>, computed: ComputedFields<T>): Set<string> | null {
    const columns = new Set<string>([this.idProperty]);
    for (const field of fields) {
      const needs = Object.hasOwn(computed, field) ? computed[field] : this.properties.has(field) ? [field] : null;
      if (!needs) return null;
      for (const column of needs) columns.add(column);
    }
    return columns;
  }

  /**
   * The entities with these ids, in no particular order (unknown ids are left out), with every
   * column of the reader or, given `only`, those of them only.
   */
  async read(ids: readonly string[], only: ReadonlySet<string> | null = null): Promise<T[]> {
    if (ids.length === 0) return [];
    const { sql, columns } = this.statement(ids.length, only);
    const rows: Record<string, unknown>[] = await this.dataSource.query(sql, [...ids]);
    const driver = this.dataSource.driver;
    return rows.map((row) => {
      const entity = this.create();
      for (const column of columns) {
        const value = row[column.databaseName];
        if (value !== undefined) column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
      }
      return entity;
    });
  }

  private statement(count: number, only: ReadonlySet<string> | null) {
    const columns = only ? this.columns.filter((column) => only.has(column.propertyName)) : this.columns;
    const key = `${count}:${only ? columns.map((column) => column.propertyName).join(",") : "*"}`;
    let statement = this.statements.get(key);
    if (!statement) {
      const escape = (name: string) => this.dataSource.driver.escape(name);
      const where =
        count === 1 ? `${this.idColumn} = ?` : `${this.idColumn} IN (${new Array(count).fill("?").join(", ")})`;
      const select = columns.map((column) => escape(column.databaseName)).join(", ");
      statement = { sql: `SELECT ${select} FROM ${this.table} WHERE ${where}`, columns };
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      this.statements.set(key, statement);
    }
    return statement;
  }
}
