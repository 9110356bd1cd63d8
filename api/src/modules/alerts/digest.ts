import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import { type DataSource, In } from "typeorm";
import { logger } from "../../logger";
import { publicMediaCriteria } from "../../policies/media.policy";
import { publicSheetCriteria } from "../../policies/sheet.policy";
import { parisDay } from "../../shared/rules";
import { type Clock, wholeSeconds } from "../common/clock";
import { dateParameter } from "../common/search-page";
import type { GeoService } from "../geo/geo.service";
import type { Job } from "../jobs/job-runner";
import type { Mailer } from "../mail/mailer";
import { Media } from "../media/media.entity";
import { Sheet } from "../sheets/sheet.entity";
import { AlertDelivery, AlertEndReason, AlertList, AlertRhythm, AlertStatus, SearchAlert } from "./alert.entity";
import { ALERT_PATHS, signAlertLink } from "./alert-links";
import { type AlertCriteria, alertListPath } from "./alert-criteria";
import { type DigestItem, digestMail, orderItems } from "./digest-mail";
import {
  compileCriteria,
  matchMedia,
  matchSheet,
  type MediaCandidate,
  mediaCandidate,
  type SheetCandidate,
  sheetCandidate,
  wholeWords,
} from "./digest-match";

/** Alerts read at a time (keyset by id): each batch reads its candidates in one query per kind. */
export const DIGEST_BATCH = 500;

/** Refusals in a row after which an address is given up (the alert ends, BOUNCED). */
export const MAX_BOUNCES = 3;

/** The period an alert's digest belongs to: the Paris day (DAILY) or the ISO week (WEEKLY, « 2026-W48 »). */
export function digestPeriod(rhythm: AlertRhythm, now: Date): string {
  if (rhythm === AlertRhythm.DAILY) return parisDay(now);
  return DateTime.fromJSDate(now).setZone("Europe/Paris").toFormat("kkkk-'W'WW");
}

export interface DigestRun {
  /** Alerts due read (active, their period not yet claimed). */
  alerts: number;
  /** Alerts with something new. */
  withNews: number;
  /** Periods this instance claimed (another instance took the rest). */
  claimed: number;
  sent: number;
  bounced: number;
}

export interface DigestOptions {
  clock: Clock;
  mailer: Mailer;
  geo: GeoService;
  publicUrl: string;
  /** The server's secret (the alerts' links are signed with it). */
  secret: string;
  /** This instance, as the claims name it. */
  instanceId: string;
  batchSize?: number;
}

/** Columns of the candidates left unread: long texts the digest does not show (their words are in searchText). */
const MEDIA_COLUMNS = (dataSource: DataSource) =>
  dataSource
    .getMetadata(Media)
    .columns.map((column) => column.propertyName)
    .filter((name) => name !== "article");
const SHEET_COLUMNS = (dataSource: DataSource) =>
  dataSource
    .getMetadata(Sheet)
    .columns.map((column) => column.propertyName)
    .filter((name) => name !== "description");

/** The alert's list with its search (« voir la liste »); the bare list if its criteria cannot be read. */
function listPathOf(alert: SearchAlert): string {
  try {
    return alertListPath(alert.list, JSON.parse(alert.criteria) as AlertCriteria, alert.placeLabel);
  } catch {
    return alertListPath(alert.list, {});
  }
}

/** Whether a send failed because the recipient's server refused the address for good (5xx on RCPT). */
const isPermanentRefusal = (error: unknown) => {
  const { responseCode, command, code } = error as { responseCode?: number; command?: string; code?: string };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === "EENVELOPE" || /RCPT/i.test(command ?? ""))
  );
};

/** Whether a send failed before any message could leave (the mail server unreachable, or a 4xx on the envelope). */
const isNotSent = (error: unknown) => {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  return code === "ECONNECTION" || (typeof responseCode === "number" && responseCode >= 400 && responseCode < 500);
};

