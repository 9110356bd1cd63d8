import { DateTime } from "luxon";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { actor } from "../../../test/agent";
import { buildSheet, buildUser, Role, ServiceType } from "../../../test/factories";
import { type CapturedMail, useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { openDatabase } from "../../db/data-source";
import { UserStatus } from "../reference/reference.data";
import { AuditAction, AuditEntry } from "../audit/audit-entry.entity";
import { AuditService } from "../audit/audit.service";
import { wholeSeconds } from "../common/clock";
import { JobLease } from "../jobs/job-lease.entity";
import { JobRunner } from "../jobs/job-runner";
import { createMailer } from "../mail/mailer";
import { Sheet } from "../sheets/sheet.entity";
import { FreshnessService, LINK_MESSAGES, sheetRemindersJob } from "./freshness.service";

const CONFIRM_SHEET = `mutation ($token: String!) { confirmServiceSheet(token: $token) { id serviceName checkedAt needsReview } }`;
const AVAILABILITY_BY_LINK = `mutation ($token: String!, $input: AvailabilityInput!) {
  updateServiceAvailabilityByLink(token: $token, input: $input) { id availability { summary } } }`;
const CONFIRM = `mutation ($id: ID!) { confirmService(id: $id) { id checkedAt } }`;
const UPDATE = `mutation ($id: ID!, $input: ServiceInput!) { updateService(id: $id, input: $input) { id checkedAt } }`;
const SHEET = `query ($id: ID!) { service(id: $id) { id checkedAt needsReview } }`;
const TO_REVIEW = `query ($page: Int) { servicesToReview(page: $page) {
  toReview reminded dueForReminder results { id serviceName checkedAt reminderSentAt needsReview ownerName ownerEmail } } }`;

/** The sheets' base instant: whole seconds, as both engines store them. */
const T0 = wholeSeconds(new Date());
const later = (shift: { months?: number; days?: number; hours?: number; minutes?: number }, from = T0) =>
  DateTime.fromJSDate(from).setZone("Europe/Paris").plus(shift).toJSDate();
const linkTokens = (mail: CapturedMail) =>
  mail.links.flatMap((link) => /\/confirmation-fiche\/([^/\s?#]+)$/.exec(link)?.[1] ?? []);
/** The token of a sheet's link in a message (its payload names the sheet). */
const tokenFor = (mail: CapturedMail, serviceId: string) => {
  const token = linkTokens(mail).find(
    (found) => Buffer.from(found.split(".")[0], "base64url").toString().split(".")[0] === serviceId,
  );
  if (!token) throw new Error(`No link for ${serviceId} in:\n${mail.text}`);
  return token;
};

/** Freshness of service sheets, on the engine DATABASE_URL selects (see the twins). */
export function freshnessSuite() {
  describe("freshness of service sheets", () => {
    const mailbox = useMailbox();
    // The portal's own runner checks once at start-up; the tests drive runners of their own.
    const t = useTestPortal(() => ({ SMTP_URL: mailbox.url, JOB_CHECK_SECONDS: "3600" }));
    const clock = { now: T0 };

    beforeEach(async () => {
      clock.now = T0;
      vi.spyOn(t.portal.services.clock, "now").mockImplementation(() => clock.now);
      // The portal's start-up pass runs in the background: wait for it (and stop its timer),
      // or it may take a job after the DELETE below and leave it not due for these tests.
      await t.portal.services.jobs.stop();
      for (const table of ["job_lease", "audit_entry"]) await t.portal.dataSource.query(`DELETE FROM ${table}`);
    });
    afterEach(() => vi.restoreAllMocks());

    const runner = (instanceId = "test") => {
      const jobs = new JobRunner(t.portal.dataSource, 3_600_000, { now: () => clock.now }, instanceId);
      jobs.register(sheetRemindersJob(t.portal.services.freshness));
      return jobs;
    };
    const owner = (fields: Parameters<typeof buildUser>[1] = {}) =>
      buildUser(t.portal.dataSource, { role: Role.FULL_PARTNER, status: UserStatus.CONFIRMED, ...fields });
    const sheet = (ownerId: string, serviceName: string, checkedAt = T0) =>
      buildSheet(t.portal.dataSource, { userIds: [ownerId], serviceName, checkedAt });
    const stored = (id: string) => t.portal.dataSource.getRepository(Sheet).findOneByOrFail({ id });

    it("reminds each active owner once, in one e-mail listing their old sheets; never twice in a week", async () => {
      const anna = await owner({ email: "anna@asso.test", name: "Anna", surname: "Lefèvre" });
      const fresh = await owner({ email: "fresh@asso.test" });
      const gone = await owner({ email: "gone@asso.test", status: UserStatus.DELETED });
      const expired = await owner({ email: "expired@asso.test", expiration: "2020-01-01" });
      // An owner whose account became a content creator's may not confirm a sheet: not asked to.
      const writer = await owner({ email: "writer@asso.test", role: Role.NEWS_PARTNER });
      await owner({ email: "admin@portail.test", role: Role.ADMIN });
      const [crèche, ludothèque] = [await sheet(anna.id, "Crèche Les Lutins"), await sheet(anna.id, "Ludothèque")];
      await sheet(fresh.id, "Relais récent", later({ months: 1 }));
      await sheet(gone.id, "Structure fermée");
      await sheet(expired.id, "Compte expiré");
      await sheet(writer.id, "Fiche d'une rédactrice");
      // Its first member may not confirm it any more, its second may: she is asked.
      await buildSheet(t.portal.dataSource, { userIds: [gone.id, anna.id], serviceName: "Halte partagée" });

      // Five months on: nothing is old enough.
      clock.now = later({ months: 5 });
      expect(await runner().runDue()).toEqual(["sheet-reminders"]);
      expect(mailbox.messages).toEqual([]);

      // Six months and a day on: Anna, once, about her three sheets; the administrators, once,
      // about the sheets no member may confirm any more (before, nobody was asked about them).
      clock.now = later({ months: 6, days: 1 });
      expect(await runner().runDue()).toEqual(["sheet-reminders"]);
      expect(mailbox.messages.map((mail) => mail.to)).toEqual([["anna@asso.test"], ["admin@portail.test"]]);
      const mail = mailbox.messages[0];
      expect(mail.subject).toContain("vos fiches sont-elles toujours exactes ?");
      expect(mail.text).toContain("Bonjour Lefèvre Anna,");
      expect(mail.text).toContain("« Crèche Les Lutins »");
      expect(mail.text).toContain("« Ludothèque »");
      expect(mail.text).toContain("« Halte partagée »");
      expect(mail.text).toContain("Ces informations sont toujours exactes");
      expect(linkTokens(mail)).toHaveLength(3);
      expect(mail.links.filter((link) => link.endsWith("/profil"))).toHaveLength(1);
      expect((await stored(crèche.id)).reminderSentAt?.getTime()).toBe(wholeSeconds(clock.now).getTime());
      const toAdmins = mailbox.messages[1];
      for (const name of ["Structure fermée", "Compte expiré", "Fiche d'une rédactrice"])
        expect(toAdmins.text).toContain(`« ${name} »`);
      expect(linkTokens(toAdmins)).toHaveLength(3);

      // The same day again (another check): the job is not due.
      expect(await runner().runDue()).toEqual([]);
      // Three days later the job runs, but a reminder went out less than a week ago.
      clock.now = later({ months: 6, days: 4 });
      expect(await runner().runDue()).toEqual(["sheet-reminders"]);
      expect(mailbox.messages).toHaveLength(2);

      // A week after the first reminder, still unconfirmed: reminded again.
      clock.now = later({ months: 6, days: 8 });
      expect(await runner().runDue()).toEqual(["sheet-reminders"]);
      expect(mailbox.messages.slice(2).map((mail) => mail.to)).toEqual([["anna@asso.test"], ["admin@portail.test"]]);
      expect(linkTokens(mailbox.messages[2])).toHaveLength(3);
      expect((await stored(ludothèque.id)).reminderSentAt?.getTime()).toBe(wholeSeconds(clock.now).getTime());
    });

    it("confirms a sheet once through its e-mailed link (a GET changes nothing), with the history's entry", async () => {
      const anna = await owner({ email: "anna@asso.test", name: "Anna", surname: "Lefèvre" });
      const service = await sheet(anna.id, "Crèche Les Lutins");
      clock.now = later({ months: 10 });
      await runner().runDue();
      const [token] = linkTokens(mailbox.messages[0]);
      const link = mailbox.messages[0].links.find((found) => found.includes(token))!;

      // Mail scanners follow links: opening it only shows a page.
      await fetch(`${t.url}${new URL(link).pathname}`);
      expect((await stored(service.id)).checkedAt.getTime()).toBe(T0.getTime());

      const { agent: visitor } = await actor(t, "visitor");
      const first = await visitor.graphql(CONFIRM_SHEET, { token });
      expect(first.errors).toBeUndefined();
      expect(first.data.confirmServiceSheet).toMatchObject({
        id: service.id,
        serviceName: "Crèche Les Lutins",
        needsReview: false,
      });
      const confirmed = await stored(service.id);
      expect(confirmed.checkedAt.getTime()).toBe(wholeSeconds(clock.now).getTime());
      expect(confirmed.reminderSentAt).toBeNull();
      const history = await t.portal.dataSource
        .getRepository(AuditEntry)
        .findBy({ itemId: service.id, action: AuditAction.CONFIRM });
      expect(history).toMatchObject([{ actorId: anna.id, actorName: "Lefèvre Anna", fields: ["checkedAt"] }]);

      const second = await visitor.graphql(CONFIRM_SHEET, { token });
      expect(second.errors?.[0]).toMatchObject({ message: LINK_MESSAGES.used, extensions: { code: "CONFLICT" } });
      const forged = await visitor.graphql(CONFIRM_SHEET, { token: `${token.slice(0, -2)}xx` });
      expect(forged.errors?.[0]).toMatchObject({
        message: LINK_MESSAGES.invalid,
        extensions: { code: "BAD_USER_INPUT" },
      });
    });

    it("takes a crèche's places available through its e-mailed link, in one step, while the link is valid", async () => {
      const anna = await owner({ email: "anna@asso.test", name: "Anna", surname: "Lefèvre" });
      const crèche = await sheet(anna.id, "Crèche Les Lutins");
      await buildSheet(t.portal.dataSource, {
        userIds: [anna.id],
        serviceName: "Ludothèque",
        types: [ServiceType.TOY_LIBRARY],
      });
      clock.now = later({ months: 7 });
      await runner().runDue();
      const [mail] = mailbox.messages;
      // Only the crèche's link offers it.
      expect(mail.text).toContain("vous pourrez aussi indiquer les places disponibles de « Crèche Les Lutins »");
      expect(mail.text).not.toContain("places disponibles de « Ludothèque »");
      const token = tokenFor(mail, crèche.id);

      const { agent: visitor } = await actor(t, "visitor");
      expect((await visitor.graphql(CONFIRM_SHEET, { token })).errors).toBeUndefined();
      const give = (vacancies: number, link = token) =>
        visitor.graphql(AVAILABILITY_BY_LINK, {
          token: link,
          input: { groups: [{ ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies }] },
        });
      // Once confirmed, the same link still gives the places (each time dated and recorded).
      const first = await give(2);
      expect(first.errors).toBeUndefined();
      expect(first.data.updateServiceAvailabilityByLink.availability.summary).toBe(
        `2 places disponibles (au ${DateTime.fromJSDate(clock.now).setZone("Europe/Paris").toFormat("dd/MM")})`,
      );
      clock.now = later({ months: 7, days: 5 });
      expect((await give(1)).errors).toBeUndefined();
      const history = await t.portal.dataSource
        .getRepository(AuditEntry)
        .find({ where: { itemId: crèche.id }, order: { id: "ASC" } });
      expect(history.map(({ actorId, action, fields }) => ({ actorId, action, fields }))).toEqual([
        { actorId: anna.id, action: AuditAction.CONFIRM, fields: ["checkedAt"] },
        { actorId: anna.id, action: AuditAction.UPDATE, fields: ["availability"] },
        { actorId: anna.id, action: AuditAction.UPDATE, fields: ["availability"] },
      ]);

      // A wrong number changes nothing; a forged link, or one past its 30 days, gives nothing.
      expect((await give(0)).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect((await give(3, `${token.slice(0, -2)}xx`)).errors?.[0].message).toBe(LINK_MESSAGES.invalid);
      clock.now = later({ months: 7, days: 31 });
      expect((await give(3)).errors?.[0].message).toBe(LINK_MESSAGES.expired);
      expect((await stored(crèche.id)).availabilityGroups).toEqual([
        { ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies: 1 },
      ]);
    });

    it("refuses a link after 30 days, and a link to a sheet edited since it was sent", async () => {
      const anna = await owner({ email: "anna@asso.test" });
      const [old, edited] = [await sheet(anna.id, "Crèche"), await sheet(anna.id, "Halte-garderie")];
      clock.now = later({ months: 7 });
      await runner().runDue();
      const { agent: visitor } = await actor(t, "visitor");

      clock.now = later({ months: 7, days: 31 });
      const expired = await visitor.graphql(CONFIRM_SHEET, { token: tokenFor(mailbox.messages[0], old.id) });
      expect(expired.errors?.[0]).toMatchObject({
        message: LINK_MESSAGES.expired,
        extensions: { code: "BAD_USER_INPUT" },
      });
      expect((await stored(old.id)).checkedAt.getTime()).toBe(T0.getTime());

      // Within the month, but the owner confirmed it from the profile meanwhile.
      clock.now = later({ months: 7, days: 2 });
      const editedToken = tokenFor(mailbox.messages[0], edited.id);
      await t.portal.services.freshness.confirm({ user: anna, role: anna.role }, edited.id);
      const used = await visitor.graphql(CONFIRM_SHEET, { token: editedToken });
      expect(used.errors?.[0].message).toBe(LINK_MESSAGES.used);
    });

    it("lets members and administrators confirm a sheet, not other partners; saving it confirms it too", async () => {
      const { agent: member, user } = await actor(t, Role.FULL_PARTNER);
      const service = await sheet(user!.id, "Crèche");
      await t.portal.dataSource.getRepository(Sheet).update({ id: service.id }, { reminderSentAt: T0 });
      clock.now = later({ months: 8 });
      const { agent: other } = await actor(t, Role.FULL_PARTNER);
      expect((await other.graphql(CONFIRM, { id: service.id })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
      const anonymous = await (await actor(t, "visitor")).agent.graphql(CONFIRM, { id: service.id });
      expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
      const mine = await member.graphql(CONFIRM, { id: service.id });
      expect(mine.errors).toBeUndefined();
      expect(new Date(mine.data.confirmService.checkedAt).getTime()).toBe(wholeSeconds(clock.now).getTime());
      expect((await stored(service.id)).reminderSentAt).toBeNull();

      const { agent: admin } = await actor(t, Role.ADMIN);
      clock.now = later({ months: 9 });
      expect((await admin.graphql(CONFIRM, { id: service.id })).errors).toBeUndefined();

      // An edit is a confirmation too: the reminders start again from it.
      await t.portal.dataSource.getRepository(Sheet).update({ id: service.id }, { reminderSentAt: clock.now });
      clock.now = later({ months: 9, days: 3 });
      const edit = await member.graphql(UPDATE, {
        id: service.id,
        input: {
          serviceName: "Crèche rénovée",
          serviceManager: "Mme Laborde",
          email: "creche@example.org",
          phone: "05 59 11 22 33",
          fullAddress: "12 Rue des Cordeliers 64000 Pau",
          city: "Pau",
          zip: "64000",
          types: ["CRECHE"],
          ages: ["PETITE_ENFANCE"],
          coveredLocations: [],
        },
      });
      expect(edit.errors).toBeUndefined();
      expect(new Date(edit.data.updateService.checkedAt).getTime()).toBe(wholeSeconds(clock.now).getTime());
      expect((await stored(service.id)).reminderSentAt).toBeNull();
    });

    it("shows « Informations à vérifier » (needsReview) from 9 months without confirmation", async () => {
      const anna = await owner();
      const service = await sheet(anna.id, "Crèche");
      const { agent: visitor } = await actor(t, "visitor");
      const read = async () => (await visitor.graphql(SHEET, { id: service.id })).data.service;

      clock.now = later({ months: 9, minutes: -1 });
      expect(await read()).toEqual({ id: service.id, checkedAt: T0.toISOString(), needsReview: false });
      clock.now = later({ months: 9, minutes: 1 });
      expect(await read()).toMatchObject({ needsReview: true });
    });

    it("lists the sheets to review for administrators only, oldest first, with counts", async () => {
      const anna = await owner({ email: "anna@asso.test", name: "Anna", surname: "Lefèvre" });
      await sheet(anna.id, "Récente", later({ months: 5 }));
      await sheet(anna.id, "Sept mois", later({ months: 3 }));
      await sheet(anna.id, "Très ancienne");
      await sheet(anna.id, "Dix mois", later({ months: 1 }));
      clock.now = later({ months: 10, days: 1 });
      await runner().runDue();

      for (const who of ["visitor", Role.NEWS_PARTNER, Role.FULL_PARTNER] as const) {
        const { errors, data } = await (await actor(t, who)).agent.graphql(TO_REVIEW, {});
        expect(data, who).toBeNull();
        expect(errors?.[0].extensions?.code, who).toBe(who === "visitor" ? "UNAUTHENTICATED" : "FORBIDDEN");
      }
      const { agent: admin } = await actor(t, Role.ADMIN);
      const { data, errors } = await admin.graphql(TO_REVIEW, { page: 0 });
      expect(errors).toBeUndefined();
      expect(data.servicesToReview).toMatchObject({ toReview: 2, reminded: 3, dueForReminder: 3 });
      expect(data.servicesToReview.results).toMatchObject([
        { serviceName: "Très ancienne", needsReview: true, ownerName: "Lefèvre Anna", ownerEmail: "anna@asso.test" },
        { serviceName: "Dix mois", needsReview: true },
        { serviceName: "Sept mois", needsReview: false },
      ]);
      expect(data.servicesToReview.results[0].reminderSentAt).toBe(wholeSeconds(clock.now).toISOString());
    });

    it("runs the job once when two instances on one database check at the same moment", async () => {
      const databaseUrl = (t.portal.dataSource.options as { url?: string }).url ?? null;
      const second = await openDatabase({ databaseUrl, dataDir: t.dataDir });
      try {
        const owners = await Promise.all(Array.from({ length: 4 }, (_, n) => owner({ email: `owner${n}@asso.test` })));
        for (const [n, account] of owners.entries()) await sheet(account.id, `Structure ${n}`);
        const other = new FreshnessService(second, {
          clock: { now: () => clock.now },
          mailer: createMailer({ smtpUrl: mailbox.url, from: "portail@test", dataDir: t.dataDir }),
          audit: new AuditService(second),
          publicUrl: t.url,
          secret: "another instance, same secret: 0123456789abcdef",
          contactEmail: "",
          sheetEditor: t.portal.services.sheetEditor,
        });
        const instances = [
          runner("instance-a"),
          new JobRunner(second, 3_600_000, { now: () => clock.now }, "instance-b"),
        ];
        instances[1].register(sheetRemindersJob(other));

        // Several days, each checked by both instances at once: one run a day, one e-mail an owner a week.
        const ran: string[][] = [];
        for (const day of [0, 1, 2, 8, 9]) {
          clock.now = later({ months: 6, days: 1 + day });
          ran.push((await Promise.all(instances.map((instance) => instance.runDue()))).flat());
        }
        expect(ran).toEqual(Array.from({ length: 5 }, () => ["sheet-reminders"]));
        const perOwner = owners.map((account) => mailbox.to(account.email).length);
        expect(perOwner).toEqual([2, 2, 2, 2]);
        const lease = await t.portal.dataSource.getRepository(JobLease).findOneByOrFail({ name: "sheet-reminders" });
        expect(lease).toMatchObject({ leaseOwner: null, leasedUntil: null });
        expect(lease.nextRunAt.getTime()).toBe(wholeSeconds(later({ months: 6, days: 11 })).getTime());
      } finally {
        await second.destroy();
      }
    });

    it("takes a job with one conditional UPDATE: among many instances at once, exactly one runs it", async () => {
      const databaseUrl = (t.portal.dataSource.options as { url?: string }).url ?? null;
      const others = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl, dataDir: t.dataDir })));
      try {
        let runs = 0;
        const job = {
          name: "counting",
          everyMs: 3_600_000,
          run: async () => {
            runs += 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
          },
        };
        const sources = [t.portal.dataSource, ...others, t.portal.dataSource, ...others];
        for (let round = 0; round < 5; round++) {
          clock.now = later({ hours: round * 2 });
          const instances = sources.map((source, n) => {
            const instance = new JobRunner(source, 3_600_000, { now: () => clock.now }, `i${n}`);
            instance.register(job);
            return instance;
          });
          const ran = (await Promise.all(instances.map((instance) => instance.runDue()))).flat();
          expect(ran, `round ${round}`).toEqual(["counting"]);
        }
        expect(runs).toBe(5);
      } finally {
        await Promise.all(others.map((source) => source.destroy()));
      }
    });
  });
}
