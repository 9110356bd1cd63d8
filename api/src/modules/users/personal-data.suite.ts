import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { actor, newAgent, PASSWORD } from "../../../test/agent";
import { buildUser, Role } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { addMonths, PERSONAL_DATA_RETENTION_MONTHS, todayInParis } from "../../shared/rules";
import { AuditEntry, AuditItemType } from "../audit/audit-entry.entity";
import { Session } from "../auth/session.entity";
import { JobLease } from "../jobs/job-lease.entity";
import { JobRunner } from "../jobs/job-runner";
import { Media } from "../media/media.entity";
import { UserStatus } from "../reference/reference.data";
import { Report, ReportItemType, ReportStatus } from "../reports/report.entity";
import { personalDataJob } from "./personal-data.job";
import { ERASED_ACCOUNT_NAME, erasedEmail, monthsBefore } from "./personal-data.service";
import { User } from "./user.entity";

const DAY = 86_400_000;

/** The erasure of personal data past their retention, on the engine DATABASE_URL selects (see the twins). */
export function personalDataSuite() {
  describe("personal data erased when the legal notice says (twelve months)", () => {
    // The portal's own runner checks once at start-up; the tests drive a runner of their own.
    const t = useTestPortal({ JOB_CHECK_SECONDS: "3600" });
    const users = () => t.portal.dataSource.getRepository(User);
    const reports = () => t.portal.dataSource.getRepository(Report);
    const run = (now: Date) => {
      const jobs = new JobRunner(t.portal.dataSource, 3_600_000, { now: () => now }, "test");
      jobs.register(personalDataJob(t.portal.services.personalData));
      return jobs.runDue();
    };

    beforeEach(async () => {
      // The portal's start-up pass runs in the background: wait for it, then start afresh.
      await t.portal.services.jobs.stop();
      for (const table of ["job_lease", "report", "session", "audit_entry", "users"]) {
        await t.portal.dataSource.query(`DELETE FROM ${table}`);
      }
    });

    it("erases the accounts ended twelve months ago, and the requests no one accepted; keeps the others", async () => {
      const now = new Date();
      const today = todayInParis(now);
      const monthsAgo = (months: number) => monthsBefore(now, months);
      const expiredLong = await buildUser(t.portal.dataSource, {
        expiration: addMonths(today, -13),
        justify: "Animatrice du relais",
        fullAddress: "3 rue des Écoles, 64000 Pau",
        city: "Pau",
        mobile: "06 12 34 56 78",
        passwordHash: "not-a-real-hash",
      });
      const expiredRecent = await buildUser(t.portal.dataSource, { expiration: addMonths(today, -11) });
      const expiredAdmin = await buildUser(t.portal.dataSource, {
        role: Role.ADMIN,
        expiration: addMonths(today, -13),
      });
      const requestOld = await buildUser(t.portal.dataSource, {
        status: UserStatus.LOCAL,
        createdAt: monthsAgo(13),
        justify: "Je souhaite publier nos ateliers.",
      });
      const requestRecent = await buildUser(t.portal.dataSource, {
        status: UserStatus.LOCAL,
        createdAt: monthsAgo(11),
      });
      const deletedOld = await buildUser(t.portal.dataSource, { status: UserStatus.DELETED, updatedAt: monthsAgo(13) });
      const deletedRecent = await buildUser(t.portal.dataSource, {
        status: UserStatus.DELETED,
        updatedAt: monthsAgo(11),
      });
      const longStanding = await buildUser(t.portal.dataSource, { createdAt: monthsAgo(60), updatedAt: monthsAgo(30) });

      expect(await run(now)).toEqual(["personal-data"]);

      for (const erased of [expiredLong, requestOld, deletedOld]) {
        expect(await users().findOneByOrFail({ id: erased.id })).toMatchObject({
          name: ERASED_ACCOUNT_NAME,
          surname: "",
          email: erasedEmail(erased.id),
          phone: "",
          mobile: null,
          justify: null,
          fullAddress: null,
          city: null,
          epci: null,
          networks: [],
          passwordHash: null,
          status: UserStatus.DELETED,
        });
        // The address is free again: nothing is left under it.
        expect(await users().countBy({ email: erased.email })).toBe(0);
      }
      for (const kept of [expiredRecent, expiredAdmin, requestRecent, deletedRecent, longStanding]) {
        expect(await users().findOneByOrFail({ id: kept.id })).toMatchObject({
          name: kept.name,
          email: kept.email,
          phone: kept.phone,
          status: kept.status,
        });
      }
      // Nothing is left to erase the next day: an erased account is not written again.
      const trail = t.portal.dataSource.getRepository(AuditEntry);
      const entries = await trail.count();
      await t.portal.dataSource.query("DELETE FROM job_lease");
      expect(await run(new Date(now.getTime() + DAY))).toEqual(["personal-data"]);
      expect(await trail.count()).toBe(entries);
    });

    it("erases a deleted partner's name from the trail, signs them out, keeps what they published", async () => {
      const { agent: admin } = await actor(t, Role.ADMIN);
      const { agent: partner, user } = await actor(t, Role.FULL_PARTNER, { name: "Durand", surname: "Amélie" });
      // The partner publishes (their name as the author in the trail), then an administrator deletes them.
      const created = await partner.rest("POST", "/api/media/add", {
        title: "Atelier des parents",
        article: { ops: [{ insert: "Chaque mercredi.\n" }] },
        categories: ["resource"],
        ages: ["ENFANCE"],
        thematic: ["HOUSING"],
      });
      expect(created.status).toBe(201);
      const articleId = created.body as string;
      expect(
        (await admin.graphql(`mutation ($id: ID!) { deleteUser(id: $id) }`, { id: user!.id })).errors,
      ).toBeUndefined();
      // A session opened since the deletion (by hand: the portal opens none for a deleted account).
      await t.portal.services.sessions.open(user!.id, false);
      const trail = t.portal.dataSource.getRepository(AuditEntry);
      const naming = () =>
        trail
          .createQueryBuilder("a")
          .where("a.actorName LIKE :name OR a.itemLabel LIKE :name", { name: "%Durand%" })
          .getCount();
      expect(await naming()).toBeGreaterThanOrEqual(2);

      // Not yet: eleven months after the deletion.
      const deletedAt = (await users().findOneByOrFail({ id: user!.id })).updatedAt;
      const later = (months: number) => {
        const date = new Date(deletedAt);
        date.setUTCMonth(date.getUTCMonth() + months);
        return date;
      };
      expect(await run(later(11))).toEqual(["personal-data"]);
      expect(await users().findOneByOrFail({ id: user!.id })).toMatchObject({ name: "Durand" });

      await t.portal.dataSource.query("DELETE FROM job_lease");
      // The daily pass after the twelfth month.
      expect(await run(new Date(later(PERSONAL_DATA_RETENTION_MONTHS).getTime() + DAY))).toEqual(["personal-data"]);
      expect(await users().findOneByOrFail({ id: user!.id })).toMatchObject({ name: ERASED_ACCOUNT_NAME, surname: "" });
      expect(await naming()).toBe(0);
      expect(
        await trail.countBy({
          itemType: AuditItemType.USER,
          itemId: user!.id,
          actorName: "Effacement des données personnelles",
        }),
      ).toBe(1);
      expect(await t.portal.dataSource.getRepository(Session).countBy({ userId: user!.id })).toBe(0);
      // What they published keeps its owner; the partner cannot sign in with the old address.
      expect(await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: articleId })).toMatchObject({
        userIds: [user!.id],
      });
      await expect(newAgent(t).login(user!.email, PASSWORD)).rejects.toThrow(/login refused/);
    });

    it("erases at once when the person asks: on deletion, or for an account deleted before; administrators only", async () => {
      const { agent: admin, user: self } = await actor(t, Role.ADMIN);
      const { agent: partner } = await actor(t, Role.FULL_PARTNER);
      const asking = await buildUser(t.portal.dataSource, { name: "Lefèvre", justify: "Crèche parentale" });
      const deletedBefore = await buildUser(t.portal.dataSource, { name: "Bernard" });
      const DELETE = `mutation ($id: ID!, $erase: Boolean!) { deleteUser(id: $id, erase: $erase) }`;
      const erasedAt = async (id: string) => (await users().findOneByOrFail({ id })).email === erasedEmail(id);

      // A partner may not, and an administrator may not erase themself.
      expect((await partner.graphql(DELETE, { id: asking.id, erase: true })).errors?.[0].extensions?.code).toBe(
        "FORBIDDEN",
      );
      expect((await admin.graphql(DELETE, { id: self!.id, erase: true })).errors?.[0].extensions?.code).toBe(
        "FORBIDDEN",
      );
      expect(await erasedAt(asking.id)).toBe(false);

      expect((await admin.graphql(DELETE, { id: asking.id, erase: true })).errors).toBeUndefined();
      expect(await users().findOneByOrFail({ id: asking.id })).toMatchObject({
        name: ERASED_ACCOUNT_NAME,
        justify: null,
        status: UserStatus.DELETED,
      });
      // Deleted first without erasing (kept twelve months), then erased when the person asks.
      expect((await admin.graphql(DELETE, { id: deletedBefore.id, erase: false })).errors).toBeUndefined();
      expect(await erasedAt(deletedBefore.id)).toBe(false);
      expect((await admin.graphql(DELETE, { id: deletedBefore.id, erase: false })).errors?.[0].extensions?.code).toBe(
        "NOT_FOUND",
      );
      expect((await admin.graphql(DELETE, { id: deletedBefore.id, erase: true })).errors).toBeUndefined();
      expect(await erasedAt(deletedBefore.id)).toBe(true);
      // Erased already: nothing left to erase.
      expect((await admin.graphql(DELETE, { id: deletedBefore.id, erase: true })).errors?.[0].extensions?.code).toBe(
        "NOT_FOUND",
      );
      // The legacy REST call still deletes without erasing.
      const legacy = await buildUser(t.portal.dataSource);
      expect((await admin.rest("DELETE", `/api/users/delete/${legacy.id}`)).status).toBeLessThan(400);
      expect(await users().findOneByOrFail({ id: legacy.id })).toMatchObject({
        status: UserStatus.DELETED,
        email: legacy.email,
      });
    });

    it("removes the reports handled twelve months ago, and erases the address left with an old one", async () => {
      const now = new Date();
      const report = (fields: Partial<Report>) =>
        reports().save({
          id: randomUUID(),
          itemType: ReportItemType.SERVICE,
          itemId: randomUUID(),
          itemLabel: "Crèche",
          itemPath: "/services/x",
          message: "Le numéro a changé.",
          reporterEmail: "parent@example.org",
          status: ReportStatus.NEW,
          createdAt: now,
          handledAt: null,
          handledBy: null,
          ...fields,
        });
      const handledLong = await report({
        status: ReportStatus.HANDLED,
        createdAt: monthsBefore(now, 14),
        handledAt: monthsBefore(now, 13),
      });
      const rejectedLong = await report({
        status: ReportStatus.REJECTED,
        createdAt: monthsBefore(now, 14),
        handledAt: monthsBefore(now, 13),
      });
      const handledRecent = await report({
        status: ReportStatus.HANDLED,
        createdAt: monthsBefore(now, 11),
        handledAt: monthsBefore(now, 10),
      });
      const openLong = await report({ createdAt: monthsBefore(now, 13) });
      const openRecent = await report({ createdAt: monthsBefore(now, 2) });

      expect(await t.portal.services.personalData.eraseOverdue(now)).toEqual({
        accounts: 0,
        reports: 2,
        reportEmails: 1,
      });
      const left = await reports().find();
      expect(left.map((one) => one.id).sort()).toEqual([handledRecent.id, openLong.id, openRecent.id].sort());
      expect(left.find((one) => one.id === openLong.id)).toMatchObject({
        reporterEmail: null,
        message: openLong.message,
      });
      expect(left.find((one) => one.id === openRecent.id)?.reporterEmail).toBe("parent@example.org");
      expect(left.find((one) => one.id === handledRecent.id)?.reporterEmail).toBe("parent@example.org");
      expect(left.some((one) => one.id === handledLong.id || one.id === rejectedLong.id)).toBe(false);
    });

    it("is one of the portal's jobs", async () => {
      await t.portal.services.jobs.runDue();
      const lease = await t.portal.dataSource.getRepository(JobLease).findOneBy({ name: "personal-data" });
      expect(lease?.lastRunAt).toBeInstanceOf(Date);
    });
  });
}
