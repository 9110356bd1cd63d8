import { type DataSource } from "typeorm";

/** Tables whose statistics the query planner relies on for the searches. */
const SEARCHED_TABLES = ["media", "media_facet", "service", "service_facet", "users", "town"];

/** Refreshes the planner's statistics (after a bulk load): ANALYZE on both engines. */
export async function refreshStatistics(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type === "better-sqlite3") {
    await dataSource.query("ANALYZE");
    return;
  }
  await dataSource.query(`ANALYZE TABLE ${SEARCHED_TABLES.join(", ")}`);
}