/**
 * The digests of « Me prévenir »: for each active alert whose period (Paris day or ISO week) has
 * no digest yet, what was published (articles, upcoming events, public) or given places (sheets)
 * since its `since`, matched as its list searches, in one e-mail.
 *
 * Exactly once per period, with any number of instances and any crash:
 * 1. the alert's (alertId, period) row is claimed in alert_delivery BEFORE the e-mail leaves (the
 *    unique key: a batch INSERT … IGNORE, then the rows read back by the ids this run drew: only
 *    those are this instance's); an instance that lost the claim sends nothing;
 * 2. the e-mail is sent; 3. sentAt is recorded and the alert's `since` moved to this run's instant.
 * A claimed period is never sent again, even if the instance died between 2 and 3 (its claim stays,
 * sentAt null). Nothing is lost: `since` moves only once a digest is recorded sent, so the items
 * of a period claimed but not recorded come again in the next period's digest. Alerts with nothing
 * new are not claimed (checked before claiming), so their period stays open for later runs.
 * Windows are [since, now), `now` the run's whole second: an item given in that second comes in the
 * next window, never in none (dates are kept to the second on MariaDB), nor in two.
 */
export class DigestService {
  private readonly batchSize: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: DigestOptions,
  ) {
    this.batchSize = options.batchSize ?? DIGEST_BATCH;
  }

  async run(at: Date = this.options.clock.now()): Promise<DigestRun> {
    const now = wholeSeconds(at);
    const periods = { day: digestPeriod(AlertRhythm.DAILY, now), week: digestPeriod(AlertRhythm.WEEKLY, now) };
    const total: DigestRun = { alerts: 0, withNews: 0, claimed: 0, sent: 0, bounced: 0 };
    let after = "";
    for (;;) {
      const alerts = await this.dueAlerts(after, periods);
      if (alerts.length === 0) break;
      after = alerts[alerts.length - 1].id;
      const outcome = await this.runBatch(alerts, now, periods);
      for (const key of Object.keys(total) as Array<keyof DigestRun>) total[key] += outcome[key];
      if (alerts.length < this.batchSize) break;
    }
    if (total.sent + total.bounced > 0) logger.info("alert_digests.sent", { ...total });
    return total;
  }

  /** The next batch of active alerts whose period has no claim yet, by id. */
  private dueAlerts(after: string, periods: { day: string; week: string }): Promise<SearchAlert[]> {
    return this.dataSource
      .getRepository(SearchAlert)
      .createQueryBuilder("a")
      .where("a.status = :active AND a.id > :after", { active: AlertStatus.ACTIVE, after })
      .andWhere(
        "NOT EXISTS (SELECT 1 FROM alert_delivery d WHERE d.alertId = a.id AND d.period = " +
          "CASE WHEN a.rhythm = :daily THEN :day ELSE :week END)",
        { daily: AlertRhythm.DAILY, ...periods },
      )
      .orderBy("a.id", "ASC")
      .limit(this.batchSize)
      .getMany();
  }

  private async runBatch(alerts: SearchAlert[], now: Date, periods: { day: string; week: string }): Promise<DigestRun> {
    const sinceOf = (alert: SearchAlert) => alert.since ?? alert.confirmedAt ?? alert.createdAt;
    const oldest = (list: SearchAlert[]) =>
      list.length === 0 ? null : new Date(Math.min(...list.map((alert) => sinceOf(alert).getTime())));
    const mediaSince = oldest(alerts.filter((alert) => alert.list !== AlertList.SERVICES));
    const sheetSince = oldest(alerts.filter((alert) => alert.list === AlertList.SERVICES));
    const media = mediaSince ? await this.newMedia(mediaSince, now) : [];
    const sheets = sheetSince ? await this.newSheets(sheetSince, now) : [];
    const whole = wholeWords([...media, ...sheets]);

    const digests: Array<{ alert: SearchAlert; items: DigestItem[] }> = [];
    // Read, nothing new in their window: it is closed, and the next run starts from now.
    const quiet: string[] = [];
    for (const alert of alerts) {
      const since = sinceOf(alert);
      const criteria = await compileCriteria(alert.list, alert.criteria, this.options.geo, now).catch(
        (error: unknown) => {
          // One alert's criteria that cannot be read never stop the others' digests.
          logger.warn("alert_digest.criteria_unreadable", { alertId: alert.id, error: String(error) });
          return null;
        },
      );
      if (!criteria) continue;
      const items: DigestItem[] = [];
      if (alert.list === AlertList.SERVICES) {
        for (const candidate of sheets) {
          const fresh = candidate.createdAt >= since;
          const placesGiven = !fresh && candidate.placesGivenAt !== null && candidate.placesGivenAt >= since;
          if (!fresh && !placesGiven) continue;
          const match = matchSheet(criteria, candidate, whole);
          if (match) items.push({ kind: "sheet", sheet: candidate.sheet, distanceKm: match.distanceKm, placesGiven });
        }
      } else {
        for (const candidate of media) {
          if (candidate.media.createdAt < since) continue;
          const match = matchMedia(criteria, candidate, whole);
          if (match) items.push({ kind: "media", media: candidate.media, distanceKm: match.distanceKm });
        }
      }
      if (items.length > 0) digests.push({ alert, items: orderItems(items) });
      else quiet.push(alert.id);
    }
    // One statement per batch: an alert that matches nothing for months would otherwise make
    // every run read everything published since it was confirmed.
    if (quiet.length > 0) {
      await this.dataSource
        .getRepository(SearchAlert)
        .createQueryBuilder()
        .update()
        .set({ since: now })
        .where({ id: In(quiet), status: AlertStatus.ACTIVE })
        .andWhere("(since IS NULL OR since < :now)", { now: dateParameter(this.dataSource, now) })
        .execute();
    }

    const outcome: DigestRun = { alerts: alerts.length, withNews: digests.length, claimed: 0, sent: 0, bounced: 0 };
    const claimed = await this.stillActive(await this.claim(digests, now, periods));
    outcome.claimed = claimed.size;
    for (const digest of digests) {
      const deliveryId = claimed.get(digest.alert.id);
      if (!deliveryId) continue;
      const result = await this.send(digest.alert, digest.items, deliveryId, now);
      if (result === "sent") outcome.sent += 1;
      if (result === "bounced") outcome.bounced += 1;
    }
    return outcome;
  }

  /** Published public articles and upcoming events of the window [since, now), without their bodies. */
  private async newMedia(since: Date, now: Date): Promise<MediaCandidate[]> {
    const rows = await this.dataSource
      .getRepository(Media)
      .createQueryBuilder("m")
      .select(MEDIA_COLUMNS(this.dataSource).map((name) => `m.${name}`))
      .where("m.createdAt >= :since AND m.createdAt < :now", {
        since: dateParameter(this.dataSource, since),
        now: dateParameter(this.dataSource, now),
      })
      .andWhere(publicMediaCriteria("m"))
      .andWhere("(m.eventEnd IS NULL OR m.eventEnd >= :now)")
      .getMany();
    return rows.map((row) => mediaCandidate(Object.assign(row, { article: "" })));
  }

  /** Sheets created, or given places, in the window [since, now). */
  private async newSheets(since: Date, now: Date): Promise<SheetCandidate[]> {
    const window = { since: dateParameter(this.dataSource, since), now: dateParameter(this.dataSource, now) };
    const rows = await this.dataSource
      .getRepository(Sheet)
      .createQueryBuilder("s")
      .select(SHEET_COLUMNS(this.dataSource).map((name) => `s.${name}`))
      .where(
        "((s.createdAt >= :since AND s.createdAt < :now) OR " +
          "(s.availabilityGivenAt >= :since AND s.availabilityGivenAt < :now))",
        window,
      )
      .andWhere(publicSheetCriteria("s"))
      .getMany();
    return rows.map((row) => sheetCandidate(Object.assign(row, { description: null })));
  }

  /**
   * Claims the periods of these digests: one multi-row INSERT … IGNORE a chunk (the unique key
   * (alertId, period) refuses a period already claimed, by this instance or another), then the
   * rows read back by the ids drawn here: those that exist are this run's. Alert id → delivery id.
   */
  /**
   * The claims whose alert is still active once claimed (one read per batch): one paused, stopped
   * or erased since the batch was read is not mailed, and its claim is released.
   */
  private async stillActive(claimed: Map<string, string>): Promise<Map<string, string>> {
    if (claimed.size === 0) return claimed;
    const active = await this.dataSource.getRepository(SearchAlert).find({
      select: { id: true },
      where: { id: In([...claimed.keys()]), status: AlertStatus.ACTIVE },
    });
    const kept = new Set(active.map((alert) => alert.id));
    const dropped = [...claimed].filter(([alertId]) => !kept.has(alertId)).map(([, deliveryId]) => deliveryId);
    if (dropped.length > 0) await this.dataSource.getRepository(AlertDelivery).delete({ id: In(dropped) });
    return new Map([...claimed].filter(([alertId]) => kept.has(alertId)));
  }

  private async claim(
    digests: ReadonlyArray<{ alert: SearchAlert; items: DigestItem[] }>,
    now: Date,
    periods: { day: string; week: string },
  ): Promise<Map<string, string>> {
    const claimed = new Map<string, string>();
    if (digests.length === 0) return claimed;
    const rows = digests.map(({ alert, items }) => ({
      id: randomUUID(),
      alertId: alert.id,
      period: alert.rhythm === AlertRhythm.DAILY ? periods.day : periods.week,
      claimedBy: this.options.instanceId.slice(0, 64),
      claimedAt: now,
      sentAt: null,
      itemCount: items.length,
    }));
    const deliveries = this.dataSource.getRepository(AlertDelivery);
    await deliveries.createQueryBuilder().insert().values(rows).orIgnore().updateEntity(false).execute();
    const mine = await deliveries.find({ select: { id: true }, where: { id: In(rows.map((row) => row.id)) } });
    const ids = new Set(mine.map((row) => row.id));
    for (const row of rows) if (ids.has(row.id)) claimed.set(row.alertId, row.id);
    return claimed;
  }

  /** Sends one claimed digest and records what became of it. */
  private async send(
    alert: SearchAlert,
    items: DigestItem[],
    deliveryId: string,
    now: Date,
  ): Promise<"sent" | "bounced" | "retry"> {
    const { publicUrl, secret } = this.options;
    const stop = signAlertLink(secret, "stop", alert.id, now);
    const mail = digestMail({
      publicUrl,
      label: alert.label,
      listPath: listPathOf(alert),
      items,
      now,
      stopLink: `${publicUrl}${ALERT_PATHS.stop(stop)}`,
      oneClickLink: `${publicUrl}${ALERT_PATHS.oneClick(stop)}`,
      manageLink: `${publicUrl}${ALERT_PATHS.manage(signAlertLink(secret, "manage", alert.email, now))}`,
    });
    const alerts = this.dataSource.getRepository(SearchAlert);
    try {
      await this.options.mailer.send({ to: alert.email, ...mail });
    } catch (error) {
      if (isPermanentRefusal(error)) {
        // The period stays claimed (not sent again); `since` stays: nothing is lost if the address works again.
        const bounces = alert.bounces + 1;
        await alerts.update(
          { id: alert.id },
          bounces >= MAX_BOUNCES
            ? { bounces, status: AlertStatus.ENDED, endReason: AlertEndReason.BOUNCED, endedAt: now }
            : { bounces },
        );
        logger.warn("alert_digest.refused", { alertId: alert.id, bounces });
        return "bounced";
      }
      if (isNotSent(error)) {
        // Surely not sent: the claim is released, a later run tries again.
        await this.dataSource.getRepository(AlertDelivery).delete({ id: deliveryId });
        if ((error as { code?: string }).code === "ECONNECTION") throw error;
        return "retry";
      }
      // Unknown outcome (the message may have left): the claim stays, the run stops.
      throw error;
    }
    await this.dataSource.getRepository(AlertDelivery).update({ id: deliveryId }, { sentAt: now });
    await alerts.update({ id: alert.id }, { since: now, lastSentAt: now, bounces: 0 });
    return "sent";
  }
}

/** The digests as a background job (JobRunner): looked for every `everyMs`; periods keep it to one e-mail a day or a week. */
export const alertDigestJob = (digests: DigestService, everyMs: number): Job => ({
  name: "alert-digests",
  everyMs,
  // A long run is taken over after this; the claims keep each period to one e-mail even then.
  leaseMs: 30 * 60_000,
  run: async (now) => {
    await digests.run(now);
  },
});
