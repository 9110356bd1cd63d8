// What a parent and a partner meet on a 390 px phone, past the first screen: Back from a sheet
// to the card it was opened from, a portal that comes back after an outage without a tap, the
// filters applied shown above the results, explanations that say what they show, and a form
// that says what it is missing.
import { type Locator, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FULL, PHONE, usePhonePortal } from "./phone-portal";
import { animationsSettled, gotoLive, noAxeViolation } from "./portal";

/** The element that has the keyboard focus: its name (aria-label, else text) and its id. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { name: element?.getAttribute("aria-label") ?? element?.textContent ?? "", id: element?.id ?? "" };
  });

/** Whether the whole of an element shows on the phone's screen, below the pinned header. */
async function wholeOnScreen(page: Page, element: Locator) {
  const header = (await page.locator("header").boundingBox())!;
  const box = await element.boundingBox();
  return box !== null && box.y >= header.y + header.height - 1 && box.y + box.height <= PHONE.height;
}

/**
 * WCAG 2.5.3: the accessible name holds the visible text, as whole words (« i » inside
 * « Explication » is not it), so that speech control can name what it sees.
 */
function nameHoldsVisibleText(name: string, visible: string): boolean {
  const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
  const [said, seen] = [words(name), words(visible)];
  return seen.length > 0 && said.some((_, start) => seen.every((word, index) => said[start + index] === word));
}

/** The 44 × 44 px a finger needs, and a name that holds what the button shows. */
async function explanationButtonsProblems(buttons: Locator) {
  // Measured at rest: a drawer or dialog sliding in scales its buttons below their size.
  await animationsSettled(buttons.page());
  const problems: string[] = [];
  for (const button of await buttons.all()) {
    const name = (await button.getAttribute("aria-label")) ?? "";
    const box = (await button.boundingBox())!;
    if (box.width < 44 || box.height < 44) problems.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
    const visible = await button.innerText();
    if (!nameHoldsVisibleText(name, visible)) problems.push(`${name}: shows « ${visible} »`);
  }
  return problems;
}

