// Issue 46, « Me prévenir », on a 390 px phone: a parent follows the services around Lescar by
// e-mail, confirms from the e-mail, then pauses, changes and deletes the alert from « Mes alertes »;
// places come to a crèche near Lescar, the digest job mails it with its distance, and the one-click
// POST of the e-mail's List-Unsubscribe ends the alert; the administrators read the figures, never
// an address.
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAlertLink } from "../../api/src/modules/alerts/alert-links";
import { ALERT_MESSAGES, ALERT_RHYTHM_LABELS } from "../../api/src/shared/alerts-rules";
import { REQUIRED } from "../../api/src/shared/form-rules";
import { FakeGeocoder } from "../../api/test/fake-geocoder";
import { Mailbox } from "../../api/test/mailbox";
import {
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  openFromAccountMenu,
  restAs,
  signIn,
  startBuiltPortal,
} from "./portal";

const PHONE = { width: 390, height: 844 };
const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
/** The portal's secret, known here so the test signs the « Mes alertes » link an e-mail would carry. */
const SESSION_SECRET = "alerts-e2e-secret-of-at-least-32-characters";
const PARENT = "Parent.Lescar@example.org";

describe("« Me prévenir » on the services around Lescar, on a phone", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();
  // The sheets' addresses: a local fake of the address service, never the internet.
  const addresses = new FakeGeocoder();

  beforeAll(async () => {
    await Promise.all([mailbox.start(), addresses.start()]);
    [portal, browser] = await Promise.all([
      startBuiltPortal("alerts", {
        SMTP_URL: mailbox.url,
        SESSION_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        GEOCODER_URL: addresses.url,
        // The background jobs are looked for every second; the test says when the digest is due.
        JOB_CHECK_SECONDS: "1",
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await Promise.all([mailbox.stop(), addresses.stop()]);
  });

  /**
   * Makes the digest job due now, and waits until the portal has run it (its lease records the run),
   * twice: an item given in the second a run starts comes in the next run, by design.
   */
  async function runDigests() {
    for (let run = 0; run < 2; run++) {
      await portal.sql("UPDATE job_lease SET lastRunAt = NULL, nextRunAt = ? WHERE name = 'alert-digests'", [
        "2000-01-01 00:00:00",
      ]);
      await expect
        .poll(
          async () =>
            (await portal.rows("SELECT lastRunAt FROM job_lease WHERE name = 'alert-digests'"))[0]?.lastRunAt ?? null,
          {
            timeout: 30_000,
          },
        )
        .not.toBeNull();
    }
  }

  it("asks, confirms from the e-mail, then pauses, changes and deletes the alert", async () => {
    const { context, consoleErrors, outsideRequests } = await newContext(browser, PHONE);
    const page = await context.newPage();

    // The bare list offers nothing to follow; a place does.
    await gotoLive(page, `${portal.url}/services`);
    const follow = page.getByRole("button", { name: "Me prévenir" });
    expect(await follow.count()).toBe(0);
    await page.getByRole("combobox", { name: "Où ?" }).fill("Lesc");
    await page.getByRole("option", { name: /^Lescar Commune · 64230/ }).click();
    await follow.waitFor();
    await expect.poll(() => follow.isEnabled()).toBe(true);
    await follow.click();

    const dialog = page.getByRole("dialog", { name: "Me prévenir" });
    await dialog.getByText("Vous serez prévenu·e des nouveautés de : Services · 10 km autour de Lescar").waitFor();
    await dialog.getByText("Aucun compte n'est créé.", { exact: false }).waitFor();
    await noAxeViolation(page, "« Me prévenir »");

    // Nothing typed: the field says so, next to it.
    await dialog.getByRole("button", { name: "Me prévenir" }).click();
    await dialog.getByText(REQUIRED.email).waitFor();
    const email = dialog.getByRole("textbox", { name: /Votre adresse e-mail/ });
    await email.fill(PARENT);
    await dialog.getByText(ALERT_RHYTHM_LABELS.WEEKLY).click();
    expect(await dialog.getByRole("radio", { name: ALERT_RHYTHM_LABELS.WEEKLY }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Me prévenir" }).click();
    const sent = dialog.getByRole("status").filter({ hasText: ALERT_MESSAGES.sent });
    await sent.waitFor();
    await expect.poll(() => sent.evaluate((element) => element === document.activeElement)).toBe(true);
    await noAxeViolation(page, "« Me prévenir », envoyé");
    await dialog.getByRole("button", { name: "Fermer" }).first().click();
    await dialog.waitFor({ state: "detached" });

    // The confirmation e-mail; opening its link confirms nothing by itself (a mail scanner's visit).
    const mail = await mailbox.waitFor(
      (m) => m.to.includes(PARENT.toLowerCase()) && /confirmez votre alerte/i.test(m.subject),
      15_000,
    );
    const confirmLink = mail.links.find((link) => link.includes("/alertes/confirmer?jeton="));
    expect(confirmLink, mail.links.join("\n")).toBeDefined();
    const confirmUrl = new URL(confirmLink!);
    await gotoLive(page, `${portal.url}${confirmUrl.pathname}${confirmUrl.search}`);
    await page.getByRole("heading", { level: 1, name: "Confirmer mon alerte" }).waitFor();
    expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBe(1);
    await noAxeViolation(page, "/alertes/confirmer");

    const manage = `${portal.url}/alertes?jeton=${encodeURIComponent(signAlertLink(SESSION_SECRET, "manage", PARENT.toLowerCase(), new Date()))}`;
    const manager = await context.newPage();
    await gotoLive(manager, manage);
    const card = manager.getByRole("article");
    await card.getByText("À confirmer").waitFor();

    await page.getByRole("button", { name: "Confirmer mon alerte" }).click();
    await page.getByText("Votre alerte est active.").waitFor();
    await page.getByRole("link", { name: "Voir la recherche" }).waitFor();
    await noAxeViolation(page, "/alertes/confirmer, confirmée");

    // « Mes alertes »: active, weekly; paused, then daily; deleted after a confirmation.
    await gotoLive(manager, manage);
    await manager.getByRole("heading", { level: 1, name: "Mes alertes" }).waitFor();
    await card.getByText("Active", { exact: true }).waitFor();
    await card.getByRole("heading", { level: 2, name: /10 km autour de Lescar/ }).waitFor();
    const rhythm = card.getByRole("combobox", { name: "Rythme des e-mails" });
    expect(await rhythm.inputValue()).toBe("WEEKLY");
    await noAxeViolation(manager, "/alertes");

    await card.getByRole("button", { name: "Mettre en pause" }).click();
    await card.getByText("En pause", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Reprendre" }).waitFor();
    await rhythm.selectOption("DAILY");
    await manager.getByText(/^Rythme enregistré/).waitFor();
    await gotoLive(manager, manage);
    await card.getByText("En pause", { exact: true }).waitFor();
    expect(await rhythm.inputValue()).toBe("DAILY");

    await card.getByRole("button", { name: "Supprimer" }).click();
    const confirmDelete = manager.getByRole("alertdialog", { name: "Supprimer cette alerte ?" });
    await confirmDelete.waitFor();
    await noAxeViolation(manager, "/alertes, supprimer");
    await confirmDelete.getByRole("button", { name: "Supprimer" }).click();
    await manager.getByText("Vous n'avez aucune alerte.").waitFor();
    expect(await card.count()).toBe(0);

    // A link that was cut says what to do.
    await gotoLive(manager, `${portal.url}/alertes?jeton=abc`);
    await manager.getByText(ALERT_MESSAGES.invalidLink).waitFor();

    expect(outsideRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("sends the « Mes alertes » link again to a parent who lost it", async () => {
    const lost = "parent.perdu@example.org";
    const { context, consoleErrors, outsideRequests } = await newContext(browser, PHONE);
    const page = await context.newPage();
    const subscribed = await page.request.post(`${portal.url}/api/alerts`, {
      data: { email: lost, list: "NEWS", rhythm: "WEEKLY", media: { textQuery: "portage" } },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(202);

    // A cut link: the page offers to send the link again, below its message.
    await gotoLive(page, `${portal.url}/alertes?jeton=abc`);
    await page.getByText(ALERT_MESSAGES.invalidLink).waitFor();
    const ask = page.getByRole("region", { name: "Recevoir le lien de mes alertes" });
    await ask.getByRole("button", { name: "Recevoir le lien" }).click();
    const field = ask.getByRole("textbox", { name: /Votre adresse e-mail/ });
    await ask.getByText(REQUIRED.email).waitFor();
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await noAxeViolation(page, "/alertes, lien demandé sans adresse");
    await field.fill(lost);
    await field.press("Enter");
    const answer = ask.getByRole("status").filter({ hasText: ALERT_MESSAGES.linkSent });
    await answer.waitFor();
    await expect.poll(() => answer.evaluate((element) => element === document.activeElement)).toBe(true);

    const mail = await mailbox.waitFor((m) => m.to.includes(lost) && /le lien de vos alertes/.test(m.subject), 15_000);
    const manageLink = mail.links.find((link) => new URL(link).pathname === "/alertes");
    expect(manageLink, mail.links.join("\n")).toBeDefined();
    const manageUrl = new URL(manageLink!);
    await gotoLive(page, `${portal.url}${manageUrl.pathname}${manageUrl.search}`);
    await page.getByRole("heading", { level: 1, name: "Mes alertes" }).waitFor();
    await page.getByRole("article").getByText("À confirmer").waitFor();

    expect(outsideRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("gives the administrators the figures, without any address", async () => {
    // An active alert on a search that finds nothing today (no service around Lescar here).
    const { context, consoleErrors } = await newContext(browser, PHONE);
    const page = await context.newPage();
    const subscribed = await page.request.post(`${portal.url}/graphql`, {
      headers: { "content-type": "application/json" },
      data: {
        query: "mutation ($input: AlertSubscriptionInput!) { subscribeAlert(input: $input) { message } }",
        variables: {
          input: {
            list: "SERVICES",
            email: "autre.parent@example.org",
            rhythm: "DAILY",
            placeLabel: "Lescar",
            services: { near: { lat: 43.333, lon: -0.435, radiusKm: 10 }, withVacancies: true },
          },
        },
      },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);
    const mail = await mailbox.waitFor((m) => m.to.includes("autre.parent@example.org"), 15_000);
    const confirmUrl = new URL(mail.links.find((link) => link.includes("/alertes/confirmer?jeton="))!);
    await gotoLive(page, `${portal.url}${confirmUrl.pathname}${confirmUrl.search}`);
    await page.getByRole("button", { name: "Confirmer mon alerte" }).click();
    await page.getByText("Votre alerte est active.").waitFor();

    await signIn(page, portal.url, ADMIN, true);
    await openFromAccountMenu(page, "Alertes e-mail");
    const byList = page.getByRole("table", { name: "Alertes par liste" });
    await byList.getByRole("row", { name: /Lieux, offres de partenaires 1 0/ }).waitFor();
    await page
      .getByRole("table", { name: "Alertes par lieu" })
      .getByRole("row", { name: /Lescar 1 0/ })
      .waitFor();
    await page.getByRole("link", { name: /autour de Lescar/ }).waitFor();
    expect(await page.locator("main").innerText()).not.toContain("@");
    await noAxeViolation(page, "/alertes-e-mail");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("mails the places that came near Lescar with their distance, and ends the alert in one click", async () => {
    const admin = await restAs(portal.url, ADMIN);
    const adminId = (await admin("GET", "/api/users/current")).body.id as string;
    const creche = async (name: string, town: string, zip: string) => {
      const created = await admin("POST", "/api/services/add", {
        serviceName: name,
        serviceManager: "Communauté d'agglomération",
        email: "accueil@example.org",
        phone: "05 59 00 22 33",
        fullAddress: `1 place de la Mairie, ${zip} ${town}`,
        city: town,
        zip,
        type: ["CRECHE"],
        ages: ["PETITE_ENFANCE"],
        coveredLocations: [],
        userIds: [adminId],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const givePlaces = async (id: string, vacancies: number) => {
      const given = await admin("PUT", `/api/services/availability/${id}`, {
        groups: [{ ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies }],
      });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
    };
    const lutins = await creche("Crèche Les Lutins", "Lons", "64140");
    const galopins = await creche("Crèche Les Galopins", "Lescar", "64230");
    await runDigests();

    // The parent follows the crèches with places within 10 km of Lescar, from the list, at once.
    const parent = "parent.digest@example.org";
    const { context, consoleErrors } = await newContext(browser, PHONE);
    const page = await context.newPage();
    await gotoLive(
      page,
      `${portal.url}/services?types=CRECHE&places=disponibles&ou=Lescar&lat=43.333&lon=-0.435&rayon=10`,
    );
    await page.getByRole("button", { name: "Me prévenir" }).click();
    const dialog = page.getByRole("dialog", { name: "Me prévenir" });
    await dialog.getByRole("textbox", { name: /Votre adresse e-mail/ }).fill(parent);
    await dialog.getByText(ALERT_RHYTHM_LABELS.DAILY).click();
    await dialog.getByRole("button", { name: "Me prévenir" }).click();
    await dialog.getByRole("status").filter({ hasText: ALERT_MESSAGES.sent }).waitFor();
    const confirmation = await mailbox.waitFor((m) => m.to.includes(parent) && /confirmez/i.test(m.subject), 15_000);
    const confirmUrl = new URL(confirmation.links.find((link) => link.includes("/alertes/confirmer?jeton="))!);
    await gotoLive(page, `${portal.url}${confirmUrl.pathname}${confirmUrl.search}`);
    await page.getByRole("button", { name: "Confirmer mon alerte" }).click();
    await page.getByText("Votre alerte est active.").waitFor();

    // Nothing new yet: the job sends nothing.
    await runDigests();
    expect(mailbox.to(parent)).toHaveLength(1);

    // Places come to the crèche in Lons: the next digest names it, its distance and its places.
    await givePlaces(lutins, 2);
    await runDigests();
    const digest = await mailbox.waitFor((m) => m.to.includes(parent) && m !== confirmation, 15_000);
    expect(digest.subject).toMatch(/autour de Lescar/);
    expect(digest.text).toContain("Crèche Les Lutins");
    expect(digest.text).toMatch(/à (moins d'1|\d+) km/);
    expect(digest.text).toMatch(/2 places disponibles/);
    expect(digest.html).not.toMatch(/<img/i);
    expect(digest.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(digest.headers["list-unsubscribe"] ?? "")?.[1];
    expect(oneClick, digest.headers["list-unsubscribe"]).toMatch(/\/api\/alerts\/unsubscribe\?token=/);

    // Another parent follows the same search from now on: the control that the next run mails.
    const other = "autre.digest@example.org";
    const subscribed = await fetch(`${portal.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "mutation ($input: AlertSubscriptionInput!) { subscribeAlert(input: $input) { message } }",
        variables: {
          input: {
            list: "SERVICES",
            email: other,
            rhythm: "DAILY",
            placeLabel: "Lescar",
            services: { types: ["CRECHE"], withVacancies: true, near: { lat: 43.333, lon: -0.435, radiusKm: 10 } },
          },
        },
      }),
    });
    expect(subscribed.status, await subscribed.text()).toBe(200);
    const otherMail = await mailbox.waitFor((m) => m.to.includes(other), 15_000);
    const otherToken = new URL(
      otherMail.links.find((link) => link.includes("/alertes/confirmer?jeton="))!,
    ).searchParams.get("jeton");
    const confirmed = await fetch(`${portal.url}/api/alerts/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: otherToken }),
    });
    expect(confirmed.status, await confirmed.text()).toBe(200);

    // The one-click POST a mail application sends (RFC 8058): no cookie, a form body.
    const left = await fetch(oneClick!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(left.status).toBe(200);

    // A new day (no period mailed yet) and places at Lescar: the other parent hears of them, not
    // the one who left.
    await portal.sql("DELETE FROM alert_delivery");
    await givePlaces(galopins, 1);
    await runDigests();
    const otherDigest = await mailbox.waitFor((m) => m.to.includes(other) && m !== otherMail, 15_000);
    expect(otherDigest.text).toContain("Crèche Les Galopins");
    expect(mailbox.to(parent)).toHaveLength(2);

    // The other parent leaves from the digest's visible link: opening it ends nothing, the button does.
    const stopUrl = new URL(otherDigest.links.find((link) => link.includes("/alertes/arreter?jeton="))!);
    await gotoLive(page, `${portal.url}${stopUrl.pathname}${stopUrl.search}`);
    await page.getByRole("heading", { level: 1, name: "Ne plus recevoir cette alerte" }).waitFor();
    expect((await portal.rows("SELECT status FROM search_alert WHERE email = ?", [other]))[0]?.status).toBe("ACTIVE");
    await page.getByRole("button", { name: "Ne plus recevoir cette alerte" }).click();
    await page.getByText("C'est fait : vous ne recevrez plus cette alerte.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("C'est fait");
    expect((await portal.rows("SELECT status FROM search_alert WHERE email = ?", [other]))[0]?.status).toBe("ENDED");
    await noAxeViolation(page, "/alertes/arreter");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
