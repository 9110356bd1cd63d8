import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { ALERT_MESSAGES } from "../shared/alerts-rules";
import type { User } from "../modules/users/user.entity";
import { requireAdmin } from "./account.policy";
import type { Viewer } from "./viewer";

/**
 * « Me prévenir » has no account: anyone may ask for an alert (the double opt-in and the limits
 * guard the inbox), and a valid signed link of the right kind is the only key to an alert or to
 * an address's alerts. The team's statistics (no address in them) are the administrators'.
 */

/** What a link says once its signature, kind and date were checked (null: none of that held). */
export interface AlertLinkGrant {
  kind: "confirm" | "manage" | "stop";
  /** The alert's id (confirm, stop) or the address (manage). */
  subject: string;
}

/** Anyone may subscribe, signed in or not. */
export const canSubscribeToAlert = (_viewer: Viewer): boolean => true;

/** Anyone may ask for the « Mes alertes » link of an address: it goes only to that address. */
export const canAskForAlertsLink = (_viewer: Viewer): boolean => true;

/** The subject of a link of the expected kind; a missing, forged, expired or other kind of link is refused. */
export function requireAlertLink(grant: AlertLinkGrant | null, kind: AlertLinkGrant["kind"]): string {
  if (!grant || grant.kind !== kind) throw new ValidationError(ALERT_MESSAGES.invalidLink);
  return grant.subject;
}

/** Whether a link opens this alert: its own confirm/stop link, or the manage link of its address. */
export function canUseAlertLink(grant: AlertLinkGrant | null, alert: { id: string; email: string }): boolean {
  if (!grant) return false;
  return grant.kind === "manage" ? grant.subject === alert.email : grant.subject === alert.id;
}

/**
 * The alert a link opens; another address's alert is answered as missing (a link never tells
 * whether someone else's alert exists).
 */
export function requireAlertOfLink<A extends { id: string; email: string }>(
  grant: AlertLinkGrant | null,
  alert: A | null,
): A {
  if (!grant) throw new ValidationError(ALERT_MESSAGES.invalidLink);
  if (!alert || !canUseAlertLink(grant, alert)) throw new NotFoundError(ALERT_MESSAGES.notFound);
  return alert;
}

/** Only administrators read the team's statistics. */
export const requireAlertStatsReader = (viewer: Viewer): User => requireAdmin(viewer);

/** An ended alert is not changed any more (a new one is asked for instead). */
export function requireAlertNotEnded(alert: { status: string }): void {
  if (alert.status === "ENDED") throw new ForbiddenError(ALERT_MESSAGES.ended);
}
