import { describe, expect, it } from "vitest";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import { ALERT_LIMITS, ALERT_MESSAGES, ALERT_PRIVACY_NOTE, ALERT_RETENTION } from "../shared/alerts-rules";
import {
  canAskForAlertsLink,
  canSubscribeToAlert,
  canUseAlertLink,
  requireAlertLink,
  requireAlertOfLink,
  requireAlertStatsReader,
} from "./alert.policy";
import { ANONYMOUS, viewerOf } from "./viewer";

const account = (role: Role) =>
  Object.assign(new User(), { id: role, role, status: UserStatus.CONFIRMED, networks: [] });
const alert = { id: "a1", email: "lea@example.org" };

describe("who may do what with alerts", () => {
  it("lets anyone subscribe", () => {
    expect(canSubscribeToAlert(ANONYMOUS)).toBe(true);
    expect(canSubscribeToAlert(viewerOf(account(Role.NEWS_PARTNER)))).toBe(true);
  });

  it("lets anyone ask for the « Mes alertes » link (it goes only to the address)", () => {
    expect(canAskForAlertsLink(ANONYMOUS)).toBe(true);
    expect(canAskForAlertsLink(viewerOf(account(Role.NEWS_PARTNER)))).toBe(true);
  });

  it("opens an alert with its own link or its address's manage link, nothing else", () => {
    expect(canUseAlertLink({ kind: "stop", subject: "a1" }, alert)).toBe(true);
    expect(canUseAlertLink({ kind: "confirm", subject: "a1" }, alert)).toBe(true);
    expect(canUseAlertLink({ kind: "manage", subject: "lea@example.org" }, alert)).toBe(true);
    expect(canUseAlertLink({ kind: "manage", subject: "paul@example.org" }, alert)).toBe(false);
    expect(canUseAlertLink({ kind: "stop", subject: "a2" }, alert)).toBe(false);
    expect(canUseAlertLink({ kind: "manage", subject: "a1" }, alert)).toBe(false);
    expect(canUseAlertLink(null, alert)).toBe(false);
  });

  it("refuses a missing link or one of another kind, and answers another address's alert as missing", () => {
    expect(() => requireAlertLink(null, "manage")).toThrow(ALERT_MESSAGES.invalidLink);
    expect(() => requireAlertLink({ kind: "stop", subject: "a1" }, "manage")).toThrow(ALERT_MESSAGES.invalidLink);
    expect(requireAlertLink({ kind: "manage", subject: "x@y.fr" }, "manage")).toBe("x@y.fr");
    expect(() => requireAlertOfLink({ kind: "manage", subject: "paul@example.org" }, alert)).toThrow(
      expect.objectContaining({ extensions: { code: "NOT_FOUND" } }),
    );
    expect(requireAlertOfLink({ kind: "stop", subject: "a1" }, alert)).toBe(alert);
  });

  it("keeps the statistics for administrators", () => {
    expect(requireAlertStatsReader(viewerOf(account(Role.ADMIN))).role).toBe(Role.ADMIN);
    expect(() => requireAlertStatsReader(ANONYMOUS)).toThrow(
      expect.objectContaining({ extensions: { code: "UNAUTHENTICATED" } }),
    );
    expect(() => requireAlertStatsReader(viewerOf(account(Role.FULL_PARTNER)))).toThrow(
      expect.objectContaining({ extensions: { code: "FORBIDDEN" } }),
    );
  });
});

describe("the shared rules of alerts", () => {
  it("keep the privacy note in step with the retention, and windows the throttle holds", () => {
    expect(ALERT_PRIVACY_NOTE).toContain(`${ALERT_RETENTION.pendingDays} jours`);
    expect(ALERT_PRIVACY_NOTE).toContain(`${ALERT_RETENTION.inactiveMonths} mois`);
    expect(ALERT_LIMITS.confirmationWindowMs).toBeLessThanOrEqual(2 * 86_400_000);
  });
});
