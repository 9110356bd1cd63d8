import { type DataSource, type Logger } from "typeorm";

export interface RecordedStatement {
  query: string;
  parameters: unknown[];
}

/** The SQL statements `run` makes the portal send, with their parameters (the data source's logger). */
export async function recordStatements(dataSource: DataSource, run: () => Promise<void>): Promise<RecordedStatement[]> {
  const statements: RecordedStatement[] = [];
  const recorder: Logger = {
    logQuery: (query, parameters) => void statements.push({ query, parameters: (parameters as unknown[]) ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const original = dataSource.logger;
  (dataSource as { logger: Logger }).logger = recorder;
  try {
    await run();
  } finally {
    (dataSource as { logger: Logger }).logger = original;
  }
  return statements;
}

/** How many SQL statements `run` makes the portal send. */
export async function countStatements(dataSource: DataSource, run: () => Promise<void>): Promise<number> {
  return (await recordStatements(dataSource, run)).length;
}
