import { DateTime } from "luxon";
import { type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
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
  email: "relais@example.org",
  password: "Relais-2027",
  name: "Larrieu",
  surname: "Marie",
  role: "FULL_PARTNER" as const,
};
const SHEET = "Relais petite enfance des Gaves";
const DAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"];

/** Presses Tab until the element has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, limit = 250) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Jamais atteint au clavier : ${target.toString()}`);
}

describe("opening hours, from the owner's keyboard to a family's phone", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("hours", { SMTP_URL: mailbox.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
    const ownerId = await createPartner(portal.url, mailbox, ADMIN, OWNER);
    const admin = await restAs(portal.url, ADMIN);
    const created = await admin("POST", "/api/services/add", {
      serviceName: SHEET,
      serviceManager: "Communauté de communes",
      email: "rpe@example.org",
      phone: "05 59 00 22 33",
      fax: "",
      website: "",
      externalLink: "",
      fullAddress: "3 place de la Mairie, 64000 Pau",
      city: "Pau",
      zip: "64000",
      epci: "",
      type: ["RPE"],
      ages: ["PETITE_ENFANCE"],
      coveredLocations: [],
      description: "",
      userIds: [ownerId],
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  it("lets the owner set today's hours with the keyboard only, then shows them to a parent", async () => {
    const paris = DateTime.now().setZone("Europe/Paris");
    const today = DAYS[paris.weekday - 1];
    const { context, consoleErrors } = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, portal.url, OWNER, true);
    await gotoLive(page, `${portal.url}/profil`);
    const edit = page.getByRole("button", { name: `Modifier le service ${SHEET}` });
    await edit.waitFor();
    await tabTo(page, edit);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Modification du service" });
    await dialog.waitFor();

    // Today: « Ouvert », 8:00 to 23:59 (the card says « Fermé pour aujourd'hui » once the day's
    // hours are over, whenever the test runs); open on public holidays too (today may be one).
    const day = dialog.getByRole("combobox", { name: today, exact: true });
    await tabTo(page, day);
    await page.keyboard.type("Ouv");
    await expect.poll(() => day.inputValue()).toBe("open");
    const start = dialog.getByLabel(`${today}, plage 1 : de`);
    await expect.poll(() => start.inputValue()).toBe("09:00");
    await tabTo(page, start);
    await page.keyboard.type("0800");
    await expect.poll(() => start.inputValue()).toBe("08:00");
    const end = dialog.getByLabel(`${today}, plage 1 : à`);
    await tabTo(page, end);
    // An end before the start: sent, the error takes the focus to that very field, marked invalid.
    // (Set directly: typed, a time keeps the AM/PM part of headless Chromium's own locale.)
    await end.fill("07:00");
    await dialog.getByRole("button", { name: "Mettre à jour" }).click();
    await expect.poll(() => end.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await end.getAttribute("aria-invalid")).toBe("true");
    const described = await end.evaluate(
      (field) => document.getElementById(field.getAttribute("aria-describedby")!)?.textContent,
    );
    expect(described).toBe(`${today} : l'heure de fin doit être après l'heure de début.`);
    await end.fill("23:59");
    // A second range added then removed from the keyboard: the focus goes to « Ajouter une plage ».
    const addRange = dialog.getByRole("button", { name: `Ajouter une plage horaire (${today})` });
    await tabTo(page, addRange);
    await page.keyboard.press("Enter");
    const removeSecond = dialog.getByRole("button", { name: `Retirer la plage 2 (${today})` });
    await tabTo(page, removeSecond);
    await page.keyboard.press("Enter");
    await expect.poll(() => addRange.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel(`${today}, plage 2 : de`).count()).toBe(0);
    const holidays = dialog.getByRole("checkbox", { name: "Fermé les jours fériés" });
    await tabTo(page, holidays);
    await page.keyboard.press("Space");
    await expect.poll(() => holidays.isChecked()).toBe(false);
    // A closure in a year's time, with its note.
    const addClosure = dialog.getByRole("button", { name: "Ajouter une fermeture" });
    await tabTo(page, addClosure);
    await page.keyboard.press("Enter");
    const next = paris.plus({ years: 1 });
    const typeInto = async (label: string, text: string, value: string) => {
      const field = dialog.getByLabel(label);
      await tabTo(page, field);
      await page.keyboard.type(text);
      // A date's year takes up to six digits: it is whole once the field is left.
      await page.keyboard.press("Tab");
      await expect.poll(() => field.inputValue()).toBe(value);
    };
    // Headless Chromium orders a date field's parts as its own build's locale does (month first).
    await typeInto("Fermeture 1 : du", next.toFormat("MMddyyyy"), next.toISODate()!);
    await typeInto(
      "Fermeture 1 : au",
      next.plus({ days: 6 }).toFormat("MMddyyyy"),
      next.plus({ days: 6 }).toISODate()!,
    );
    await typeInto("Fermeture 1 : Précision (facultatif)", "Congés d'été", "Congés d'été");
    // Every row of the hours wraps within the phone's width, Monday's « Appliquer les horaires du
    // lundi du mardi au vendredi » too: the dialog never scrolls sideways.
    const monday = dialog.getByRole("combobox", { name: "Lundi", exact: true });
    const mondayBefore = await monday.inputValue();
    await monday.selectOption("open");
    await dialog.getByRole("button", { name: "Appliquer les horaires du lundi du mardi au vendredi" }).waitFor();
    const sideways = await dialog.evaluate((element) =>
      [...element.querySelectorAll("*")]
        .filter(
          (child) =>
            child.scrollWidth > child.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(child).overflowX),
        )
        .map((child) => `${child.tagName} ${child.scrollWidth}>${child.clientWidth}`),
    );
    expect(sideways).toEqual([]);
    const fieldset = await dialog.locator("fieldset", { hasText: "Horaires d'ouverture" }).boundingBox();
    expect(fieldset!.x + fieldset!.width).toBeLessThanOrEqual(390);
    await monday.selectOption(mondayBefore);
    await noAxeViolation(page);
    await tabTo(page, dialog.getByRole("button", { name: "Mettre à jour" }));
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });

    // The sheet: today's row, the closure, and today's status.
    await gotoLive(page, `${portal.url}/services`);
    const card = page.getByRole("article").filter({ hasText: SHEET });
    await expect.poll(() => card.innerText()).toContain("Ouvert aujourd'hui 8h–23h59");
    await card.getByRole("link", { name: SHEET }).click();
    const hours = page.getByRole("table", { name: "Horaires de la semaine (heure de Paris)" });
    await hours.waitFor();
    await expect
      .poll(() => hours.getByRole("row", { name: new RegExp(`^${today}`) }).innerText())
      .toContain("8h–23h59");
    const closure = `Du ${next.toFormat("dd/MM/yyyy")} au ${next.plus({ days: 6 }).toFormat("dd/MM/yyyy")} : Congés d'été`;
    await page.getByText(closure).waitFor();
    await noAxeViolation(page);

    // A parent on a phone, without an account: the card says it, the filters find it.
    const parent = await newContext(browser, { width: 390, height: 844 });
    const phone = await parent.context.newPage();
    await gotoLive(phone, `${portal.url}/services`);
    await phone.getByRole("article").filter({ hasText: SHEET }).getByText("Ouvert aujourd'hui 8h–23h59").waitFor();
    await phone.getByRole("button", { name: /Filtres/ }).click();
    const drawer = phone.getByRole("dialog", { name: /Filtres/ });
    await drawer.getByRole("group", { name: "Horaires" }).getByText("Ouvert le samedi").click();
    await drawer.getByRole("button", { name: "Rechercher" }).click();
    await expect.poll(() => new URL(phone.url()).searchParams.get("ouvert")).toBe("samedi");
    const saturday = today === "Samedi";
    if (saturday) await phone.getByRole("article").filter({ hasText: SHEET }).waitFor();
    else
      await phone
        .getByText(/Aucun résultat/)
        .first()
        .waitFor();
    const openNow = paris.hour >= 8 && paris.toFormat("HH:mm") < "23:59";
    await gotoLive(phone, `${portal.url}/services?ouvert=maintenant`);
    if (openNow) await phone.getByRole("article").filter({ hasText: SHEET }).waitFor();
    else
      await phone
        .getByText(/Aucun résultat/)
        .first()
        .waitFor();
    await noAxeViolation(phone);
    expect(consoleErrors).toEqual([]);
    expect(parent.consoleErrors).toEqual([]);
  });
});
