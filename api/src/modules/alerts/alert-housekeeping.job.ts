import { DateTime } from "luxon";
import { In, LessThan, type Repository } from "typeorm";
import { logger } from "../../logger";
import { ALERT_RETENTION } from "../../shared/alerts-rules";
import { PARIS_ZONE } from "../../shared/rules";
import type { Job } from "../jobs/job-runner";
import { alertMails } from "./alert-mails";
import { AlertEndReason, AlertStatus, type SearchAlert } from "./alert.entity";
import { alertListPath } from "./alert-criteria";
import { type AlertService, parsedCriteria } from "./alert.service";
import type { Mailer } from "../mail/mailer";

const DAY_MS = 86_400_000;
/** Rows a run handles of each kind, by batches: a backlog is worked off over the next days. */
export const HOUSEKEEPING_BATCH = 200;
export const HOUSEKEEPING_BATCHES_MAX = 10;

/**
 * The daily care of the alerts' data: unconfirmed alerts erased after 7 days; alerts none of
 * whose links was opened for 12 months ended (INACTIVE) with a last notice; ended alerts erased
 * 30 days after they ended (the address leaves with them).
 */
export const alertHousekeepingJob = (alerts: AlertService, mailer: Mailer, publicUrl: string): Job => ({
  name: "alert-housekeeping",
  everyMs: DAY_MS,
  run: async (now) => {
    await housekeepAlerts(alerts, mailer, publicUrl, now);
  },
});

export async function housekeepAlerts(
  service: AlertService,
  mailer: Mailer,
  publicUrl: string,
  now: Date,
): Promise<{ erased: number; ended: number }> {
  const alerts: Repository<SearchAlert> = service.alerts;
  let erased = 0;
  const eraseWhere = async (where: object) => {
    for (let batch = 0; batch < HOUSEKEEPING_BATCHES_MAX; batch++) {
      const ids = (
        await alerts.find({ select: { id: true }, where, order: { id: "ASC" }, take: HOUSEKEEPING_BATCH })
      ).map((alert) => alert.id);
      await service.erase(ids);
      erased += ids.length;
      if (ids.length < HOUSEKEEPING_BATCH) break;
    }
  };
  await eraseWhere({
    status: AlertStatus.PENDING,
    createdAt: LessThan(new Date(now.getTime() - ALERT_RETENTION.pendingDays * DAY_MS)),
  });
  await eraseWhere({
    status: AlertStatus.ENDED,
    endedAt: LessThan(new Date(now.getTime() - ALERT_RETENTION.endedDays * DAY_MS)),
  });

  const before = DateTime.fromJSDate(now)
    .setZone(PARIS_ZONE)
    .minus({ months: ALERT_RETENTION.inactiveMonths })
    .toJSDate();
  let ended = 0;
  for (let batch = 0; batch < HOUSEKEEPING_BATCHES_MAX; batch++) {
    const idle = await alerts
      .createQueryBuilder("a")
      .where({ status: In([AlertStatus.ACTIVE, AlertStatus.PAUSED]) })
      .andWhere("COALESCE(a.lastOpenedAt, a.confirmedAt) < :before", { before })
      .orderBy("a.id", "ASC")
      .take(HOUSEKEEPING_BATCH)
      .getMany();
    for (const alert of idle) {
      // One conditional UPDATE: another instance, or a link opened meanwhile, wins.
      const result = await alerts
        .createQueryBuilder()
        .update()
        .set({ status: AlertStatus.ENDED, endedAt: now, endReason: AlertEndReason.INACTIVE })
        .where({ id: alert.id, status: In([AlertStatus.ACTIVE, AlertStatus.PAUSED]) })
        .andWhere("COALESCE(lastOpenedAt, confirmedAt) < :before", { before })
        .execute();
      if (result.affected !== 1) continue;
      ended++;
      try {
        await mailer.send({
          to: alert.email,
          ...alertMails.endedInactive(publicUrl, {
            label: alert.label,
            listPath: alertListPath(alert.list, parsedCriteria(alert), alert.placeLabel),
          }),
        });
      } catch (error) {
        logger.warn("alert.last_notice_failed", { alert: alert.id, error: String(error) });
      }
    }
    if (idle.length < HOUSEKEEPING_BATCH) break;
  }
  if (erased || ended) logger.info("alert.housekeeping", { erased, ended });
  return { erased, ended };
}
