import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGeocoder } from "../../api/test/fake-geocoder";
import { Mailbox } from "../../api/test/mailbox";
import { PHONE } from "./phone-portal";
import {
  type E2EPortal,
  fillServiceSheet,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  setPasswordFromMail,
  signIn,
  startBuiltPortal,
  startTileServer,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const PARTNER = { email: "creche.lutins@example.org", password: "Lutins-2027", name: "Etchegaray", surname: "Ainhoa" };

describe("the services directory, from the partner's validation to a family's search", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();
  const geocoder = new FakeGeocoder();
  let tiles: Awaited<ReturnType<typeof startTileServer>>;

  beforeAll(async () => {
    [tiles] = await Promise.all([startTileServer(), mailbox.start(), geocoder.start()]);
    [portal, browser] = await Promise.all([
      startBuiltPortal("services", {
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        GEOCODER_URL: geocoder.url,
        BASEMAP_URL: tiles.template,
      }),
      launchBrowser(),
    ]);
    const joined = await fetch(`${portal.url}/api/users/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: PARTNER.email,
        name: PARTNER.name,
        surname: PARTNER.surname,
        phone: "05 59 12 34 56",
        justify: "Directrice de la crèche Les Lutins.",
        townCode: "64445",
        role: "FULL_PARTNER",
      }),
    });
    expect(joined.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await Promise.all([mailbox.stop(), geocoder.stop(), tiles?.stop()]);
  });

  it("walks the whole journey", async () => {
    // The administrator validates the professional partner and adds a service for them.
    const admin = await newContext(browser);
    const adminPage = await admin.context.newPage();
    await signIn(adminPage, portal.url, ADMIN, true);
    await gotoLive(adminPage, `${portal.url}/gestion-utilisateurs`);
    const actions = adminPage.getByRole("button", { name: `Actions pour ${PARTNER.surname} ${PARTNER.name}` });
    await actions.click();
    await adminPage.getByRole("menuitem", { name: /Valider la demande/ }).click();
    await adminPage.getByText(`Demande validée : un e-mail a été envoyé à ${PARTNER.email}`).waitFor();
    await actions.click();
    await adminPage.getByRole("menuitem", { name: /Ajouter un service/ }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Nouveau service" });
    await dialog.waitFor();
    await fillServiceSheet(dialog, {
      name: "Crèche Les Lutins",
      manager: "Ainhoa Etchegaray",
      email: "contact@lutins.example.org",
      phone: "05 59 12 34 56",
      town: "Pau (64000)",
      type: "Crèche",
      age: "0-3 ans",
    });
    const address = dialog.getByRole("combobox", { name: /Adresse/ });
    await address.fill("12 rue des cordel");
    await adminPage.getByRole("option", { name: /12 Rue des Cordeliers 64000 Pau/ }).click();
    await expect(dialog.getByLabel("Code postal").inputValue()).resolves.toBe("64000");
    await noAxeViolation(adminPage);
    await dialog.getByRole("button", { name: "Créer" }).click();
    await adminPage.getByText("Service créé").waitFor();
    expect(geocoder.requests.some((r) => r.searchParams.get("citycode") === "64445")).toBe(true);

    // The partner sets a password from the e-mail, signs in and edits the service from the profile.
    await setPasswordFromMail(portal.url, mailbox, PARTNER, /validée/);
    const partner = await newContext(browser);
    const page = await partner.context.newPage();
    await signIn(page, portal.url, PARTNER, true);
    await gotoLive(page, `${portal.url}/profil`);
    await page.getByRole("button", { name: "Modifier le service Crèche Les Lutins" }).click();
    const edit = page.getByRole("dialog", { name: "Modification du service" });
    await edit.waitFor();
    await edit.getByLabel("Gestionnaire").fill("Ainhoa Etchegaray-Larralde");
    await edit.getByLabel("Téléphone portable").fill("06 12 34 56 78");
    await edit.getByRole("button", { name: "Mettre à jour" }).click();
    await page.getByText("Modifications sauvegardées").waitFor();
    await page.getByRole("cell", { name: "Ainhoa Etchegaray-Larralde" }).waitFor();

    // A family finds it by type, age and town, and opens its page with the map.
    const family = await newContext(browser);
    const visitor = await family.context.newPage();
    await gotoLive(visitor, `${portal.url}/services`);
    await visitor.getByRole("group", { name: "Types de service" }).getByText("Crèche", { exact: true }).click();
    await visitor.getByRole("group", { name: "Familles" }).getByText("0-3 ans").click();
    // The town search is a combobox: its options are announced, Enter takes the first one
    // (not the form's « Rechercher »), and the focus stays in the search for another town.
    const townSearch = visitor.getByRole("combobox", { name: "Rechercher une commune" });
    await townSearch.fill("Pau");
    await visitor.getByRole("option", { name: /^Pau\b.*64000/ }).waitFor();
    await townSearch.press("Enter");
    const chosen = visitor.getByRole("button", { name: "Retirer Pau" });
    await chosen.waitFor();
    expect(await townSearch.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(visitor.url()).not.toMatch(/types=CRECHE/);
    // Removing a town leaves the focus in the search too, then Pau is taken again by a click.
    await chosen.click();
    expect(await townSearch.evaluate((input) => input === document.activeElement)).toBe(true);
    await townSearch.fill("Pau");
    await visitor.getByRole("option", { name: /^Pau\b.*64000/ }).click();
    await visitor.getByRole("button", { name: "Retirer Pau" }).waitFor();
    await visitor.getByRole("button", { name: "Rechercher", exact: true }).click();
    await visitor.waitForURL(/types=CRECHE/);
    const card = visitor.getByRole("link", { name: /Crèche Les Lutins/ });
    await card.waitFor();
    // The card calls the landline and the mobile (spec: « the fax value labelled as mobile »).
    const lutins = visitor.locator("article", { has: card });
    expect(await lutins.getByRole("link", { name: "Appeler le 05 59 12 34 56" }).getAttribute("href")).toBe(
      "tel:0559123456",
    );
    expect(await lutins.getByRole("link", { name: "Portable : 06 12 34 56 78" }).getAttribute("href")).toBe(
      "tel:0612345678",
    );
    expect(await visitor.getByRole("link", { name: /\[Exemple\]/ }).count()).toBe(0);
    await card.click();
    await visitor.getByRole("heading", { level: 1, name: "Crèche Les Lutins" }).waitFor();
    await visitor.getByText("12 Rue des Cordeliers 64000 Pau").first().waitFor();
    // Under its name, what a family needs first: the address, a call and the way there.
    const facts = visitor.getByRole("region", { name: "Joindre le service" });
    expect(await facts.locator("address").textContent()).toBe("12 Rue des Cordeliers 64000 Pau");
    expect(await facts.getByRole("link", { name: "Appeler le 05 59 12 34 56" }).getAttribute("href")).toBe(
      "tel:0559123456",
    );
    expect(await facts.getByRole("link", { name: /^Itinéraire vers Crèche Les Lutins/ }).getAttribute("href")).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/directions\?to=/,
    );
    // On a phone, within the first screen.
    const phone = await newContext(browser, PHONE);
    const onPhone = await phone.context.newPage();
    await gotoLive(onPhone, visitor.url());
    const phoneFacts = onPhone.getByRole("region", { name: "Joindre le service" });
    await phoneFacts.waitFor();
    const box = (await phoneFacts.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await phone.context.close();
    // The map loads when its frame comes near the screen, over the local basemap (the list's
    // map, beside the results on this wide screen, may already have fetched the same tiles).
    await visitor.getByText("Carte du lieu").scrollIntoViewIfNeeded();
    await visitor.getByRole("region", { name: /^Carte : Crèche Les Lutins/ }).waitFor();
    await visitor.locator("canvas").first().waitFor();
    await expect.poll(() => tiles.requests()).toBeGreaterThan(0);
    await noAxeViolation(visitor);
    expect(family.consoleErrors).toEqual([]);

    // The partner deletes the sheet from the profile with the keyboard: its row and button gone,
    // the focus goes on from « Nouveau service », not from the page's top.
    await page.getByRole("button", { name: "Supprimer le service Crèche Les Lutins" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Supprimer le service « Crèche Les Lutins » ?" });
    await confirm.getByRole("button", { name: "Supprimer", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Aucun service n'est rattaché à votre compte.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Nouveau service");
    expect(partner.consoleErrors).toEqual([]);
    for (const context of [admin, partner, family]) await context.context.close();
  });
});
