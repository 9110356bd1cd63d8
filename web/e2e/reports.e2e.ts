import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
import {
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  openFromAccountMenu,
  signIn,
  startBuiltPortal,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
/** The demo partner owns the demo service sheets. */
const OWNER = "partenaire.demo@example.org";
const PARENT = "parent.lecteur@example.org";
const MESSAGE = "Le numéro de téléphone ne répond plus, il a changé en septembre.";

describe("« Signaler une erreur », from a parent's phone to the administrators' list", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();
  let service: { id: string; serviceName: string };

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("reports", {
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_CONTENT: "true",
      }),
      launchBrowser(),
    ]);
    const response = await fetch(`${portal.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ services(input: {}) { results { id serviceName } } }` }),
    });
    const body = (await response.json()) as {
      data: { services: { results: Array<{ id: string; serviceName: string }> } };
    };
    service = body.data.services.results[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  it("a parent reports an error with the keyboard; the owner is told; the admin marks it handled", async () => {
    const parent = await newContext(browser, { width: 390, height: 844 });
    const page = await parent.context.newPage();
    await gotoLive(page, `${portal.url}/services/${service.id}`);
    const opener = page.getByRole("button", { name: "Signaler une erreur" });
    await opener.focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Signaler une erreur" });
    await dialog.waitFor();
    const message = dialog.getByLabel("Qu'est-ce qui est inexact ?");
    await expect.poll(() => message.evaluate((node) => node === document.activeElement)).toBe(true);
    await noAxeViolation(page);

    // Too short: said under the field, which keeps the focus and what was typed.
    await page.keyboard.type("Faux");
    await dialog.getByRole("button", { name: "Envoyer" }).press("Enter");
    await dialog.getByText("Décrivez ce qui est inexact en 10 caractères au moins.").waitFor();
    await expect.poll(() => message.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await message.inputValue()).toBe("Faux");
    await noAxeViolation(page);

    await message.fill("");
    await page.keyboard.type(MESSAGE);
    await dialog.getByText(/64 \/ 2000 caractères/).waitFor();
    await page.keyboard.press("Tab");
    const email = dialog.getByLabel("Votre adresse e-mail (facultatif, pour recevoir une réponse)");
    await expect.poll(() => email.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.type(PARENT);
    // The honeypot is out of the tab order: next come « Annuler », then « Envoyer ».
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Envoyer");
    await page.keyboard.press("Enter");

    const thanks = dialog.getByText("Merci, votre signalement a été transmis au partenaire et à l'équipe du portail.");
    await thanks.waitFor();
    await expect.poll(() => thanks.evaluate((node) => node === document.activeElement)).toBe(true);
    await noAxeViolation(page);

    const toOwner = await mailbox.waitFor((mail) => mail.to.includes(OWNER));
    expect(toOwner.text).toContain(MESSAGE);
    expect(toOwner.replyTo).toBe(PARENT);
    expect(toOwner.links).toContain(`${portal.url}/services/${service.id}`);
    const ack = await mailbox.waitFor((mail) => mail.to.includes(PARENT));
    expect(ack.text).toContain("Nous avons bien reçu votre signalement");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => opener.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(parent.consoleErrors).toEqual([]);

    // The administrator finds it under « Signalements » and marks it handled.
    const admin = await newContext(browser);
    const adminPage = await admin.context.newPage();
    await signIn(adminPage, portal.url, ADMIN, true);
    await openFromAccountMenu(adminPage, "Signalements");
    const item = adminPage.getByRole("listitem").filter({ hasText: MESSAGE });
    await item.waitFor();
    await expect
      .poll(() => item.getByRole("link", { name: service.serviceName }).getAttribute("href"))
      .toBe(`/services/${service.id}`);
    await item.getByRole("link", { name: PARENT }).waitFor();
    await adminPage.getByRole("button", { name: "Nouveaux (1)" }).waitFor();
    await noAxeViolation(adminPage);

    await item.getByRole("button", { name: "Marquer comme traité" }).click();
    await adminPage.getByText(`Signalement « ${service.serviceName} » marqué comme traité.`).waitFor();
    await adminPage.getByText("Aucun nouveau signalement.").waitFor();
    await adminPage.getByRole("button", { name: "Traités (1)" }).click();
    const handled = adminPage.getByRole("listitem").filter({ hasText: MESSAGE });
    await handled.getByText(/^Traité le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} par /).waitFor();
    await noAxeViolation(adminPage);
    expect(admin.consoleErrors).toEqual([]);
  });
});
