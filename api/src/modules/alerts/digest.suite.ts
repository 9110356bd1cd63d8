import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildMedia, buildSheet, Category, Network, ServiceType } from "../../../test/factories";
import { type CapturedMail, useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { isMysql } from "../../db/column-types";
import { openDatabase } from "../../db/data-source";
import { distanceKm } from "../geo/distance";
import { loadTownData } from "../geo/town-data";
import { JobLease } from "../jobs/job-lease.entity";
import { createMailer, type Mailer } from "../mail/mailer";
import { AvailabilityStatus, ChildcareAgeGroup } from "../sheets/availability";
import { AlertDelivery, AlertList, AlertRhythm, AlertStatus, SearchAlert } from "./alert.entity";
import { readAlertLink } from "./alert-links";
import { DigestService } from "./digest";

const SECRET = "digest tests: a secret of the server 0123456789";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday, 10:00 in Paris: the runs' instant (items are dated around it). */
const NOW = new Date("2026-12-02T09:00:00Z");
const at = (shiftMs: number) => new Date(NOW.getTime() + shiftMs);

const towns = loadTownData("64").towns;
const town = (city: string) => {
  const found = towns.find((record) => record.city === city);
  if (!found?.latitude || !found.longitude) throw new Error(`${city} sans position`);
  return { latitude: found.latitude, longitude: found.longitude, city };
};
/** A town's position, as an event's. */
const position = ({ latitude, longitude }: { latitude: number; longitude: number }) => ({ latitude, longitude });
const LESCAR = town("Lescar");
const PAU = town("Pau");
const ORTHEZ = town("Orthez");
const PAU_EPCI = "CA Pau Béarn Pyrénées";

const places = (vacancies: number) => [
  { ageGroup: ChildcareAgeGroup.UNDER_18_MONTHS, status: AvailabilityStatus.VACANCIES, vacancies },
];

/** Digests of « Me prévenir » on the engine DATABASE_URL selects (the api-sqlite project runs it on SQLite too). */
export function alertDigestSuite() {
  describe("alert digests", () => {
    const mailbox = useMailbox();
    const t = useTestPortal(() => ({ SMTP_URL: mailbox.url, JOB_CHECK_SECONDS: "3600" }));
    const clock = { now: NOW };

    beforeEach(async () => {
      clock.now = NOW;
      await t.portal.services.jobs.stop();
      for (const table of ["alert_delivery", "search_alert", "job_lease"]) {
        await t.portal.dataSource.query(`DELETE FROM ${table}`);
      }
    });
    afterEach(() => {
      clock.now = NOW;
      vi.restoreAllMocks();
    });

    const smtp = () => createMailer({ smtpUrl: mailbox.url, from: "portail@test", dataDir: t.dataDir });
    const digests = (
      options: { mailer?: Mailer; instanceId?: string; batchSize?: number } = {},
      source = t.portal.dataSource,
    ) =>
      new DigestService(source, {
        clock: { now: () => clock.now },
        mailer: options.mailer ?? smtp(),
        geo: t.portal.services.geo,
        publicUrl: t.url,
        secret: SECRET,
        instanceId: options.instanceId ?? "test",
        batchSize: options.batchSize,
      });
    const alert = async (fields: Omit<Partial<SearchAlert>, "criteria"> & { criteria?: object | string } = {}) => {
      const { criteria, ...rest } = fields;
      const row = Object.assign(new SearchAlert(), {
        id: randomUUID(),
        email: `famille-${randomUUID().slice(0, 8)}@exemple.test`,
        list: AlertList.NEWS,
        label: "Actualités",
        placeLabel: null,
        rhythm: AlertRhythm.DAILY,
        status: AlertStatus.ACTIVE,
        createdAt: at(-3 * DAY),
        confirmedAt: at(-3 * DAY),
        since: at(-DAY),
        lastSentAt: null,
        lastOpenedAt: null,
        bounces: 0,
        endedAt: null,
        endReason: null,
        ...rest,
        criteria: typeof criteria === "string" ? criteria : JSON.stringify(criteria ?? {}),
      });
      return t.portal.dataSource.getRepository(SearchAlert).save(row);
    };
    const stored = (id: string) => t.portal.dataSource.getRepository(SearchAlert).findOneByOrFail({ id });
    const deliveries = () => t.portal.dataSource.getRepository(AlertDelivery).find({ order: { period: "ASC" } });
    const article = (title: string, fields: Parameters<typeof buildMedia>[1] = {}) =>
      buildMedia(t.portal.dataSource, { title, createdAt: at(-HOUR), ...fields });
    const event = (title: string, fields: Parameters<typeof buildMedia>[1] = {}) =>
      article(title, {
        categories: [Category.EVENT],
        eventFrom: at(5 * DAY),
        eventTo: at(5 * DAY + 2 * HOUR),
        ...fields,
      });
    const crèche = (name: string, place: typeof PAU, fields: Parameters<typeof buildSheet>[1] = {}) =>
      buildSheet(t.portal.dataSource, {
        serviceName: name,
        city: place.city,
        latitude: place.latitude,
        longitude: place.longitude,
        types: [ServiceType.CRECHE],
        createdAt: at(-HOUR),
        ...fields,
      });
    const items = (mail: CapturedMail) => [...mail.text.matchAll(/^- (.+)$/gm)].map((match) => match[1]);

    it("runs as the portal's alert-digests job, hourly", async () => {
      vi.spyOn(t.portal.services.clock, "now").mockImplementation(() => clock.now);
      const family = await alert();
      await article("Par le job");
      expect(await t.portal.services.jobs.runDue()).toContain("alert-digests");
      expect(items(mailbox.to(family.email)[0])).toEqual(["Par le job"]);
      const lease = await t.portal.dataSource.getRepository(JobLease).findOneByOrFail({ name: "alert-digests" });
      expect(lease.nextRunAt).toEqual(at(HOUR));
    });

    it("services: new sheets and sheets given places, around the place, by distance, with their places", async () => {
      const family = await alert({
        list: AlertList.SERVICES,
        label: "Crèches avec places · 10 km autour de Lescar",
        criteria: {
          types: [ServiceType.CRECHE],
          withVacancies: true,
          near: { lat: LESCAR.latitude, lon: LESCAR.longitude, radiusKm: 10 },
        },
      });
      const gave = at(-2 * HOUR);
      await crèche("Crèche nouvelle à Pau", PAU, { availabilityGroups: places(2), availabilityGivenAt: gave });
      await crèche("Crèche de Lescar", LESCAR, {
        createdAt: at(-90 * DAY),
        availabilityGroups: places(1),
        availabilityGivenAt: gave,
      });
      await crèche("Crèche d'Orthez", ORTHEZ, { availabilityGroups: places(3), availabilityGivenAt: gave });
      await crèche("Crèche complète", PAU, {
        availabilityGroups: [{ ...places(0)[0], status: AvailabilityStatus.FULL, vacancies: null }],
        availabilityGivenAt: gave,
      });
      await crèche("Crèche sans places données", PAU);
      await crèche("Crèche aux places anciennes", PAU, {
        createdAt: at(-90 * DAY),
        availabilityGroups: places(2),
        availabilityGivenAt: at(-3 * DAY),
      });
      await crèche("Relais de Pau", PAU, {
        types: [ServiceType.RPE],
        availabilityGroups: places(2),
        availabilityGivenAt: gave,
      });

      const run = await digests().run();
      expect(run).toMatchObject({ alerts: 1, withNews: 1, claimed: 1, sent: 1 });
      expect(mailbox.messages).toHaveLength(1);
      const [mail] = mailbox.to(family.email);
      expect(mail.subject).toBe("2 nouveautés : Crèches avec places · 10 km autour de Lescar");
      expect(items(mail)).toEqual(["Crèche de Lescar", "Crèche nouvelle à Pau"]);
      const pau = Math.round(
        distanceKm({ lat: LESCAR.latitude, lon: LESCAR.longitude }, { lat: PAU.latitude, lon: PAU.longitude }),
      );
      expect(mail.text).toContain(`à ${pau} km, Pau`);
      expect(mail.text).toContain("1 place disponible (au 02/12)");
      expect(mail.text).toContain("Nouvelle fiche");
      const sheetLinks = mail.links.filter((link) => link.startsWith(`${t.url}/services/`));
      expect(sheetLinks).toHaveLength(2);
    });

    it("articles and events: public, published in the window, upcoming, matching places, words and categories", async () => {
      const news = await alert({
        list: AlertList.NEWS,
        label: "Motricité",
        criteria: { locations: ["Lescar"], textQuery: "motricite" },
      });
      const near = await alert({
        list: AlertList.EVENTS,
        label: "Évènements · 10 km autour de Lescar",
        criteria: { categories: [Category.EVENT], near: { lat: LESCAR.latitude, lon: LESCAR.longitude, radiusKm: 10 } },
      });
      const resources = await alert({ list: AlertList.RESOURCES, label: "Ressources", criteria: {} });

      await article("Atelier de motricité libre", { epci: [PAU_EPCI], createdAt: at(-3 * HOUR) });
      await article("Motricité : réservé", { epci: [PAU_EPCI], networks: [Network.EAJE] });
      await article("Motricité : ancien", { epci: [PAU_EPCI], createdAt: at(-2 * DAY) });
      await article("Motricité : brouillon", { epci: [PAU_EPCI], published: false });
      await article("Motricité ailleurs", { city: ["Orthez"] });
      await article("Guide de la motricité", { categories: [Category.RESOURCE], epci: [PAU_EPCI] });
      await article("Éveil musical", { epci: [PAU_EPCI] });
      await event("Motricité en famille", {
        city: ["Lescar"],
        eventAddress: "Salle des fêtes, Lescar",
        ...position(LESCAR),
      });
      await event("Motricité : déjà passé", { city: ["Lescar"], eventFrom: at(-5 * HOUR), eventTo: at(-4 * HOUR) });
      await event("Fête à Pau", { ...position(PAU), eventFrom: at(2 * DAY), eventTo: null });
      await event("Fête à Orthez", { ...position(ORTHEZ) });

      const run = await digests().run();
      expect(run).toMatchObject({ alerts: 3, withNews: 3, sent: 3 });
      const newsMail = mailbox.to(news.email)[0];
      expect(items(newsMail)).toEqual(["Motricité en famille", "Atelier de motricité libre"]);
      expect(newsMail.text).toMatch(/Évènement le 7 décembre 2026 à 10 h 00\n {2}Salle des fêtes, Lescar/);
      expect(newsMail.text).toContain("Publié le 02/12/2026");
      const nearMail = mailbox.to(near.email)[0];
      expect(items(nearMail)).toEqual(["Fête à Pau", "Motricité en famille"]);
      expect(nearMail.text).toMatch(/Salle des fêtes, Lescar, à moins d'1 km/);
      expect(items(mailbox.to(resources.email)[0])).toEqual(["Guide de la motricité"]);
      expect(mailbox.to(resources.email)[0].links).toContain(
        `${t.url}/ressources/${(await t.portal.dataSource.query("SELECT id FROM media WHERE title = 'Guide de la motricité'"))[0].id}`,
      );
    });

    it("shows ten items at most, then « et N autres » with the list's link", async () => {
      const family = await alert({ list: AlertList.NEWS, label: "Actualités" });
      for (let n = 0; n < 13; n++)
        await article(`Nouvelle ${String(n).padStart(2, "0")}`, { createdAt: at(-HOUR - n * 60_000) });
      await digests().run();
      const [mail] = mailbox.to(family.email);
      expect(mail.subject).toBe("13 nouveautés : Actualités");
      expect(items(mail)).toEqual(Array.from({ length: 10 }, (_, n) => `Nouvelle ${String(n).padStart(2, "0")}`));
      expect(mail.text).toContain(`Et 3 autres, voir la liste sur le portail : ${t.url}/actualites\n`);
      expect((mail.html.match(/<li>/g) ?? []).length).toBe(10);
    });

    it("sends nothing and claims nothing when nothing is new, and starts the next window from the run", async () => {
      const family = await alert({ list: AlertList.SERVICES, criteria: { types: [ServiceType.MAM] } });
      await crèche("Crèche récente", PAU);
      await article("Une actualité");
      const run = await digests().run();
      expect(run).toMatchObject({ alerts: 1, withNews: 0, sent: 0 });
      expect(mailbox.messages).toHaveLength(0);
      expect(await deliveries()).toEqual([]);
      // Its window is closed: the next run does not read the same day again.
      expect((await stored(family.id)).since).toEqual(NOW);
    });

    it("is plain text and HTML for screen readers, with RFC 8058 headers and valid links to stop and manage", async () => {
      const family = await alert({ label: "Actualités" });
      await article("Une actualité");
      await digests().run();
      const [mail] = mailbox.to(family.email);
      expect(mail.text).toContain("Une actualité");
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toMatch(/<ul>\s*<li><a href="[^"]+\/actualites\/[^"]+"[^>]*>Une actualité<\/a>/);
      expect(mail.html).not.toMatch(/<img|<table/i);
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      const oneClick = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"])?.[1] ?? "";
      const url = new URL(oneClick);
      expect(`${url.origin}${url.pathname}`).toBe(`${t.url}/api/alerts/unsubscribe`);
      expect(readAlertLink(SECRET, url.searchParams.get("token") ?? "", "stop", NOW)?.subject).toBe(family.id);
      const stop = mail.links.find((link) => link.includes("/alertes/arreter?jeton="));
      expect(readAlertLink(SECRET, new URL(stop!).searchParams.get("jeton")!, "stop", NOW)?.subject).toBe(family.id);
      expect(mail.text).toContain("Ne plus recevoir cette alerte : ");
      const manage = mail.links.find((link) => link.includes("/alertes?jeton="));
      expect(readAlertLink(SECRET, new URL(manage!).searchParams.get("jeton")!, "manage", NOW)?.subject).toBe(
        family.email,
      );
      expect(mail.html).toContain("Gérer mes alertes");
    });

    it("leaves the alert in one click from the e-mail's List-Unsubscribe header (the portal's own secret)", async () => {
      vi.spyOn(t.portal.services.clock, "now").mockImplementation(() => clock.now);
      const family = await alert({
        list: AlertList.SERVICES,
        label: "Crèches · Lescar",
        placeLabel: "Lescar",
        criteria: { types: [ServiceType.CRECHE], near: { lat: LESCAR.latitude, lon: LESCAR.longitude, radiusKm: 10 } },
      });
      await crèche("Crèche nouvelle", LESCAR);
      await t.portal.services.alertDigests.run();
      const [mail] = mailbox.to(family.email);
      // The portal's PUBLIC_URL (not its test port) starts the links.
      const list = new URL(mail.links.find((link) => new URL(link).pathname === "/services") ?? t.url);
      expect(Object.fromEntries(list.searchParams)).toMatchObject({ ou: "Lescar", types: "CRECHE" });
      const oneClick = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"])?.[1] ?? "";
      const { pathname, search } = new URL(oneClick);
      expect(pathname).toBe("/api/alerts/unsubscribe");
      const response = await fetch(`${t.url}${pathname}${search}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(200);
      expect(await stored(family.id)).toMatchObject({ status: AlertStatus.ENDED, endReason: "UNSUBSCRIBED" });
    });

    it("DAILY: one e-mail a Paris day however often it runs; what came after goes the next day", async () => {
      const family = await alert({ rhythm: AlertRhythm.DAILY });
      await article("Premier");
      await digests().run();
      expect((await stored(family.id)).since).toEqual(NOW);
      clock.now = at(HOUR);
      await article("Second", { createdAt: at(30 * 60_000) });
      await digests().run();
      clock.now = at(2 * HOUR);
      await digests().run();
      expect(mailbox.to(family.email).map(items)).toEqual([["Premier"]]);
      // 00:30 the next day in Paris.
      clock.now = new Date("2026-12-02T23:30:00Z");
      await digests().run();
      expect(mailbox.to(family.email).map(items)).toEqual([["Premier"], ["Second"]]);
      expect((await deliveries()).map((row) => [row.period, row.sentAt !== null])).toEqual([
        ["2026-12-02", true],
        ["2026-12-03", true],
      ]);
    });

    it("WEEKLY: one e-mail an ISO week", async () => {
      const family = await alert({ rhythm: AlertRhythm.WEEKLY });
      await article("Mercredi");
      await digests().run();
      clock.now = at(DAY);
      await article("Jeudi", { createdAt: at(DAY - HOUR) });
      await digests().run();
      expect(mailbox.to(family.email)).toHaveLength(1);
      clock.now = new Date("2026-12-07T08:00:00Z");
      await digests().run();
      expect(mailbox.to(family.email).map(items)).toEqual([["Mercredi"], ["Jeudi"]]);
      expect((await deliveries()).map((row) => row.period)).toEqual(["2026-W49", "2026-W50"]);
    });

    it("after a crash between the e-mail and its record: never sent again for the period, its items in the next", async () => {
      const family = await alert();
      await article("Avant la panne");
      let crash = true;
      const real = smtp();
      const crashing: Mailer = {
        async send(message) {
          await real.send(message);
          if (crash) throw new Error("process killed after the mail server accepted the e-mail");
        },
      };
      await expect(digests({ mailer: crashing }).run()).rejects.toThrow("process killed");
      crash = false;
      expect(mailbox.to(family.email)).toHaveLength(1);
      const [claim] = await deliveries();
      expect(claim).toMatchObject({ alertId: family.id, period: "2026-12-02", sentAt: null });

      clock.now = at(HOUR);
      expect(await digests({ mailer: crashing }).run()).toMatchObject({ alerts: 0, sent: 0 });
      expect(mailbox.to(family.email)).toHaveLength(1);

      clock.now = at(DAY);
      await article("Après la panne", { createdAt: at(DAY - HOUR) });
      await digests({ mailer: crashing }).run();
      expect(mailbox.to(family.email).map(items)).toEqual([["Avant la panne"], ["Après la panne", "Avant la panne"]]);
    });

    it("counts refusals of the address (5xx), ends the alert after three in a row; a success starts again", async () => {
      const family = await alert();
      const other = await alert();
      mailbox.refused.add(family.email);
      for (let day = 0; day < 2; day++) {
        clock.now = at(day * DAY);
        await article(`Jour ${day}`, { createdAt: at(day * DAY - HOUR) });
        expect(await digests().run()).toMatchObject({ bounced: 1 });
      }
      expect(await stored(family.id)).toMatchObject({ bounces: 2, status: AlertStatus.ACTIVE });
      mailbox.refused.delete(family.email);
      clock.now = at(2 * DAY);
      await digests().run();
      expect(await stored(family.id)).toMatchObject({ bounces: 0, status: AlertStatus.ACTIVE });
      // Nothing lost: the refused days' items came with the day it worked.
      expect(items(mailbox.to(family.email)[0])).toEqual(["Jour 1", "Jour 0"]);

      mailbox.refused.add(family.email);
      for (let day = 3; day < 6; day++) {
        clock.now = at(day * DAY);
        await article(`Jour ${day}`, { createdAt: at(day * DAY - HOUR) });
        await digests().run();
      }
      expect(await stored(family.id)).toMatchObject({ bounces: 3, status: AlertStatus.ENDED, endReason: "BOUNCED" });
      expect((await stored(other.id)).bounces).toBe(0);
      // Five days had something new (none on day 2).
      expect(mailbox.to(other.email)).toHaveLength(5);
    });

    it.runIf(isMysql())(
      "two instances at once on one database: each alert's period e-mailed exactly once",
      async () => {
        const databaseUrl = (t.portal.dataSource.options as { url?: string }).url ?? null;
        const second = await openDatabase({ databaseUrl, dataDir: t.dataDir });
        try {
          const families = [];
          for (let n = 0; n < 40; n++) families.push(await alert({ email: `famille${n}@exemple.test` }));
          await article("Pour tout le monde");
          const runs = await Promise.all([
            digests({ instanceId: "instance-a", batchSize: 7 }).run(),
            digests({ instanceId: "instance-b", batchSize: 7 }, second).run(),
          ]);
          expect(runs[0].sent + runs[1].sent).toBe(40);
          expect(families.map((family) => mailbox.to(family.email).length)).toEqual(families.map(() => 1));
          const rows = await deliveries();
          expect(rows).toHaveLength(40);
          expect(rows.every((row) => row.sentAt !== null)).toBe(true);
          // Both ran again: nothing more.
          await Promise.all([
            digests({ instanceId: "instance-a" }).run(),
            digests({ instanceId: "instance-b" }, second).run(),
          ]);
          expect(mailbox.messages).toHaveLength(40);
        } finally {
          await second.destroy();
        }
      },
    );
  });
}
