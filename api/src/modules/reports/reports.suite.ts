import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { buildMedia, buildSheet, buildUser, Category, Network, Role } from "../../../test/factories";
import { useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { ThrottleEntry } from "../auth/throttle.entity";
import { Report, ReportStatus } from "./report.entity";
import { REPORT_LIMITS, TOO_MANY_REPORTS_MESSAGE } from "./report.service";

const PUBLIC_URL = "https://parentalite.example.fr";
const REPORT = `mutation ($input: ReportInput!) { reportError(input: $input) }`;
const LIST = `query ($status: ReportStatus, $page: Int) {
  reports(status: $status, page: $page) {
    count counts { status count }
    results { id itemType itemId itemLabel itemPath message reporterEmail status createdAt handledAt handledBy }
  }
}`;
const SET_STATUS = `mutation ($id: ID!, $status: ReportStatus!) {
  setReportStatus(id: $id, status: $status) { id status handledAt handledBy }
}`;
const MESSAGE = "Le numéro de téléphone a changé : c'est désormais le 05 59 12 34 56.";

/** The error-report suite, run on the configured engine and (twin file) on SQLite. */
export function reportsSuite(): void {
  describe("« Signaler une erreur »", () => {
    const mailbox = useMailbox();
    const t = useTestPortal(() => ({ SMTP_URL: mailbox.url, PUBLIC_URL }));

    const stored = () => t.portal.dataSource.getRepository(Report).find({ order: { createdAt: "ASC", id: "ASC" } });
    const from = (address: string) => newAgent(t, { "x-forwarded-for": address });
    const serviceOf = async (fields: Parameters<typeof buildSheet>[1] = {}) => {
      const owner = await buildUser(t.portal.dataSource, {
        role: Role.FULL_PARTNER,
        email: `owner-${randomUUID()}@example.org`,
      });
      const service = await buildSheet(t.portal.dataSource, {
        userIds: [owner.id],
        email: "accueil@structure.example.org",
        ...fields,
      });
      return { owner, service };
    };

    it("reaches the owner's account with the page's link and the message, and acknowledges the reporter", async () => {
      const { owner, service } = await serviceOf({ serviceName: "Crèche Les Pitchouns" });
      const result = await from("192.0.2.1").graphql(REPORT, {
        input: { itemType: "SERVICE", itemId: service.id, message: `  ${MESSAGE}  `, email: " Parent@Example.org " },
      });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ reportError: true });

      expect(mailbox.messages).toHaveLength(2);
      const toOwner = mailbox.to(owner.email);
      expect(toOwner).toHaveLength(1);
      expect(toOwner[0]).toMatchObject({
        subject: "Portail parentalité : signalement d'une erreur : Crèche Les Pitchouns",
        replyTo: "parent@example.org",
      });
      expect(toOwner[0].text).toContain(MESSAGE);
      expect(toOwner[0].links).toContain(`${PUBLIC_URL}/services/${service.id}`);
      // The owner's account, not the sheet's public address.
      expect(mailbox.to("accueil@structure.example.org")).toEqual([]);

      const ack = mailbox.to("parent@example.org");
      expect(ack).toHaveLength(1);
      expect(ack[0].subject).toBe("Portail parentalité : votre signalement a bien été reçu");
      expect(ack[0].text).toContain(
        "Nous avons bien reçu votre signalement concernant la fiche de service « Crèche Les Pitchouns »",
      );
      // Neither the owner's address nor the message (the form cannot send chosen words to a third party).
      expect(ack[0].raw).not.toContain(owner.email);
      expect(ack[0].text).not.toContain("05 59 12 34 56");

      expect(await stored()).toMatchObject([
        {
          itemType: "SERVICE",
          itemId: service.id,
          itemLabel: "Crèche Les Pitchouns",
          itemPath: `/services/${service.id}`,
          message: MESSAGE,
          reporterEmail: "parent@example.org",
          status: ReportStatus.NEW,
          handledAt: null,
          handledBy: null,
        },
      ]);
    });

    it("reaches an article's author, without Reply-To or acknowledgement when no address is left", async () => {
      const author = await buildUser(t.portal.dataSource, { role: Role.NEWS_PARTNER });
      const resource = await buildMedia(t.portal.dataSource, {
        title: "Guide des aides",
        userIds: [author.id],
        categories: [Category.RESOURCE],
      });
      const result = await from("192.0.2.2").graphql(REPORT, {
        input: {
          itemType: "MEDIA",
          itemId: resource.id,
          message: "Le lien vers le formulaire ne marche plus.",
          email: "",
        },
      });
      expect(result.errors).toBeUndefined();
      expect(mailbox.messages).toHaveLength(1);
      const [mail] = mailbox.to(author.email);
      expect(mail.replyTo).toBeNull();
      expect(mail.text).toContain("Une personne a signalé une erreur sur l'article « Guide des aides » :");
      expect(mail.text).toContain("Elle n'a pas laissé d'adresse e-mail.");
      expect(mail.links).toContain(`${PUBLIC_URL}/ressources/${resource.id}`);
      expect(await stored()).toMatchObject([{ itemPath: `/ressources/${resource.id}`, reporterEmail: null }]);
    });

    it("falls back on the sheet's own address when its owner's account is gone", async () => {
      const service = await buildSheet(t.portal.dataSource, {
        userIds: [randomUUID()],
        email: "accueil@mam.example.org",
      });
      // As the web form sends it: no address, an empty honeypot.
      const result = await from("192.0.2.3").graphql(REPORT, {
        input: {
          itemType: "SERVICE",
          itemId: service.id,
          message: "Les horaires ne sont plus les bons.",
          email: null,
          website: null,
        },
      });
      expect(result.errors).toBeUndefined();
      expect(mailbox.messages.map((mail) => mail.to)).toEqual([["accueil@mam.example.org"]]);
    });

    it("answers a filled honeypot as a success, storing and sending nothing", async () => {
      const { service } = await serviceOf();
      const result = await from("192.0.2.4").graphql(REPORT, {
        input: {
          itemType: "SERVICE",
          itemId: service.id,
          message: MESSAGE,
          email: "bot@example.org",
          website: "http://spam.example",
        },
      });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ reportError: true });
      expect(await stored()).toEqual([]);
      expect(mailbox.messages).toEqual([]);
      expect(await t.portal.dataSource.getRepository(ThrottleEntry).count()).toBe(0);
    });

    it(`takes ${REPORT_LIMITS.address.max} reports an hour from one address, then refuses and stores nothing`, async () => {
      const services = await Promise.all(
        Array.from({ length: REPORT_LIMITS.address.max + 1 }, () => buildSheet(t.portal.dataSource)),
      );
      const agent = from("198.51.100.7");
      for (const service of services.slice(0, -1)) {
        const ok = await agent.graphql(REPORT, {
          input: { itemType: "SERVICE", itemId: service.id, message: MESSAGE },
        });
        expect(ok.errors).toBeUndefined();
      }
      const refused = await agent.graphql(REPORT, {
        input: { itemType: "SERVICE", itemId: services.at(-1)!.id, message: MESSAGE },
      });
      expect(refused.errors?.[0]).toMatchObject({
        message: TOO_MANY_REPORTS_MESSAGE,
        extensions: { code: "TOO_MANY_REQUESTS" },
      });
      expect(TOO_MANY_REPORTS_MESSAGE).toMatch(/^Trop de signalements.*réessayez plus tard\.$/);
      expect(await stored()).toHaveLength(REPORT_LIMITS.address.max);
      expect(mailbox.messages).toHaveLength(REPORT_LIMITS.address.max);

      // Another address is not held back.
      const other = await from("198.51.100.8").graphql(REPORT, {
        input: { itemType: "SERVICE", itemId: services.at(-1)!.id, message: MESSAGE },
      });
      expect(other.errors).toBeUndefined();
      expect(await stored()).toHaveLength(REPORT_LIMITS.address.max + 1);
    });

    it(`takes ${REPORT_LIMITS.item.max} reports a day on one item, whatever the addresses, then refuses`, async () => {
      const { service } = await serviceOf();
      for (let i = 0; i < REPORT_LIMITS.item.max; i++) {
        const ok = await from(`203.0.113.${i + 1}`).graphql(REPORT, {
          input: { itemType: "SERVICE", itemId: service.id, message: `${MESSAGE} (${i})` },
        });
        expect(ok.errors).toBeUndefined();
      }
      const refused = await from("203.0.113.200").graphql(REPORT, {
        input: { itemType: "SERVICE", itemId: service.id, message: MESSAGE },
      });
      expect(refused.errors?.[0]).toMatchObject({
        message: TOO_MANY_REPORTS_MESSAGE,
        extensions: { code: "TOO_MANY_REQUESTS" },
      });
      expect(await stored()).toHaveLength(REPORT_LIMITS.item.max);

      // Another item from that address is still taken.
      const { service: other } = await serviceOf();
      const ok = await from("203.0.113.200").graphql(REPORT, {
        input: { itemType: "SERVICE", itemId: other.id, message: MESSAGE },
      });
      expect(ok.errors).toBeUndefined();
    });

    it("answers NOT_FOUND for what the reporter cannot see, and stores nothing", async () => {
      const restricted = await buildMedia(t.portal.dataSource, { title: "Réservé RPE", networks: [Network.RPE] });
      const draft = await buildMedia(t.portal.dataSource, { title: "Brouillon", published: false });
      const cases = [
        { itemType: "MEDIA", itemId: restricted.id, message: "Réservé RPE", code: "Cet article est introuvable." },
        { itemType: "MEDIA", itemId: draft.id, message: "Brouillon", code: "Cet article est introuvable." },
        { itemType: "MEDIA", itemId: randomUUID(), message: "Inconnu", code: "Cet article est introuvable." },
        { itemType: "SERVICE", itemId: randomUUID(), message: "Inconnu", code: "Ce service est introuvable." },
      ];
      const { agent: partner } = await actor(t, Role.FULL_PARTNER, { networks: [Network.RAJ] });
      for (const agent of [newAgent(t), partner]) {
        for (const { code, ...input } of cases) {
          const result = await agent.graphql(REPORT, {
            input: { ...input, message: `${input.message} : erreur de date.` },
          });
          expect(result.errors?.[0]).toMatchObject({ message: code, extensions: { code: "NOT_FOUND" } });
        }
      }
      expect(await stored()).toEqual([]);
      expect(mailbox.messages).toEqual([]);

      // A member of the network reads it, so may report it.
      const { agent: member } = await actor(t, Role.NEWS_PARTNER, { networks: [Network.RPE] });
      const ok = await member.graphql(REPORT, {
        input: { itemType: "MEDIA", itemId: restricted.id, message: MESSAGE },
      });
      expect(ok.errors).toBeUndefined();
      expect(await stored()).toHaveLength(1);
    });

    const badInputs: Array<[string, Record<string, unknown>, string]> = [
      [
        "a message too short once cleaned",
        { message: "  pas     bon  \n\n\n " },
        "Décrivez ce qui est inexact en 10 caractères au moins.",
      ],
      [
        "a message over 2000 characters",
        { message: "a".repeat(2001) },
        "Le message ne doit pas dépasser 2000 caractères.",
      ],
      ["a bad e-mail", { message: MESSAGE, email: "parent@example" }, "L'adresse e-mail n'est pas valide."],
      [
        "an e-mail with spaces",
        { message: MESSAGE, email: "pa rent@example.org" },
        "L'adresse e-mail n'est pas valide.",
      ],
    ];

    it.each(badInputs)("refuses %s with a French message and stores nothing", async (_name, fields, message) => {
      const { service } = await serviceOf();
      const result = await from("192.0.2.9").graphql(REPORT, {
        input: { itemType: "SERVICE", itemId: service.id, ...fields },
      });
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
      expect(await stored()).toEqual([]);
      expect(mailbox.messages).toEqual([]);
    });

    it("keeps reports from visitors and partners, and lets administrators list and handle them", async () => {
      const { service } = await serviceOf({ serviceName: "Relais petite enfance" });
      await from("192.0.2.20").graphql(REPORT, {
        input: { itemType: "SERVICE", itemId: service.id, message: MESSAGE },
      });
      await from("192.0.2.21").graphql(REPORT, {
        input: {
          itemType: "SERVICE",
          itemId: service.id,
          message: "L'adresse est incomplète.",
          email: "a@example.org",
        },
      });
      const [first, second] = await stored();

      for (const who of ["visitor", Role.NEWS_PARTNER, Role.FULL_PARTNER] as const) {
        const { agent } = await actor(t, who);
        const code = who === "visitor" ? "UNAUTHENTICATED" : "FORBIDDEN";
        const list = await agent.graphql(LIST, {});
        expect(list.errors?.[0].extensions?.code).toBe(code);
        expect(list.data).toBeNull();
        const set = await agent.graphql(SET_STATUS, { id: first.id, status: "HANDLED" });
        expect(set.errors?.[0].extensions?.code).toBe(code);
      }
      expect((await stored()).map((report) => report.status)).toEqual([ReportStatus.NEW, ReportStatus.NEW]);

      const { agent: admin } = await actor(t, Role.ADMIN, { surname: "Etchebarne", name: "Ana" });
      const all = await admin.graphql(LIST, { status: "NEW" });
      expect(all.errors).toBeUndefined();
      expect(all.data.reports).toMatchObject({
        count: 2,
        counts: [
          { status: "NEW", count: 2 },
          { status: "HANDLED", count: 0 },
          { status: "REJECTED", count: 0 },
        ],
      });
      // Newest first.
      expect(all.data.reports.results.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
      expect(all.data.reports.results[0]).toMatchObject({
        reporterEmail: "a@example.org",
        itemLabel: "Relais petite enfance",
      });

      const handled = await admin.graphql(SET_STATUS, { id: first.id, status: "HANDLED" });
      expect(handled.errors).toBeUndefined();
      expect(handled.data.setReportStatus).toMatchObject({ status: "HANDLED", handledBy: "Etchebarne Ana" });
      expect(Date.now() - new Date(handled.data.setReportStatus.handledAt).getTime()).toBeLessThan(60_000);
      await admin.graphql(SET_STATUS, { id: second.id, status: "REJECTED" });

      const news = await admin.graphql(LIST, { status: "NEW" });
      expect(news.data.reports).toMatchObject({
        count: 0,
        results: [],
        counts: [
          { status: "NEW", count: 0 },
          { status: "HANDLED", count: 1 },
          { status: "REJECTED", count: 1 },
        ],
      });
      const done = await admin.graphql(LIST, { status: "HANDLED" });
      expect(done.data.reports.results).toMatchObject([{ id: first.id, handledBy: "Etchebarne Ana" }]);
      expect((await admin.graphql(LIST, {})).data.reports.count).toBe(2);

      const missing = await admin.graphql(SET_STATUS, { id: randomUUID(), status: "HANDLED" });
      expect(missing.errors?.[0]).toMatchObject({
        message: "Ce signalement est introuvable.",
        extensions: { code: "NOT_FOUND" },
      });
    });
  });
}
