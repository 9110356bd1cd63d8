import { type DataSource } from "typeorm";
import { OPEN_DATA_FIELDS, type OpenDataSheet } from "../open-data/data-inclusion";
import { Sheet } from "../sheets/sheet.entity";
import { type OpenDataPlan, planOpenDataExport } from "./plans";

/** Rows read per query while an export is written. */
export const OPEN_DATA_BATCH = 500;

/** Every sheet of the open data export, in batches, and the plan that reads them. */
export function openDataBatches(dataSource: DataSource): {
  plan: OpenDataPlan;
  batches: AsyncGenerator<OpenDataSheet[]>;
} {
  const plan = planOpenDataExport();
  return { plan, batches: runOpenDataPlan(dataSource, plan) };
}

/**
 * The executor of `keyset-by-id`: the sheets in id order, a batch at a time (keyset: each query
 * starts after the last id), so that 100,000 sheets never sit in memory together.
 */
export async function* runOpenDataPlan(
  dataSource: DataSource,
  _plan: OpenDataPlan,
  batch = OPEN_DATA_BATCH,
): AsyncGenerator<OpenDataSheet[]> {
  const repository = dataSource.getRepository(Sheet);
  let after: string | null = null;
  for (;;) {
    const query = repository
      .createQueryBuilder("s")
      .select(OPEN_DATA_FIELDS.map((field) => `s.${field}`))
      .orderBy("s.id", "ASC")
      .limit(batch);
    if (after !== null) query.where("s.id > :after", { after });
    const rows = await query.getMany();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}
