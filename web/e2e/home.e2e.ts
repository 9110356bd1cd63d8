// The front door on a 390 px phone: « Que cherchez-vous ? », « Où ? » remembered on the device,
// and the sheets' and events' « Partager », phone maps application and Google Agenda.
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGeocoder } from "../../api/test/fake-geocoder";
import { type E2EPortal, gotoLive, launchBrowser, newContext, noAxeViolation, startBuiltPortal } from "./portal";

const PHONE = { width: 390, height: 844 };
const ENTRY_POINTS = [
  "Faire garder mon enfant",
  "Sorties et ateliers près de chez moi",
  "Être aidé, être écouté",
  "Des conseils pour chaque âge",
];
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** A position near Lescar (Pyrénées-Atlantiques), as the phone gives it. */
const NEAR_LESCAR = { latitude: 43.333, longitude: -0.435 };

/** The distance an event card shows (« à 6,5 km », « à moins de 100 m »), in km, or null. */
function cardDistance(text: string): number | null {
  const match = /à (?:moins de )?([\d,]+) (km|m)\b/.exec(text);
  if (!match) return null;
  const value = Number(match[1].replace(",", "."));
  return match[2] === "m" ? value / 1000 : value;
}

/** When an event card says its event starts (« Évènement du 10/03/2026 10:00 »), sortable, or null. */
function cardStart(text: string): string | null {
  const match = /Évènement du (\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})/.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]} ${match[4]}` : null;
}

/** An element's box, said when it is missing. */
async function boxOf(page: Page, what: string, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} n'est pas affiché sur ${page.url()}`);
  return box;
}

