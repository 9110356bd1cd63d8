import { randomUUID } from "node:crypto";
import { type DataSource, In, Not, type Repository } from "typeorm";
import { ForbiddenError, TooManyRequestsError, ValidationError } from "../../errors";
import { logger } from "../../logger";
import {
  type AlertLinkGrant,
  canAskForAlertsLink,
  canSubscribeToAlert,
  requireAlertLink,
  requireAlertNotEnded,
  requireAlertOfLink,
} from "../../policies/alert.policy";
import type { Viewer } from "../../policies/viewer";
import { ALERT_LIMITS, ALERT_MESSAGES } from "../../shared/alerts-rules";
import { INVALID_EMAIL_MESSAGE, isEmailAddress } from "../../shared/form-rules";
import type { ThrottleService } from "../auth/throttle.service";
import { type Clock, wholeSeconds } from "../common/clock";
import type { Mailer } from "../mail/mailer";
import { alertLabel, alertListPath, type AlertCriteria, criteriaOf, hasSearch } from "./alert-criteria";
import { ALERT_PATHS, type AlertLinkKind, readAlertLink, signAlertLink } from "./alert-links";
import { alertMails } from "./alert-mails";
import {
  AlertDelivery,
  AlertEndReason,
  type AlertList,
  type AlertRhythm,
  AlertStatus,
  SearchAlert,
} from "./alert.entity";
import type { AlertSubscriptionInput, AlertView } from "./alert.types";

const HOUR_MS = 3600_000;

/** The throttle rules of a subscription: per caller (client address) and per e-mail address. */
export const ALERT_THROTTLE = {
  caller: { max: ALERT_LIMITS.subscriptionsPerCaller, windowMs: ALERT_LIMITS.callerWindowMs, blockMs: HOUR_MS },
  address: {
    max: ALERT_LIMITS.confirmationsPerAddress,
    windowMs: ALERT_LIMITS.confirmationWindowMs,
    blockMs: ALERT_LIMITS.confirmationWindowMs,
  },
} as const;

/** A place's name as a label writes it: one line, bounded; null for none. */
const cleanPlaceLabel = (label: string | null | undefined): string | null =>
  label?.trim().replace(/\s+/g, " ").slice(0, ALERT_LIMITS.placeLabelMax) || null;

export const normalisedEmail = (email: string): string => email.trim().toLowerCase();

export const parsedCriteria = (alert: Pick<SearchAlert, "criteria">): AlertCriteria =>
  JSON.parse(alert.criteria) as AlertCriteria;

/** What the family sees of an alert. */
export const alertView = (alert: SearchAlert): AlertView => ({
  id: alert.id,
  list: alert.list,
  label: alert.label,
  rhythm: alert.rhythm,
  status: alert.status,
  createdAt: alert.createdAt,
  confirmedAt: alert.confirmedAt,
  lastSentAt: alert.lastSentAt,
  listPath: alertListPath(alert.list, parsedCriteria(alert), alert.placeLabel),
});

export interface AlertServiceOptions {
  clock: Clock;
  mailer: Mailer;
  throttle: ThrottleService;
  publicUrl: string;
  secret: string;
}

/**
 * « Me prévenir » without an account: the double opt-in, « Mes alertes » through a signed link,
 * leaving in one click. The digests themselves are another module's.
 */
