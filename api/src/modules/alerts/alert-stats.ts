import { type DataSource, In, MoreThan } from "typeorm";
import { requireAlertStatsReader } from "../../policies/alert.policy";
import { ANONYMOUS, type Viewer } from "../../policies/viewer";
import type { MediaService } from "../media/media.service";
import type { SheetService } from "../sheets/sheet.service";
import { alertListPath, searchInputOf } from "./alert-criteria";
import { type AlertList, AlertStatus, SearchAlert } from "./alert.entity";
import type { AlertCount, AlertStats, EmptyAlertSearch } from "./alert.types";

/** The most followed searches run for the statistics: bounded work, whatever the number of alerts. */
export const STATS_SEARCHES_MAX = 100;
/** Active alerts read to group them by search. */
const STATS_ROWS_MAX = 50_000;
const ROWS_BATCH = 1000;
export const NO_PLACE = "Sans lieu";

/**
 * The team's view of the alerts (administrators): how many by list and by place, and the
 * followed searches that find nothing today. Never an address.
 */
export async function alertStats(
  dataSource: DataSource,
  reads: { media: Pick<MediaService, "search">; sheets: Pick<SheetService, "search"> },
  viewer: Viewer,
): Promise<AlertStats> {
  requireAlertStatsReader(viewer);
  const alerts = dataSource.getRepository(SearchAlert);
  const counted = async (column: "list" | "placeLabel"): Promise<AlertCount[]> => {
    const rows: Array<{ key: string | null; status: string; count: string | number }> = await alerts
      .createQueryBuilder("a")
      .select(`a.${column}`, "key")
      .addSelect("a.status", "status")
      .addSelect("COUNT(*)", "count")
      .where({ status: In([AlertStatus.ACTIVE, AlertStatus.PENDING]) })
      .groupBy(`a.${column}`)
      .addGroupBy("a.status")
      .getRawMany();
    const byKey = new Map<string, AlertCount>();
    for (const row of rows) {
      const key = row.key ?? NO_PLACE;
      const count = byKey.get(key) ?? { key, active: 0, pending: 0 };
      if (row.status === AlertStatus.ACTIVE) count.active += Number(row.count);
      else count.pending += Number(row.count);
      byKey.set(key, count);
    }
    return [...byKey.values()].sort((a, b) => b.active - a.active || b.pending - a.pending || (a.key < b.key ? -1 : 1));
  };

  // Grouped here rather than by the database: criteria are long texts, which MySQL groups by
  // their first bytes only.
  const searches = new Map<
    string,
    { list: AlertList; criteria: string; label: string; placeLabel: string | null; subscribers: number }
  >();
  let lastId = "";
  for (let read = 0; read < STATS_ROWS_MAX; read += ROWS_BATCH) {
    const batch = await alerts.find({
      select: { id: true, list: true, criteria: true, label: true, placeLabel: true },
      where: { status: AlertStatus.ACTIVE, id: MoreThan(lastId) },
      order: { id: "ASC" },
      take: ROWS_BATCH,
    });
    for (const alert of batch) {
      const key = `${alert.list}\n${alert.criteria}`;
      const search = searches.get(key) ?? { ...alert, subscribers: 0 };
      search.subscribers += 1;
      searches.set(key, search);
    }
    if (batch.length < ROWS_BATCH) break;
    lastId = batch[batch.length - 1].id;
  }
  const followed = [...searches.values()]
    .sort((a, b) => b.subscribers - a.subscribers || (a.label < b.label ? -1 : 1))
    .slice(0, STATS_SEARCHES_MAX);
  const emptySearches: EmptyAlertSearch[] = [];
  for (const search of followed) {
    const criteria = JSON.parse(search.criteria);
    const input = searchInputOf(search.list, criteria, 1);
    // As a visitor sees the list: what the family's e-mails would find.
    const page = input.media
      ? await reads.media.search(ANONYMOUS, input.media)
      : await reads.sheets.search(input.services!);
    if (page.count === 0) {
      emptySearches.push({
        list: search.list,
        label: search.label,
        listPath: alertListPath(search.list, criteria, search.placeLabel),
        subscribers: search.subscribers,
      });
    }
  }
  return {
    byList: await counted("list"),
    byPlace: await counted("placeLabel"),
    emptySearches,
    searchesChecked: followed.length,
  };
}
