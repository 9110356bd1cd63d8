import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { buildSheet, Role, ServiceType } from "../../../test/factories";
import { type CapturedMail, useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { ALERT_LIMITS, ALERT_MESSAGES, ALERT_PRIVACY_NOTE } from "../../shared/alerts-rules";
import { INVALID_EMAIL_MESSAGE } from "../../shared/form-rules";
import { wholeSeconds } from "../common/clock";
import { AlertDelivery, AlertEndReason, AlertList, AlertRhythm, AlertStatus, SearchAlert } from "./alert.entity";
import { signAlertLink } from "./alert-links";

const SUBSCRIBE = `mutation ($input: AlertSubscriptionInput!) { subscribeAlert(input: $input) { message } }`;
const FIELDS = "id list label rhythm status createdAt confirmedAt lastSentAt listPath";
const CONFIRM = `mutation ($token: String!) { confirmAlert(token: $token) { ${FIELDS} } }`;
const OF_ADDRESS = `query ($token: String!) { alertsOfAddress(token: $token) { email alerts { ${FIELDS} } } }`;
const UPDATE = `mutation ($token: String!, $id: ID!, $rhythm: AlertRhythm, $paused: Boolean) {
  updateAlert(token: $token, id: $id, rhythm: $rhythm, paused: $paused) { ${FIELDS} } }`;
const DELETE = `mutation ($token: String!, $id: ID!) { deleteAlert(token: $token, id: $id) }`;
const ERASE = `mutation ($token: String!) { eraseAlertAddress(token: $token) }`;
const SEND_LINK = `mutation ($email: String!) { sendAlertsLink(email: $email) { message } }`;
const STOP = `mutation ($token: String!) { stopAlert(token: $token) { id status } }`;
const STATS = `query { alertStats { byList { key active pending } byPlace { key active pending }
  emptySearches { list label listPath subscribers } searchesChecked } }`;

const LEA = "lea@example.org";
const LESCAR = { lat: 43.3333, lon: -0.4333, radiusKm: 10 };
const CRECHES = {
  email: LEA,
  list: "SERVICES",
  services: { types: ["CRECHE"], withVacancies: true, near: LESCAR, page: 2, pageSize: 50 },
  rhythm: "WEEKLY",
  placeLabel: "Lescar",
};
const T0 = wholeSeconds(new Date());

/** The token of a link of the portal's (`?jeton=`) in a message. */
const tokenIn = (mail: CapturedMail, path: string): string => {
  const link = mail.links.find((found) => new URL(found).pathname === path);
  if (!link) throw new Error(`No ${path} link in:\n${mail.text}`);
  return new URL(link).searchParams.get("jeton")!;
};

/** « Me prévenir », on the engine DATABASE_URL selects. */
export function alertsSuite() {
  describe("e-mail alerts on a search (« Me prévenir »)", () => {
    const mailbox = useMailbox();
    const t = useTestPortal(() => ({ SMTP_URL: mailbox.url, JOB_CHECK_SECONDS: "3600" }));
    const clock = { now: T0 };
    const alerts = () => t.portal.dataSource.getRepository(SearchAlert);
    const visitor = (ip = "203.0.113.1") => newAgent(t, { "x-forwarded-for": ip });
    const link = (kind: "manage" | "stop" | "confirm", subject: string) =>
      new URL(t.portal.services.alerts.link(kind, subject)).searchParams.get("jeton")!;

    beforeEach(async () => {
      clock.now = T0;
      vi.spyOn(t.portal.services.clock, "now").mockImplementation(() => clock.now);
      await t.portal.services.jobs.stop();
      await t.portal.dataSource.query("DELETE FROM job_lease");
    });
    afterEach(() => vi.restoreAllMocks());

    /** Subscribes and confirms; returns the alert's id and its confirmation mail. */
    const subscribed = async (input: Record<string, unknown> = CRECHES, confirm = true) => {
      const before = mailbox.messages.length;
      const result = await visitor().graphql(SUBSCRIBE, { input });
      expect(result.errors).toBeUndefined();
      const mail = await mailbox.waitFor((found) => mailbox.messages.indexOf(found) >= before);
      const token = tokenIn(mail, "/alertes/confirmer");
      if (confirm) expect((await visitor().graphql(CONFIRM, { token })).errors).toBeUndefined();
      // The confirmation link names its alert.
      const [, id] = JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString()) as [string, string];
      return { token, id };
    };

    it("stores a pending alert and sends only a confirmation e-mail, in French, without images", async () => {
      const result = await visitor().graphql(SUBSCRIBE, { input: { ...CRECHES, email: "Lea@Example.ORG" } });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ subscribeAlert: { message: ALERT_MESSAGES.sent } });
      const mail = await mailbox.waitFor();
      expect(mailbox.messages).toHaveLength(1);
      expect(mail.to).toEqual([LEA]);
      expect(mail.subject).toBe("Portail parentalité : confirmez votre alerte");
      expect(mail.text).toContain("« Crèches avec places · 10 km autour de Lescar »");
      expect(mail.text).toContain("Rythme : Une fois par semaine");
      expect(mail.text).toContain(ALERT_PRIVACY_NOTE);
      expect(mail.html).not.toMatch(/<img/i);
      expect(tokenIn(mail, "/alertes/confirmer")).toBeTruthy();
      // « Mes alertes », for later, after the confirmation link.
      expect(mail.text.indexOf("Pour gérer vos alertes plus tard :")).toBeGreaterThan(
        mail.text.indexOf("/alertes/confirmer"),
      );
      const listed = await visitor().graphql(OF_ADDRESS, { token: tokenIn(mail, "/alertes") });
      expect(listed.data?.alertsOfAddress).toMatchObject({ email: LEA, alerts: [{ status: "PENDING" }] });

      const [alert] = await alerts().find();
      expect(alert).toMatchObject({
        email: LEA,
        list: AlertList.SERVICES,
        status: AlertStatus.PENDING,
        rhythm: AlertRhythm.WEEKLY,
        placeLabel: "Lescar",
        confirmedAt: null,
        since: null,
      });
      // The list's own search, without its page.
      expect(JSON.parse(alert.criteria)).toEqual({ types: ["CRECHE"], withVacancies: true, near: LESCAR });
    });

    it("answers the same whether the address has alerts or not", async () => {
      const first = await visitor().graphql(SUBSCRIBE, { input: CRECHES });
      const again = await visitor().graphql(SUBSCRIBE, {
        input: { ...CRECHES, list: "EVENTS", services: null, media: { textQuery: "portage" } },
      });
      expect(again.data).toEqual(first.data);
      expect(again.errors).toBeUndefined();
    });

    it("refuses an alert without a search, on the wrong list or with a bad address; nothing stored or sent", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...CRECHES, services: { page: 0 } }, ALERT_MESSAGES.noSearch],
        [{ ...CRECHES, services: null }, ALERT_MESSAGES.noSearch],
        [{ ...CRECHES, services: { openNow: true } }, ALERT_MESSAGES.noSearch],
        [{ ...CRECHES, list: "NEWS" }, ALERT_MESSAGES.wrongSearch],
        [{ ...CRECHES, email: "lea@" }, INVALID_EMAIL_MESSAGE],
      ];
      for (const [input, message] of cases) {
        const result = await visitor().graphql(SUBSCRIBE, { input });
        expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
      }
      expect(await alerts().count()).toBe(0);
      expect(mailbox.messages).toEqual([]);
    });

    it("confirms once: the consent dated, a second press changes nothing", async () => {
      const { token, id } = await subscribed(CRECHES, false);
      clock.now = new Date(T0.getTime() + 3600_000);
      const confirmed = await visitor().graphql(CONFIRM, { token });
      expect(confirmed.data?.confirmAlert).toMatchObject({
        id,
        status: "ACTIVE",
        label: "Crèches avec places · 10 km autour de Lescar",
        listPath: "/services?ou=Lescar&lat=43.33330&lon=-0.43330&types=CRECHE&places=disponibles",
      });
      const stored = await alerts().findOneByOrFail({ id });
      expect(stored.confirmedAt).toEqual(clock.now);
      expect(stored.since).toEqual(clock.now);
      expect(stored.lastOpenedAt).toEqual(clock.now);

      clock.now = new Date(T0.getTime() + 7200_000);
      const again = await visitor().graphql(CONFIRM, { token });
      expect(again.data?.confirmAlert).toMatchObject({ id, status: "ACTIVE" });
      expect((await alerts().findOneByOrFail({ id })).confirmedAt).toEqual(stored.confirmedAt);
      // Nothing but the confirmation request was ever sent.
      expect(mailbox.messages).toHaveLength(1);
    });

    it("refuses forged, expired and other kinds of links, and changes nothing", async () => {
      const { token, id } = await subscribed(CRECHES, false);
      const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
      const otherSecret = signAlertLink("another-secret-of-32-characters!!", "confirm", id, T0);
      for (const bad of [forged, otherSecret, link("stop", id), link("manage", LEA), "nonsense"]) {
        const result = await visitor().graphql(CONFIRM, { token: bad });
        expect(result.errors?.[0]).toMatchObject({ message: ALERT_MESSAGES.invalidLink });
      }
      clock.now = new Date(T0.getTime() + 8 * 86_400_000);
      expect((await visitor().graphql(CONFIRM, { token })).errors?.[0].message).toBe(ALERT_MESSAGES.invalidLink);
      for (const bad of [link("confirm", LEA), link("stop", id)]) {
        expect((await visitor().graphql(OF_ADDRESS, { token: bad })).errors?.[0].message).toBe(
          ALERT_MESSAGES.invalidLink,
        );
        expect((await visitor().graphql(ERASE, { token: bad })).errors?.[0].message).toBe(ALERT_MESSAGES.invalidLink);
      }
      expect((await visitor().graphql(STOP, { token: link("manage", LEA) })).errors?.[0].message).toBe(
        ALERT_MESSAGES.invalidLink,
      );
      expect(await alerts().findOneByOrFail({ id })).toMatchObject({ status: "PENDING", lastOpenedAt: null });
    });

    it("lists, changes and deletes an address's alerts through its link, and only them", async () => {
      const { id } = await subscribed();
      const other = await subscribed({ ...CRECHES, email: "paul@example.org" });
      const token = link("manage", LEA);
      clock.now = new Date(T0.getTime() + 86_400_000);

      const listed = await visitor().graphql(OF_ADDRESS, { token });
      expect(listed.data?.alertsOfAddress).toMatchObject({ email: LEA, alerts: [{ id, status: "ACTIVE" }] });
      expect(listed.data?.alertsOfAddress.alerts).toHaveLength(1);
      expect((await alerts().findOneByOrFail({ id })).lastOpenedAt).toEqual(clock.now);

      const paused = await visitor().graphql(UPDATE, { token, id, rhythm: "DAILY", paused: true });
      expect(paused.data?.updateAlert).toMatchObject({ id, rhythm: "DAILY", status: "PAUSED" });
      clock.now = new Date(T0.getTime() + 3 * 86_400_000);
      const resumed = await visitor().graphql(UPDATE, { token, id, paused: false });
      expect(resumed.data?.updateAlert).toMatchObject({ status: "ACTIVE" });
      // What came during the pause is not told: the next digest starts from the resumption.
      expect((await alerts().findOneByOrFail({ id })).since).toEqual(wholeSeconds(clock.now));

      // Paul's alert is not Léa's to see, change or delete.
      for (const [query, variables] of [
        [UPDATE, { token, id: other.id, paused: true }],
        [DELETE, { token, id: other.id }],
      ] as const) {
        const refused = await visitor().graphql(query, variables);
        expect(refused.errors?.[0]).toMatchObject({ message: ALERT_MESSAGES.notFound });
      }
      expect(await alerts().findOneByOrFail({ id: other.id })).toMatchObject({ status: "ACTIVE" });

      expect((await visitor().graphql(DELETE, { token, id })).data).toEqual({ deleteAlert: true });
      expect(await alerts().countBy({ email: LEA })).toBe(0);
      expect(await alerts().countBy({ email: "paul@example.org" })).toBe(1);
    });

    it("erases everything of an address: its alerts and their deliveries", async () => {
      const { id } = await subscribed();
      await subscribed({ ...CRECHES, services: { types: ["MAM"] } }, false);
      const paul = await subscribed({ ...CRECHES, email: "paul@example.org" });
      const deliveries = t.portal.dataSource.getRepository(AlertDelivery);
      for (const alertId of [id, paul.id]) {
        await deliveries.insert({
          id: randomUUID(),
          alertId,
          period: "2026-W48",
          claimedBy: "test",
          claimedAt: T0,
          sentAt: T0,
          itemCount: 2,
        });
      }
      const erased = await visitor().graphql(ERASE, { token: link("manage", LEA) });
      expect(erased.data).toEqual({ eraseAlertAddress: 2 });
      expect(await alerts().countBy({ email: LEA })).toBe(0);
      expect(await deliveries.countBy({ alertId: id })).toBe(0);
      expect(await deliveries.countBy({ alertId: paul.id })).toBe(1);
    });

    it("ends one alert with its stop link, and in one click by a form POST without cookies (RFC 8058)", async () => {
      const { id } = await subscribed();
      const second = await subscribed({ ...CRECHES, email: "paul@example.org" });
      const stopped = await visitor().graphql(STOP, { token: link("stop", id) });
      expect(stopped.data).toEqual({ stopAlert: { id, status: "ENDED" } });
      expect(await alerts().findOneByOrFail({ id })).toMatchObject({ endReason: AlertEndReason.UNSUBSCRIBED });

      const response = await fetch(
        `${t.url}/api/alerts/unsubscribe?token=${encodeURIComponent(link("stop", second.id))}`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: second.id, status: "ENDED" });
      expect(await alerts().findOneByOrFail({ id: second.id })).toMatchObject({
        status: AlertStatus.ENDED,
        endReason: AlertEndReason.UNSUBSCRIBED,
      });
      const forged = await fetch(`${t.url}/api/alerts/unsubscribe?token=forged`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(forged.status).toBe(400);
    });

    it("sends at most 3 confirmation e-mails to an address a day, with the same answer past it", async () => {
      for (let index = 0; index < ALERT_LIMITS.confirmationsPerAddress + 1; index++) {
        const result = await visitor(`203.0.113.${index + 10}`).graphql(SUBSCRIBE, {
          input: { ...CRECHES, services: { textQuery: `mot${index}` } },
        });
        expect(result.data).toEqual({ subscribeAlert: { message: ALERT_MESSAGES.sent } });
      }
      await mailbox.waitFor(() => mailbox.messages.length >= ALERT_LIMITS.confirmationsPerAddress);
      expect(mailbox.to(LEA)).toHaveLength(ALERT_LIMITS.confirmationsPerAddress);
      expect(await alerts().count()).toBe(ALERT_LIMITS.confirmationsPerAddress);
    });

    it("mails the « Mes alertes » link only to an address with alerts, with the same answer", async () => {
      const { id } = await subscribed();
      const ended = await subscribed({ ...CRECHES, email: "paul@example.org" });
      await visitor().graphql(STOP, { token: link("stop", ended.id) });
      mailbox.clear();
      const answer = { sendAlertsLink: { message: ALERT_MESSAGES.linkSent } };
      for (const email of ["zoe@example.org", "paul@example.org", " Lea@Example.ORG "]) {
        const result = await visitor().graphql(SEND_LINK, { email });
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual(answer);
      }
      const mail = await mailbox.waitFor();
      expect(mail.to).toEqual([LEA]);
      expect(mail.subject).toBe("Portail parentalité : le lien de vos alertes");
      expect(mail.html).not.toMatch(/<img/i);
      const listed = await visitor().graphql(OF_ADDRESS, { token: tokenIn(mail, "/alertes") });
      expect(listed.data?.alertsOfAddress).toMatchObject({ email: LEA, alerts: [{ id, status: "ACTIVE" }] });

      const invalid = await visitor().graphql(SEND_LINK, { email: "lea@" });
      expect(invalid.errors?.[0]).toMatchObject({
        message: INVALID_EMAIL_MESSAGE,
        extensions: { code: "BAD_USER_INPUT", fields: { email: INVALID_EMAIL_MESSAGE } },
      });
      expect((await visitor().rest("POST", "/api/alerts/link", { email: "" })).status).toBe(400);
      expect(await visitor().rest("POST", "/api/alerts/link", { email: LEA })).toMatchObject({
        status: 202,
        body: { message: ALERT_MESSAGES.linkSent },
      });
      await mailbox.waitFor(() => mailbox.messages.length >= 2);
      expect(mailbox.messages.map((sent) => sent.to)).toEqual([[LEA], [LEA]]);
    });

    it("bounds the « Mes alertes » link: 3 e-mails an address a day, then silence; 429 past the caller's bound", async () => {
      await subscribed();
      await subscribed({ ...CRECHES, email: "paul@example.org" });
      mailbox.clear();
      for (let index = 0; index < ALERT_LIMITS.confirmationsPerAddress + 1; index++) {
        const result = await visitor(`203.0.113.${index + 10}`).graphql(SEND_LINK, { email: LEA });
        expect(result.data).toEqual({ sendAlertsLink: { message: ALERT_MESSAGES.linkSent } });
      }
      // A mail asked after the fourth request: the link e-mails leave in the order asked, so once
      // it is in, the fourth one's would be too.
      await visitor().graphql(SEND_LINK, { email: "paul@example.org" });
      await mailbox.waitFor((mail) => mail.to.includes("paul@example.org"));
      expect(mailbox.to(LEA)).toHaveLength(ALERT_LIMITS.confirmationsPerAddress);

      const from = visitor("198.51.100.9");
      for (let index = 0; index < ALERT_LIMITS.subscriptionsPerCaller; index++) {
        expect((await from.graphql(SEND_LINK, { email: `parent${index}@example.org` })).errors).toBeUndefined();
      }
      const refused = await from.graphql(SEND_LINK, { email: "encore@example.org" });
      expect(refused.errors?.[0]).toMatchObject({
        message: ALERT_MESSAGES.tooManyFromCaller,
        extensions: { code: "TOO_MANY_REQUESTS" },
      });
      expect((await from.rest("POST", "/api/alerts/link", { email: LEA })).status).toBe(429);
    });

    it("keeps an address to 20 alerts: past it, only a note to the address", async () => {
      for (let index = 0; index < ALERT_LIMITS.alertsPerAddress; index++) {
        await alerts().insert({
          id: randomUUID(),
          email: LEA,
          list: AlertList.NEWS,
          criteria: JSON.stringify({ textQuery: `mot${index}` }),
          label: `Actualités · Mot${index}`,
          placeLabel: null,
          rhythm: AlertRhythm.DAILY,
          status: AlertStatus.ACTIVE,
          createdAt: T0,
          confirmedAt: T0,
        });
      }
      const result = await visitor().graphql(SUBSCRIBE, { input: CRECHES });
      expect(result.data).toEqual({ subscribeAlert: { message: ALERT_MESSAGES.sent } });
      const mail = await mailbox.waitFor();
      expect(mail.subject).toBe("Portail parentalité : nombre maximal d'alertes atteint");
      expect(tokenIn(mail, "/alertes")).toBeTruthy();
      expect(await alerts().count()).toBe(ALERT_LIMITS.alertsPerAddress);
    });

    it("bounds the subscriptions from one caller (429 with the wait), REST included", async () => {
      const from = visitor("198.51.100.7");
      for (let index = 0; index < ALERT_LIMITS.subscriptionsPerCaller; index++) {
        const result = await from.graphql(SUBSCRIBE, { input: { ...CRECHES, email: `parent${index}@example.org` } });
        expect(result.errors).toBeUndefined();
      }
      const refused = await from.graphql(SUBSCRIBE, { input: { ...CRECHES, email: "encore@example.org" } });
      expect(refused.errors?.[0]).toMatchObject({
        message: ALERT_MESSAGES.tooManyFromCaller,
        extensions: { code: "TOO_MANY_REQUESTS" },
      });
      const rest = await from.rest("POST", "/api/alerts", { ...CRECHES, email: "rest@example.org" });
      expect(rest.status).toBe(429);
      expect(await alerts().countBy({ email: "encore@example.org" })).toBe(0);
      // Another caller is not held back.
      expect((await visitor("198.51.100.8").graphql(SUBSCRIBE, { input: CRECHES })).errors).toBeUndefined();
    });

    it("takes legacy REST payloads and manages through the REST edge", async () => {
      const created = await visitor().rest("POST", "/api/alerts", {
        email: LEA,
        list: "events",
        rhythm: "daily",
        placeLabel: "",
        media: { textQuery: "atelier portage", categories: ["resource"], eventFrom: "", ages: "" },
        services: "",
      });
      expect(created).toMatchObject({ status: 202, body: { message: ALERT_MESSAGES.sent } });
      const mail = await mailbox.waitFor();
      const confirmed = await visitor().rest("POST", "/api/alerts/confirm", {
        token: tokenIn(mail, "/alertes/confirmer"),
      });
      expect(confirmed).toMatchObject({
        status: 200,
        body: { status: "ACTIVE", label: "Évènements · Atelier portage" },
      });
      const { id } = confirmed.body as { id: string };
      const token = encodeURIComponent(link("manage", LEA));
      expect(await visitor().rest("GET", `/api/alerts?token=${token}`)).toMatchObject({
        status: 200,
        body: { email: LEA, alerts: [{ id, listPath: "/actualites?q=atelier+portage&category=EVENT" }] },
      });
      expect(
        await visitor().rest("PATCH", `/api/alerts/${id}?token=${token}`, { rhythm: "weekly", paused: "" }),
      ).toMatchObject({
        status: 200,
        body: { rhythm: "WEEKLY", status: "ACTIVE" },
      });
      expect((await visitor().rest("GET", "/api/alerts?token=forged")).status).toBe(400);
      expect((await visitor().rest("DELETE", `/api/alerts/${id}?token=${token}`)).status).toBe(204);
      expect(await visitor().rest("DELETE", `/api/alerts?token=${token}`)).toMatchObject({
        status: 200,
        body: { erased: 0 },
      });
    });

    it("gives administrators counts and the followed searches that find nothing, never an address", async () => {
      await buildSheet(t.portal.dataSource, { types: [ServiceType.CRECHE] });
      await subscribed({ ...CRECHES, services: { types: ["CRECHE"] } });
      await subscribed({ ...CRECHES, email: "paul@example.org", services: { types: ["MAM"] } });
      await subscribed({ ...CRECHES, email: "zoe@example.org", services: { types: ["MAM"] } });
      await subscribed({ ...CRECHES, email: "jean@example.org" }, false);

      for (const who of ["visitor", Role.FULL_PARTNER] as const) {
        const { agent } = await actor(t, who);
        const refused = await agent.graphql(STATS);
        expect(refused.errors?.[0].extensions?.code).toBe(who === "visitor" ? "UNAUTHENTICATED" : "FORBIDDEN");
        expect((await agent.rest("GET", "/api/alerts/stats")).status).toBe(who === "visitor" ? 401 : 403);
      }
      const { agent } = await actor(t, Role.ADMIN);
      const stats = await agent.graphql(STATS);
      expect(stats.errors).toBeUndefined();
      expect(stats.data?.alertStats).toEqual({
        byList: [{ key: "SERVICES", active: 3, pending: 1 }],
        byPlace: [
          { key: "Sans lieu", active: 3, pending: 0 },
          { key: "Lescar", active: 0, pending: 1 },
        ],
        emptySearches: [
          {
            list: "SERVICES",
            label: "Maisons d'assistants maternels (MAM)",
            listPath: "/services?types=MAM",
            subscribers: 2,
          },
        ],
        searchesChecked: 2,
      });
      expect(JSON.stringify(stats.data)).not.toContain("@");
    });

    it("erases unconfirmed alerts after 7 days and ends those unopened for 12 months, with a last e-mail", async () => {
      const at = (shift: { days?: number; months?: number }) =>
        DateTime.fromJSDate(T0).setZone("Europe/Paris").minus(shift).toJSDate();
      clock.now = at({ days: 8 });
      const stale = await subscribed({ ...CRECHES, email: "stale@example.org" }, false);
      clock.now = at({ days: 6 });
      const fresh = await subscribed({ ...CRECHES, email: "fresh@example.org" }, false);
      clock.now = at({ months: 13 });
      const idle = await subscribed({ ...CRECHES, email: "idle@example.org" });
      const opened = await subscribed({ ...CRECHES, email: "opened@example.org" });
      clock.now = at({ months: 1 });
      await visitor().graphql(OF_ADDRESS, { token: link("manage", "opened@example.org") });
      clock.now = T0;
      mailbox.clear();

      expect(await t.portal.services.jobs.runDue()).toContain("alert-housekeeping");
      expect(await alerts().findOneBy({ id: stale.id })).toBeNull();
      expect(await alerts().findOneByOrFail({ id: fresh.id })).toMatchObject({ status: "PENDING" });
      expect(await alerts().findOneByOrFail({ id: idle.id })).toMatchObject({
        status: AlertStatus.ENDED,
        endReason: AlertEndReason.INACTIVE,
        endedAt: T0,
      });
      expect(await alerts().findOneByOrFail({ id: opened.id })).toMatchObject({ status: "ACTIVE" });
      const notice = await mailbox.waitFor((mail) => mail.to.includes("idle@example.org"));
      expect(notice.subject).toBe("Portail parentalité : votre alerte est terminée");
      expect(notice.text).toContain("« Crèches avec places · 10 km autour de Lescar » est terminée");
      expect(notice.text).toContain("Me prévenir");
      expect(mailbox.messages).toHaveLength(1);
    });
  });
}