export class AlertService {
  readonly alerts: Repository<SearchAlert>;
  /** The « Mes alertes » link e-mails under way, sent one after the other. */
  private linkMails: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: AlertServiceOptions,
  ) {
    this.alerts = dataSource.getRepository(SearchAlert);
  }

  now(): Date {
    return wholeSeconds(this.options.clock.now());
  }

  /** A full link of the portal for a token. */
  link(kind: AlertLinkKind | "oneClick", subject: string, now = this.now()): string {
    const token = signAlertLink(this.options.secret, kind === "oneClick" ? "stop" : kind, subject, now);
    return `${this.options.publicUrl}${ALERT_PATHS[kind](token)}`;
  }

  /** What a token says, if it is genuine, valid now and of that kind. */
  private grant(token: string, kind: AlertLinkKind): AlertLinkGrant | null {
    return readAlertLink(this.options.secret, token.trim(), kind, this.options.clock.now());
  }

  /** The label an alert on this search would carry, shown before it is asked for; nothing stored. */
  label(
    viewer: Viewer,
    list: AlertList,
    media: AlertSubscriptionInput["media"],
    services: AlertSubscriptionInput["services"],
    placeLabel: string | null,
  ): string {
    if (!canSubscribeToAlert(viewer)) throw new ForbiddenError();
    const criteria = criteriaOf(list, media, services);
    if (!criteria) throw new ValidationError(ALERT_MESSAGES.wrongSearch);
    return alertLabel(list, criteria, cleanPlaceLabel(placeLabel));
  }

  /**
   * A subscription: stored PENDING, and only a confirmation e-mail sent. The answer is the same
   * whatever the address holds; past an address's limits nothing is stored (at most a note to
   * the address that it has too many alerts), and nothing tells the caller.
   */
  async subscribe(viewer: Viewer, input: AlertSubscriptionInput, ip: string): Promise<{ message: string }> {
    if (!canSubscribeToAlert(viewer)) throw new ForbiddenError();
    const email = normalisedEmail(input.email);
    if (!isEmailAddress(email)) throw new ValidationError(INVALID_EMAIL_MESSAGE, { email: INVALID_EMAIL_MESSAGE });
    const list = input.list;
    const criteria = criteriaOf(list, input.media, input.services);
    if (!criteria && (input.media || input.services)) throw new ValidationError(ALERT_MESSAGES.wrongSearch);
    if (!criteria || !hasSearch(criteria)) throw new ValidationError(ALERT_MESSAGES.noSearch);
    const placeLabel = cleanPlaceLabel(input.placeLabel);
    const { throttle } = this.options;
    const callerWait = await throttle.attempt([[`alert:ip:${ip}`, ALERT_THROTTLE.caller]]);
    if (callerWait !== null) throw new TooManyRequestsError(ALERT_MESSAGES.tooManyFromCaller, callerWait);
    const sent = { message: ALERT_MESSAGES.sent };
    if ((await throttle.attempt([[`alert:email:${email}`, ALERT_THROTTLE.address]])) !== null) {
      logger.info("alert.address_throttled");
      return sent;
    }
    const now = this.now();
    const held = await this.alerts.countBy({ email, status: Not(AlertStatus.ENDED) });
    if (held >= ALERT_LIMITS.alertsPerAddress) {
      await this.options.mailer.send({
        to: email,
        ...alertMails.limitReached(this.options.publicUrl, this.link("manage", email, now)),
      });
      return sent;
    }
    const alert = this.alerts.create({
      id: randomUUID(),
      email,
      list,
      criteria: JSON.stringify(criteria),
      label: alertLabel(list, criteria, placeLabel),
      placeLabel: criteria.near ? placeLabel : null,
      rhythm: input.rhythm,
      status: AlertStatus.PENDING,
      createdAt: now,
      confirmedAt: null,
      since: null,
      lastSentAt: null,
      lastOpenedAt: null,
      bounces: 0,
      endedAt: null,
      endReason: null,
    });
    await this.alerts.insert(alert);
    await this.options.mailer.send({
      to: email,
      ...alertMails.confirmation(
        this.options.publicUrl,
        alert,
        this.link("confirm", alert.id, now),
        this.link("manage", email, now),
      ),
    });
    logger.info("alert.subscribed", { alert: alert.id, list });
    return sent;
  }

  /**
   * « Recevoir le lien de mes alertes »: the « Mes alertes » link mailed to the address, if it
   * holds an alert not ended. The answer is the same whatever the address holds; the caller and
   * the address are bounded as for a subscription (the address by a count of its own).
   */
  async sendManageLink(viewer: Viewer, rawEmail: string, ip: string): Promise<{ message: string }> {
    if (!canAskForAlertsLink(viewer)) throw new ForbiddenError();
    const email = normalisedEmail(rawEmail);
    if (!isEmailAddress(email)) throw new ValidationError(INVALID_EMAIL_MESSAGE, { email: INVALID_EMAIL_MESSAGE });
    const { throttle } = this.options;
    const callerWait = await throttle.attempt([[`alert:ip:${ip}`, ALERT_THROTTLE.caller]]);
    if (callerWait !== null) throw new TooManyRequestsError(ALERT_MESSAGES.tooManyFromCaller, callerWait);
    const sent = { message: ALERT_MESSAGES.linkSent };
    if ((await throttle.attempt([[`alert:link:${email}`, ALERT_THROTTLE.address]])) !== null) {
      logger.info("alert.link_throttled");
      return sent;
    }
    if ((await this.alerts.countBy({ email, status: Not(AlertStatus.ENDED) })) === 0) return sent;
    // Not awaited: the answer takes as long whether the address has alerts or not (nothing to
    // learn from its timing either). One after the other, in the order asked.
    const mail = { to: email, ...alertMails.manageLink(this.options.publicUrl, this.link("manage", email)) };
    this.linkMails = this.linkMails.then(() =>
      this.options.mailer.send(mail).then(
        () => logger.info("alert.link_sent"),
        (error: unknown) => logger.warn("alert.link_failed", { error: String(error) }),
      ),
    );
    return sent;
  }

  /** The confirmation link opened: PENDING → ACTIVE, the consent dated. A second press changes nothing. */
  async confirm(token: string): Promise<AlertView> {
    const grant = this.grant(token, "confirm");
    requireAlertLink(grant, "confirm");
    const alert = requireAlertOfLink(grant, await this.alerts.findOneBy({ id: grant!.subject }));
    requireAlertNotEnded(alert);
    const now = this.now();
    if (alert.status === AlertStatus.PENDING) {
      await this.alerts.update(
        { id: alert.id, status: AlertStatus.PENDING },
        { status: AlertStatus.ACTIVE, confirmedAt: now, since: now, lastOpenedAt: now },
      );
    }
    await this.opened(alert.email, now);
    return alertView(await this.alerts.findOneByOrFail({ id: alert.id }));
  }

  /** « Mes alertes »: every alert of the link's address. */
  async ofAddress(token: string): Promise<{ email: string; alerts: AlertView[] }> {
    const email = requireAlertLink(this.grant(token, "manage"), "manage");
    await this.opened(email, this.now());
    const alerts = await this.alerts.find({ where: { email }, order: { createdAt: "DESC", id: "ASC" } });
    return { email, alerts: alerts.map(alertView) };
  }

  /** Another rhythm, a pause or a restart, through « Mes alertes ». */
  async update(token: string, id: string, change: { rhythm?: AlertRhythm | null; paused?: boolean | null }) {
    const grant = this.grant(token, "manage");
    requireAlertLink(grant, "manage");
    const alert = requireAlertOfLink(grant, await this.alerts.findOneBy({ id }));
    requireAlertNotEnded(alert);
    if (!change.rhythm && (change.paused === null || change.paused === undefined)) {
      throw new ValidationError(ALERT_MESSAGES.nothingToChange);
    }
    const set: Partial<SearchAlert> = {};
    if (change.rhythm) set.rhythm = change.rhythm;
    // A pending alert stays pending: only its confirmation starts it.
    if (change.paused === true && alert.status === AlertStatus.ACTIVE) set.status = AlertStatus.PAUSED;
    if (change.paused === false && alert.status === AlertStatus.PAUSED) {
      // Resumed: what is new from now on (a pause is a wish to hear nothing of its time).
      set.status = AlertStatus.ACTIVE;
      set.since = this.now();
    }
    if (Object.keys(set).length > 0) await this.alerts.update({ id }, set);
    await this.opened(alert.email, this.now());
    return alertView(await this.alerts.findOneByOrFail({ id }));
  }

  /** One alert deleted through « Mes alertes », with its deliveries. */
  async delete(token: string, id: string): Promise<boolean> {
    const grant = this.grant(token, "manage");
    requireAlertLink(grant, "manage");
    const alert = requireAlertOfLink(grant, await this.alerts.findOneBy({ id }));
    await this.erase([alert.id]);
    await this.opened(alert.email, this.now());
    return true;
  }

  /** Everything of the link's address erased: its alerts and their deliveries. Returns how many alerts. */
  async eraseAddress(token: string): Promise<number> {
    const email = requireAlertLink(this.grant(token, "manage"), "manage");
    const ids = (await this.alerts.find({ select: { id: true }, where: { email } })).map((alert) => alert.id);
    await this.erase(ids);
    logger.info("alert.address_erased", { alerts: ids.length });
    return ids.length;
  }

  /** « Ne plus recevoir cette alerte » (the page or the one-click POST): ends one alert. */
  async stop(token: string): Promise<AlertView> {
    const grant = this.grant(token, "stop");
    requireAlertLink(grant, "stop");
    const alert = requireAlertOfLink(grant, await this.alerts.findOneBy({ id: grant!.subject }));
    const now = this.now();
    if (alert.status !== AlertStatus.ENDED) {
      await this.alerts.update(
        { id: alert.id, status: Not(AlertStatus.ENDED) },
        { status: AlertStatus.ENDED, endedAt: now, endReason: AlertEndReason.UNSUBSCRIBED, lastOpenedAt: now },
      );
    }
    await this.opened(alert.email, now);
    return alertView(await this.alerts.findOneByOrFail({ id: alert.id }));
  }

  /** A link of the address's e-mails was opened: its alerts are still wanted. */
  private async opened(email: string, now: Date): Promise<void> {
    await this.alerts.update({ email, status: Not(AlertStatus.ENDED) }, { lastOpenedAt: now });
  }

  /** Alerts and their deliveries removed, by batches of ids. */
  async erase(ids: string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += 500) {
      const batch = ids.slice(start, start + 500);
      await this.dataSource.transaction(async (manager) => {
        await manager.getRepository(AlertDelivery).delete({ alertId: In(batch) });
        await manager.getRepository(SearchAlert).delete({ id: In(batch) });
      });
    }
  }
}