describe("a parent's and a partner's phone, past the first screen", () => {
  const { portal, contextFor } = usePhonePortal("phone_journeys");

  it("comes back from a sheet to the card it was opened from, whether the list was scrolled or not", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites`);
    const cards = page.locator("main a[href^='/actualites/']");
    for (const [index, scrolled] of [
      [0, false],
      [5, true],
    ] as const) {
      const card = cards.nth(index);
      if (scrolled) await card.scrollIntoViewIfNeeded();
      expect((await page.evaluate(() => window.scrollY)) > 0, `list scrolled: ${scrolled}`).toBe(scrolled);
      expect(await wholeOnScreen(page, card)).toBe(true);
      const href = await card.getAttribute("href");
      const title = (await card.getByRole("heading").textContent())!;
      await card.click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      // The parent reads the sheet to its end, then goes back.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await page.goBack();
      await page.waitForURL(`${portal.url}/actualites`);
      await expect.poll(async () => (await focused(page)).name).toContain(title);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(href);
      await expect
        .poll(() => wholeOnScreen(page, card), { message: `card ${index}, list scrolled: ${scrolled}` })
        .toBe(true);
      if (!scrolled) expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    await context.close();
  });

  it("tries a failed list again by itself, waiting longer each time, and shows it once the portal answers", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/services`);
    // The portal is down: every search answers 503.
    let searches = 0;
    await page.route("**/graphql", async (route) => {
      if (route.request().postData()?.includes("ServiceSearch")) searches++;
      await route.fulfill({ status: 503, contentType: "text/plain", body: "Service indisponible" });
    });
    await page.getByLabel("Rechercher").fill("crèche");
    await page.getByLabel("Rechercher").press("Enter");
    const failure = page.getByRole("alert").filter({ hasText: "Le chargement a échoué" });
    await failure.getByText(/^Nouvelle tentative dans [12] s$/).waitFor();
    const failed = searches;
    expect(failed).toBeGreaterThan(0);
    // The message stays in place while the list is tried again (it is not read out anew at each try).
    await failure.evaluate((alert) => {
      new MutationObserver(() => {
        if (!alert.isConnected) Object.assign(window, { alertReplaced: true });
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Tried again by itself after 2 s; failed again, the next try waits 4 s.
    await failure.getByText("Nouvelle tentative dans 4 s").waitFor({ timeout: 10_000 });
    expect(searches).toBe(failed + 1);
    expect(await page.evaluate(() => "alertReplaced" in window)).toBe(false);
    await noAxeViolation(page, "failed list");
    await failure.getByRole("button", { name: "Réessayer" }).waitFor();
    // The portal is back: the list comes without a tap.
    await page.unroute("**/graphql");
    await page
      .getByRole("link", { name: /Crèche/ })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  it("gives the explanations of service types 44 px buttons named by what they show", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/services`);
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const drawer = page.getByRole("dialog", { name: "Filtres" });
    const explain = drawer.getByRole("button", { name: /qu'est-ce que c'est \?$/ });
    await explain.first().waitFor();
    expect(await explain.count()).toBeGreaterThan(5);
    expect(await explanationButtonsProblems(explain)).toEqual([]);
    // It shows the explanation under its type, and says so.
    const creche = drawer.getByRole("button", { name: "Crèche : qu'est-ce que c'est ?", exact: true });
    await creche.click();
    expect(await creche.getAttribute("aria-expanded")).toBe("true");
    const explanation = page.locator(`[id="${await creche.getAttribute("aria-controls")}"]`);
    expect(await explanation.isVisible()).toBe(true);
    expect((await explanation.innerText()).length).toBeGreaterThan(20);
    await context.close();
  });

  it("shows each active filter as a chip above the results, which removes it", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/services`);
    const chips = page.getByRole("list", { name: "Filtres actifs" }).getByRole("button");
    const chipNames = () => chips.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    // Three types chosen in « Filtres »: the results say which.
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const drawer = page.getByRole("dialog", { name: "Filtres" });
    for (const type of ["Crèche", "Crèche familiale", "Micro-crèche"]) {
      await drawer.getByText(type, { exact: true }).click();
    }
    await drawer.getByRole("button", { name: "Rechercher" }).click();
    await page.waitForURL((url) => url.searchParams.get("types") === "CRECHE,FAMILY_CRECHE,MICRO_CRECHE");
    await expect
      .poll(chipNames)
      .toEqual(["Retirer le filtre Crèche", "Retirer le filtre Crèche familiale", "Retirer le filtre Micro-crèche"]);
    expect(await page.getByRole("button", { name: /^Filtres/ }).innerText()).toMatch(/3/);
    // Each shows its filter and the sign that removes it; the list of results comes under them.
    expect((await chips.first().innerText()).replace(/\s+/g, " ")).toBe("Crèche ×");
    const lastChip = (await chips.last().boundingBox())!;
    const firstCard = (await page.locator("main a[href^='/services/']").first().boundingBox())!;
    expect(lastChip.y + lastChip.height).toBeLessThanOrEqual(firstCard.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await noAxeViolation(page, "chips");
    // Removing one updates the address and the results; the focus goes to the next chip.
    const count = page.locator("#debut-resultats");
    await expect.poll(() => count.textContent()).toMatch(/^\d+ résultats?$/);
    const before = await count.textContent();
    await chips.nth(1).click();
    await page.waitForURL((url) => url.searchParams.get("types") === "CRECHE,MICRO_CRECHE");
    await expect.poll(chipNames).toEqual(["Retirer le filtre Crèche", "Retirer le filtre Micro-crèche"]);
    await expect.poll(async () => (await focused(page)).name).toBe("Retirer le filtre Micro-crèche");
    await expect.poll(() => count.textContent()).toMatch(/^\d+ résultats?$/);
    expect(Number((await count.textContent())!.split(" ")[0])).toBeLessThanOrEqual(Number(before!.split(" ")[0]));

    // The other lists too, whatever chose the filters (here, a shared link).
    await gotoLive(page, `${portal.url}/actualites?category=EVENT&ages=PETITE_ENFANCE&thematics=HOUSING&towns=Pau`);
    await expect
      .poll(chipNames)
      .toEqual([
        "Retirer le filtre 0-3 ans",
        "Retirer le filtre Logement, habitat",
        "Retirer Pau de la recherche",
        "Retirer le filtre Actualité : évènement",
      ]);
    expect(await page.getByRole("button", { name: /^Filtres/ }).innerText()).toMatch(/4/);
    await gotoLive(page, `${portal.url}/ressources?ages=ENFANCE`);
    await expect.poll(chipNames).toEqual(["Retirer le filtre 4-12 ans"]);
    // The last one removed with the keyboard: the focus goes to the search box. A chip takes
    // keys once its code is in (disabled until then, as the page says).
    await expect.poll(() => chips.first().isEnabled()).toBe(true);
    await chips.first().press("Enter");
    await page.waitForURL(`${portal.url}/ressources`);
    await expect
      .poll(async () => (await focused(page)).id)
      .toBe(await page.getByLabel("Rechercher").getAttribute("id"));
    expect(await chips.count()).toBe(0);
    await context.close();
  });

  it("says what « Créer » is missing when a partner presses it on a new service", async () => {
    const { context } = await contextFor(FULL);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/profil`);
    await page.getByRole("button", { name: "Nouveau service" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouveau service" });
    await dialog.getByLabel("Nom de la structure").fill("Crèche des Pins");
    // « Créer » can be pressed (and is announced so); what is missing is said beside it.
    const create = dialog.getByRole("button", { name: "Créer", exact: true });
    expect(await create.getAttribute("aria-disabled")).toBeNull();
    expect(await create.isEnabled()).toBe(true);
    await dialog.getByText(/^Pour créer le service, renseignez : le nom du gestionnaire, /).waitFor();
    await create.click();
    // Pressed: the list of what to fill, each a link to its field, takes the focus.
    const summary = dialog.getByRole("alert").filter({ hasText: "Le formulaire est invalide" });
    await summary.waitFor();
    const missing = await summary.getByRole("link").allInnerTexts();
    expect(missing).toHaveLength(8);
    expect(missing).toEqual(
      expect.arrayContaining(["Choisissez au moins un type de service.", "Choisissez au moins une tranche d'âge."]),
    );
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await summary.getByRole("link", { name: "Choisissez au moins un type de service." }).click();
    expect(
      await dialog
        .getByRole("group", { name: /Types de service/ })
        .evaluate((group) => group.contains(document.activeElement)),
    ).toBe(true);
    // The explanations of the types: 44 px buttons named by what they show, there too.
    const explain = dialog.getByRole("button", { name: /qu'est-ce que c'est \?$/ });
    expect(await explain.count()).toBeGreaterThan(5);
    expect(await explanationButtonsProblems(explain)).toEqual([]);
    await context.close();
  });
});
