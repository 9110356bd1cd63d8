import { type DataSource, type Logger } from "typeorm";

/** How many SQL statements `run` makes the portal send (its data source's logger counts them). */
export async function countStatements(dataSource: DataSource, run: () => Promise<void>): Promise<number> {
  let statements = 0;
  const counter: Logger = {
    logQuery: () => void statements++,
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const original = dataSource.logger;
  (dataSource as { logger: Logger }).logger = counter;
  try {
    await run();
  } finally {
    (dataSource as { logger: Logger }).logger = original;
  }
  return statements;
}
