import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** Which list an alert watches: the same lists, the same search input as the portal's pages. */
export enum AlertList {
  /** /actualites (news and events together, MediaSearchInput). */
  NEWS = "NEWS",
  /** /actualites?category=EVENT (events, MediaSearchInput with the EVENT category). */
  EVENTS = "EVENTS",
  /** /ressources (MediaSearchInput). */
  RESOURCES = "RESOURCES",
  /** /services (ServiceSearchInput). */
  SERVICES = "SERVICES",
}

/** How often: « dès qu'il y a du nouveau » (at most one e-mail a day) or « une fois par semaine ». */
export enum AlertRhythm {
  DAILY = "DAILY",
  WEEKLY = "WEEKLY",
}

/** PENDING until the confirmation link is opened; PAUSED by its owner; ENDED with a reason, kept for the last notice. */
export enum AlertStatus {
  PENDING = "PENDING",
  ACTIVE = "ACTIVE",
  PAUSED = "PAUSED",
  ENDED = "ENDED",
}

/** Why an alert ended. */
export enum AlertEndReason {
  UNSUBSCRIBED = "UNSUBSCRIBED",
  BOUNCED = "BOUNCED",
  INACTIVE = "INACTIVE",
}

/**
 * « Me prévenir »: a search a family asked to hear about by e-mail, without an account. The
 * criteria are the list's own search input (JSON), so the digest runs the very search the list
 * runs; the row is also the record of consent (address, criteria, when it was asked and given).
 */
@Entity("search_alert")
@Index("IDX_search_alert_email", ["email"])
@Index("IDX_search_alert_due", ["status", "rhythm", "id"])
@Index("IDX_search_alert_pending", ["status", "createdAt"])
export class SearchAlert {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  /** Lower-cased and trimmed. */
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Column({ type: "varchar", length: 10 })
  list: AlertList;

  /** The list's search input as JSON (MediaSearchInput or ServiceSearchInput, without page or size). */
  @Column({ type: "text" })
  criteria: string;

  /** What the family reads: « Crèches avec places · 10 km autour de Lescar ». */
  @Column({ type: "varchar", length: 255 })
  label: string;

  /** The place searched around (a town's name, an address), for the team's counts by place; null for none. */
  @Column({ type: "varchar", length: 120, nullable: true })
  placeLabel: string | null;

  @Column({ type: "varchar", length: 8 })
  rhythm: AlertRhythm;

  @Column({ type: "varchar", length: 8 })
  status: AlertStatus;

  /** When it was asked (the confirmation e-mail sent). */
  @Column({ type: "datetime" })
  createdAt: Date;

  /** When the confirmation link was opened: the consent. */
  @Column({ type: "datetime", nullable: true })
  confirmedAt: Date | null;

  /** What is new is what was published or changed after this moment (advanced by each digest sent). */
  @Column({ type: "datetime", nullable: true })
  since: Date | null;

  /** The last digest e-mailed. */
  @Column({ type: "datetime", nullable: true })
  lastSentAt: Date | null;

  /** The last time a link of its e-mails was opened (confirmation, « Mes alertes », an item). */
  @Column({ type: "datetime", nullable: true })
  lastOpenedAt: Date | null;

  /** E-mails refused by the recipient's server in a row. */
  @Column({ type: "integer", default: 0 })
  bounces: number;

  @Column({ type: "datetime", nullable: true })
  endedAt: Date | null;

  @Column({ type: "varchar", length: 12, nullable: true })
  endReason: AlertEndReason | null;
}

/**
 * One digest of one alert for one period (a day, or an ISO week): claimed before the e-mail
 * leaves, so that two instances, or a run after a crash, never send the same period twice.
 */
@Entity("alert_delivery")
@Index("UQ_alert_delivery_period", ["alertId", "period"], { unique: true })
export class AlertDelivery {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  @Column({ type: "varchar", length: 36 })
  alertId: string;

  /** « 2026-11-29 » (daily) or « 2026-W48 » (weekly). */
  @Column({ type: "varchar", length: 10 })
  period: string;

  /** The instance that claimed it. */
  @Column({ type: "varchar", length: 64 })
  claimedBy: string;

  @Column({ type: "datetime" })
  claimedAt: Date;

  /** Set once the mail server accepted the e-mail; null: claimed, outcome unknown (never sent again). */
  @Column({ type: "datetime", nullable: true })
  sentAt: Date | null;

  @Column({ type: "integer", default: 0 })
  itemCount: number;
}