describe("a parent's front door, on a phone", () => {
  let portal: E2EPortal;
  let browser: Browser;
  // The address service is a local fake: a town typed here never needs it, and nothing leaves.
  const addresses = new FakeGeocoder();

  beforeAll(async () => {
    await addresses.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("home", { DEMO_CONTENT: "true", GEOCODER_URL: addresses.url }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await addresses.stop();
  });

  it("asks « Que cherchez-vous ? » with « Où ? », four needs and the first news on the first screen", async () => {
    const { context, consoleErrors } = await newContext(browser, PHONE);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/`);
    const intro = page.getByRole("region", { name: "Que cherchez-vous ?" });
    const where = intro.getByRole("combobox", { name: "Où ?" });
    const firstCardTitle = page.locator("main .chakra-card__root h2").first();
    for (const [what, locator] of [
      ["« Que cherchez-vous ? »", intro.getByRole("heading", { name: "Que cherchez-vous ?" })],
      ["« Où ? »", where],
      ["« Autour de moi »", intro.getByRole("button", { name: "Autour de moi" })],
      ...ENTRY_POINTS.map((name) => [`« ${name} »`, intro.getByRole("link", { name })] as const),
      ["the first news' title", firstCardTitle],
    ] as const) {
      const box = await boxOf(page, what, locator);
      expect(box.y + box.height, what).toBeLessThanOrEqual(PHONE.height);
    }
    // Each need is a 44 px target at least, two a row.
    const boxes = await Promise.all(ENTRY_POINTS.map((name) => boxOf(page, name, intro.getByRole("link", { name }))));
    for (const box of boxes) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    expect(boxes[0].y).toBe(boxes[1].y);
    // The spec's list and its title are still there, under it; /actualites is the list alone.
    await page.getByRole("heading", { level: 1, name: "Nouveautés, évènements" }).waitFor();
    expect(await intro.getByRole("link", { name: "Que propose ce portail ?" }).getAttribute("href")).toBe(
      "/que-propose-ce-portail",
    );
    await noAxeViolation(page, "/");
    await gotoLive(page, `${portal.url}/actualites`);
    await page.getByRole("heading", { level: 1, name: "Nouveautés, évènements" }).waitFor();
    expect(await page.getByRole("region", { name: "Que cherchez-vous ?" }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("opens the child care around the place chosen, and remembers the place on the device", async () => {
    const { context, consoleErrors, outsideRequests } = await newContext(browser, PHONE);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/`);
    const intro = page.getByRole("region", { name: "Que cherchez-vous ?" });
    await intro.getByRole("combobox", { name: "Où ?" }).fill("Lesc");
    await page.getByRole("option", { name: /^Lescar Commune · 64230/ }).click();
    const childcare = intro.getByRole("link", { name: "Faire garder mon enfant" });
    await expect.poll(() => childcare.getAttribute("href")).toContain("ou=Lescar");
    await noAxeViolation(page, "/ with a place");
    await childcare.click();
    await page.waitForURL(/\/services\?/);
    const opened = new URL(page.url()).searchParams;
    expect(opened.get("ou")).toBe("Lescar");
    expect([opened.get("lat"), opened.get("lon")]).toEqual(["43.34051", "-0.42820"]);
    expect(opened.get("types")?.split(",")).toEqual(
      expect.arrayContaining(["CRECHE", "MICRO_CRECHE", "FAMILY_CRECHE", "DROP_IN_NURSERY", "MAM", "RPE"]),
    );
    // The list searches around Lescar: its « Où ? » says so, its cards their distance.
    await expect.poll(() => page.getByRole("combobox", { name: "Où ?" }).inputValue()).toBe("Lescar");
    await page
      .locator("article")
      .first()
      .getByText(/à [\d,]+ (km|m)|à moins de 100 m|Intervient sur votre commune/)
      .waitFor();

    // The next visit: the place is there, and the needs lead around it.
    await gotoLive(page, `${portal.url}/`);
    await expect.poll(() => intro.getByRole("combobox", { name: "Où ?" }).inputValue()).toBe("Lescar");
    const support = new URL(
      (await intro.getByRole("link", { name: "Être aidé, être écouté" }).getAttribute("href"))!,
      portal.url,
    );
    expect(support.pathname).toBe("/services");
    expect([support.searchParams.get("ou"), support.searchParams.get("lat"), support.searchParams.get("lon")]).toEqual([
      "Lescar",
      "43.34051",
      "-0.42820",
    ]);
    expect(support.searchParams.get("types")?.split(",")).toEqual(
      expect.arrayContaining(["LAEP", "FAMILY_MEDIATION", "SOCIAL_CENTRES"]),
    );
    // The events around Lescar, with the events list's own « Où ? ».
    expect(await intro.getByRole("link", { name: "Sorties et ateliers près de chez moi" }).getAttribute("href")).toBe(
      "/actualites?ou=Lescar&lat=43.34051&lon=-0.42820&category=EVENT",
    );
    await page.reload();
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    await expect.poll(() => intro.getByRole("combobox", { name: "Où ?" }).inputValue()).toBe("Lescar");
    // Cleared, it is forgotten.
    await intro.getByRole("button", { name: "Effacer le lieu" }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("portail.lieu"))).toBeNull();
    expect(await intro.getByRole("link", { name: "Faire garder mon enfant" }).getAttribute("href")).not.toContain(
      "ou=",
    );
    expect(outsideRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("opens the events around « Autour de moi », in date order with their distances", async () => {
    const { context, consoleErrors, outsideRequests } = await newContext(browser, PHONE);
    // A parent near Lescar who lets the portal know where they are.
    await context.grantPermissions(["geolocation"], { origin: portal.url });
    await context.setGeolocation(NEAR_LESCAR);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/`);
    const intro = page.getByRole("region", { name: "Que cherchez-vous ?" });
    await intro.getByRole("button", { name: "Autour de moi" }).click();
    await expect.poll(() => intro.getByRole("combobox", { name: "Où ?" }).inputValue()).toBe("Autour de moi");
    await intro.getByRole("link", { name: "Sorties et ateliers près de chez moi" }).click();
    // The position to about 100 m, as the list's « Où ? » writes it; the default radius unsaid.
    await page.waitForURL(/\/actualites\?ou=Autour\+de\+moi&lat=43\.33300&lon=-0\.43500&category=EVENT$/);

    // The demo's events within 10 km (Lescar, Lons, Billère, Pau…), each saying how far, soonest first.
    const cards = page.locator("main [aria-busy] a");
    await cards
      .first()
      .getByText(/à [\d,]+ (km|m)|à moins de 100 m/)
      .waitFor({ timeout: 30_000 });
    const texts = await cards.allInnerTexts();
    expect(texts.length).toBeGreaterThanOrEqual(2);
    const distances = texts.map(cardDistance);
    for (const distance of distances) {
      expect(distance).not.toBeNull();
      expect(distance).toBeLessThanOrEqual(10);
    }
    // Soonest first, whatever the distances (not nearest first, as services are).
    const starts = texts.map(cardStart);
    expect(starts.every((start) => start !== null)).toBe(true);
    expect(starts).toEqual([...starts].sort());
    // « Où ? » is an active filter of the list, removable as a chip.
    const chips = page.getByRole("list", { name: "Filtres actifs" });
    await chips.getByRole("button", { name: "Retirer le filtre Où : Autour de moi (10 km)" }).waitFor();
    await noAxeViolation(page, "les évènements autour de moi");
    expect(outsideRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shares a sheet by a copied link where the phone has no sharing, and explains its types", async () => {
    const { context, consoleErrors } = await newContext(browser, PHONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: portal.url });
    // A browser without the Web Share API (most computers): « Partager » copies the link.
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/services?q=creche`);
    await page.locator("article").first().getByRole("link").first().click();
    await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    await gotoLive(page, page.url());
    const facts = page.getByRole("region", { name: "Joindre le service" });
    await facts.getByRole("button", { name: /^Partager/ }).click();
    await facts.getByRole("status").filter({ hasText: "Lien copié" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    // On a computer there is no maps application to offer: OpenStreetMap only.
    expect(await facts.getByRole("link", { name: /^Itinéraire vers / }).getAttribute("href")).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/directions\?to=/,
    );
    expect(await facts.getByRole("link", { name: /^Ouvrir dans/ }).count()).toBe(0);
    // What a crèche is, in « Facile à lire et à comprendre », one sentence a line.
    const explanation = page.locator("details").filter({ hasText: "Crèche : qu'est-ce que c'est ?" });
    await explanation.locator("summary").click();
    await explanation.getByText("Une crèche accueille les jeunes enfants pendant la journée.").waitFor();
    expect(await explanation.locator("li").count()).toBeGreaterThanOrEqual(4);
    await noAxeViolation(page, "a sheet, its explanation open and its link copied");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("offers Plans on an iPhone (the same words as elsewhere) beside OpenStreetMap, and Google Agenda beside the .ics of an event", async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: "fr-FR", userAgent: IPHONE });
    const errors: string[] = [];
    context.on("page", (page) =>
      page.on("console", (message) => message.type() === "error" && errors.push(message.text())),
    );
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites?category=EVENT`);
    await page.locator("main a[href^='/actualites/']").first().click();
    await page.waitForURL(/\/actualites\/[0-9a-f-]{36}$/);
    await gotoLive(page, page.url());
    const facts = page.getByRole("region", { name: "Date et lieu de l'évènement" });
    const plans = facts.getByRole("link", { name: /^Ouvrir dans l'appli de cartes Plans : itinéraire vers / });
    expect(await plans.getAttribute("href")).toMatch(/^https:\/\/maps\.apple\.com\/\?daddr=/);
    expect(await facts.getByRole("link", { name: /^Itinéraire vers / }).getAttribute("href")).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/directions\?to=/,
    );
    const google = new URL((await facts.getByRole("link", { name: /^Ajouter à Google Agenda/ }).getAttribute("href"))!);
    expect(`${google.origin}${google.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(google.searchParams.get("action")).toBe("TEMPLATE");
    expect(google.searchParams.get("text")).toBe(await page.getByRole("heading", { level: 1 }).textContent());
    expect(google.searchParams.get("dates")).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$|^\d{8}\/\d{8}$/);
    // Once live, the details end with the event's page.
    expect(google.searchParams.get("details")).toContain(page.url());
    expect(await facts.getByRole("link", { name: "Ajouter à mon agenda" }).getAttribute("href")).toMatch(
      /agenda\.ics$/,
    );
    await facts.getByRole("button", { name: /^Partager/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
