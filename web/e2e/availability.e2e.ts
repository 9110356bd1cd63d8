import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
import { PHONE } from "./phone-portal";
import {
  createPartner,
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  restAs,
  signIn,
  startBuiltPortal,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const OWNER = {
  email: "creche.lutins@example.org",
  password: "Lutins-2027",
  name: "Etchegaray",
  surname: "Ainhoa",
  role: "FULL_PARTNER" as const,
};
const LUTINS = "Crèche Les Lutins";
const FULL = "Crèche Les Galopins";
const RELAIS = "Relais petite enfance de Lescar";

/** Today in Paris as the cards write it (« 12/11 »). */
const todayDayMonth = () =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit" }).format(new Date());

describe("places available: the owner gives them in one step, a family finds them on a phone", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();
  let lutinsId = "";

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("availability", {
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
      launchBrowser(),
    ]);
    const ownerId = await createPartner(portal.url, mailbox, ADMIN, OWNER);
    const admin = await restAs(portal.url, ADMIN);
    const sheet = async (serviceName: string, type: string, userIds: string[]) => {
      const created = await admin("POST", "/api/services/add", {
        serviceName,
        serviceManager: "Communauté d'agglomération",
        email: "accueil@example.org",
        phone: "05 59 00 22 33",
        fullAddress: "3 place de la Mairie, 64230 Lescar",
        city: "Lescar",
        zip: "64230",
        type: [type],
        ages: ["PETITE_ENFANCE"],
        coveredLocations: [],
        userIds,
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    lutinsId = await sheet(LUTINS, "CRECHE", [ownerId]);
    // Another crèche, full: the filter leaves it out; a relais has no places at all.
    const full = await sheet(FULL, "CRECHE", [ownerId]);
    const given = await admin("PUT", `/api/services/availability/${full}`, {
      groups: [{ ageGroup: "FROM_18_MONTHS", status: "FULL" }],
    });
    expect(given.status).toBe(200);
    await sheet(RELAIS, "RPE", [ownerId]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  it("lets the owner update them from the sheet, then a family sees them and filters on them", async () => {
    const { context, consoleErrors } = await newContext(browser, PHONE);
    const page = await context.newPage();
    await signIn(page, portal.url, OWNER, true);
    await gotoLive(page, `${portal.url}/services/${lutinsId}`);
    const section = page.getByRole("region", { name: "Places disponibles" });
    await section.getByText("Aucune place indiquée pour le moment.").waitFor();

    // One step: the form, the age group's places, « Enregistrer les places ».
    await section.getByRole("button", { name: "Mettre à jour les places" }).click();
    const toddlers = section.getByRole("combobox", { name: "De 18 mois à 3 ans" });
    await toddlers.selectOption("VACANCIES");
    const count = section.getByRole("spinbutton", { name: "De 18 mois à 3 ans : Nombre de places" });
    // No number yet: the server's message, before anything is sent.
    await section.getByRole("button", { name: "Enregistrer les places" }).click();
    await section.getByText("De 18 mois à 3 ans : indiquez un nombre de places de 1 à 999").waitFor();
    await expect.poll(() => count.evaluate((field) => field === document.activeElement)).toBe(true);
    await count.fill("2");
    await section.getByRole("combobox", { name: "Moins de 18 mois" }).selectOption("FULL");
    await noAxeViolation(page, "formulaire des places disponibles");
    await section.getByRole("button", { name: "Enregistrer les places" }).click();
    const line = `2 places disponibles (au ${todayDayMonth()})`;
    await section.getByText(line).waitFor();
    await section.getByText("Moins de 18 mois : complet").waitFor();
    await section.getByText("De 18 mois à 3 ans : 2 places disponibles").waitFor();
    // The focus is back on the button that opened the form.
    const reopen = section.getByRole("button", { name: "Mettre à jour les places" });
    await expect.poll(() => reopen.evaluate((button) => button === document.activeElement)).toBe(true);

    // A parent on a phone, without an account: the card says it, the filter finds it.
    const parent = await newContext(browser, PHONE);
    const phone = await parent.context.newPage();
    await gotoLive(phone, `${portal.url}/services`);
    const card = phone.getByRole("article").filter({ hasText: LUTINS });
    await card.getByText(line).waitFor();
    await phone.getByRole("article").filter({ hasText: FULL }).getByText(`Complet (au ${todayDayMonth()})`).waitFor();
    await phone.getByRole("button", { name: /^Filtres/ }).click();
    const drawer = phone.getByRole("dialog", { name: /Filtres/ });
    await drawer
      .getByRole("group", { name: "Accueil du jeune enfant" })
      .getByText("Avec des places disponibles")
      .click();
    await drawer.getByRole("button", { name: "Rechercher" }).click();
    await expect.poll(() => new URL(phone.url()).searchParams.get("places")).toBe("disponibles");
    await phone
      .getByRole("list", { name: "Filtres actifs" })
      .getByRole("button", { name: "Retirer le filtre Avec des places disponibles" })
      .waitFor();
    await expect
      .poll(async () => phone.getByRole("article").allInnerTexts())
      .toEqual([expect.stringContaining(LUTINS)]);
    await noAxeViolation(phone, "liste filtrée sur les places disponibles");
    expect(consoleErrors).toEqual([]);
    expect(parent.consoleErrors).toEqual([]);
    await parent.context.close();
    await context.close();
  });
});
