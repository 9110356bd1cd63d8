// Issue 45's promise, on a 390 px phone: from `/`, a parent reaches the crèches with places
// around Lescar in at most three taps and one typed word, and the places they see are current.
import { type Browser, type Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGeocoder } from "../../api/test/fake-geocoder";
import {
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  painted,
  restAs,
  startBuiltPortal,
} from "./portal";

const PHONE = { width: 390, height: 844 };
const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };

/** Child care with places given today, within 10 km of Lescar: what the parent must find. */
const WITH_PLACES = [
  { name: "Crèche Les Lutins", town: "Lescar", zip: "64230", type: "CRECHE", places: 2 },
  { name: "Micro-crèche Les Petits Pas", town: "Lons", zip: "64140", type: "MICRO_CRECHE", places: 1 },
  { name: "MAM Les Trois Pommes", town: "Billère", zip: "64140", type: "MAM", places: 3 },
];
/** Around Lescar too, but full. */
const FULL = { name: "Crèche Les Galopins", town: "Lescar", zip: "64230", type: "CRECHE" };
/** Around Lescar, with places given three months ago: « à confirmer », never current. */
const STALE = { name: "Crèche Les Écureuils", town: "Lons", zip: "64140", type: "CRECHE", places: 4 };
/** With places today, but 33 km from Lescar. */
const FAR = { name: "Crèche Les Coquelicots", town: "Orthez", zip: "64300", type: "CRECHE", places: 5 };
/** « Faire garder mon enfant » lists the relais too; it has no places. */
const RELAIS = { name: "Relais petite enfance de Lescar", town: "Lescar", zip: "64230", type: "RPE" };

/** A Paris day as the cards write it (« 12/11 ») and as the search's facet stores it (« 2026-11-12 »). */
const parisDay = (date: Date) => {
  const [day, month, year] = new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  })
    .format(date)
    .split("/");
  return { dayMonth: `${day}/${month}`, iso: `${year}-${month}-${day}` };
};

describe("from the home page to the crèches with places around Lescar, on a phone", () => {
  let portal: E2EPortal;
  let browser: Browser;
  // « Lescar » is one of the département's towns: the address service is a local fake, never asked.
  const addresses = new FakeGeocoder();

  beforeAll(async () => {
    await addresses.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("home_places", {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        GEOCODER_URL: addresses.url,
      }),
      launchBrowser(),
    ]);
    const admin = await restAs(portal.url, ADMIN);
    // The administrator keeps these sheets: no partner is needed to give their places.
    const adminId = (await admin("GET", "/api/users/current")).body.id as string;
    const sheet = async ({ name, town, zip, type }: { name: string; town: string; zip: string; type: string }) => {
      const created = await admin("POST", "/api/services/add", {
        serviceName: name,
        serviceManager: "Communauté d'agglomération",
        email: "accueil@example.org",
        phone: "05 59 00 22 33",
        fullAddress: `1 place de la Mairie, ${zip} ${town}`,
        city: town,
        zip,
        type: [type],
        ages: ["PETITE_ENFANCE"],
        coveredLocations: [],
        userIds: [adminId],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const give = async (id: string, group: Record<string, unknown>) => {
      const given = await admin("PUT", `/api/services/availability/${id}`, {
        groups: [{ ageGroup: "FROM_18_MONTHS", ...group }],
      });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
    };
    for (const place of [...WITH_PLACES, FAR]) {
      await give(await sheet(place), { status: "VACANCIES", vacancies: place.places });
    }
    await give(await sheet(FULL), { status: "FULL" });
    await sheet(RELAIS);
    // Places given three months ago: no screen can date them back, the database can.
    const stale = await sheet(STALE);
    await give(stale, { status: "VACANCIES", vacancies: STALE.places });
    const then = new Date(Date.now() - 92 * 24 * 3600 * 1000);
    await portal.sql("UPDATE service SET availabilityGivenAt = ? WHERE id = ?", [
      then.toISOString().replace("T", " ").slice(0, 23),
      stale,
    ]);
    await portal.sql("UPDATE service_facet SET value = ? WHERE serviceId = ? AND facet = 'vacancy'", [
      parisDay(then).iso,
      stale,
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await addresses.stop();
  });

  it("takes one typed word and three taps, and shows only current places", async () => {
    const { context, consoleErrors, outsideRequests } = await newContext(browser, PHONE);
    const page = await context.newPage();
    const today = parisDay(new Date()).dayMonth;
    const cards = page.getByRole("article");
    let taps = 0;
    /** A tap of the parent's, counted. */
    const tap = async (locator: Locator) => {
      taps += 1;
      await locator.click();
    };

    await gotoLive(page, `${portal.url}/`);
    const intro = page.getByRole("region", { name: "Que cherchez-vous ?" });
    // One typed word.
    await intro.getByRole("combobox", { name: "Où ?" }).fill("Lescar");
    // 1. The town.
    await tap(page.getByRole("option", { name: /^Lescar Commune · 64230/ }));
    const childcare = intro.getByRole("link", { name: "Faire garder mon enfant" });
    await expect.poll(() => childcare.getAttribute("href")).toContain("ou=Lescar");
    // 2. The need.
    await tap(childcare);
    await page.waitForURL(/\/services\?/);
    // The child care around Lescar, places or not (the relais, the full crèche, the stale one).
    await cards.filter({ hasText: FULL.name }).getByText(`Complet (au ${today})`).waitFor();
    await cards
      .filter({ hasText: STALE.name })
      .getByText(/à confirmer/)
      .waitFor();

    // 3. The places: on the list itself, one tap away.
    const quick = page.getByRole("button", { name: "Avec des places disponibles", exact: true });
    await quick.waitFor({ timeout: 15_000 }).catch(() => {
      throw new Error(
        "« Avec des places disponibles » is not on the list: the parent must open « Filtres » (more taps)",
      );
    });
    expect(await quick.getAttribute("aria-pressed")).toBe("false");
    const box = (await quick.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await tap(quick);
    await expect.poll(() => quick.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => new URL(page.url()).searchParams.get("places")).toBe("disponibles");
    expect(taps, "taps from the home page to the crèches with places").toBeLessThanOrEqual(3);

    // Exactly the child care with current places within 10 km of Lescar, nearest first.
    await expect
      .poll(() => cards.getByRole("heading", { level: 2 }).allInnerTexts())
      .toEqual(WITH_PLACES.map((place) => place.name));
    for (const place of WITH_PLACES) {
      const line = `${place.places} place${place.places > 1 ? "s disponibles" : " disponible"} (au ${today})`;
      await cards.filter({ hasText: place.name }).getByText(line).waitFor();
    }
    const texts = (await cards.allInnerTexts()).join("\n");
    expect(texts).not.toMatch(/Complet|à confirmer|liste d'attente/i);
    // The place and the filter are said: « Où ? » and the filter's chip.
    expect(await page.getByRole("combobox", { name: "Où ?" }).inputValue()).toBe("Lescar");
    const chip = page
      .getByRole("list", { name: "Filtres actifs" })
      .getByRole("button", { name: "Retirer le filtre Avec des places disponibles" });
    await chip.waitFor();
    await noAxeViolation(page, "les crèches avec des places autour de Lescar");

    // The drawer's checkbox says the same, and unticked there, the quick toggle follows.
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const drawer = page.getByRole("dialog", { name: /Filtres/ });
    const checkbox = drawer
      .getByRole("group", { name: "Accueil du jeune enfant" })
      .getByRole("checkbox", { name: "Avec des places disponibles" });
    expect(await checkbox.isChecked()).toBe(true);
    await drawer
      .getByRole("group", { name: "Accueil du jeune enfant" })
      .getByText("Avec des places disponibles")
      .click();
    await drawer.getByRole("button", { name: "Rechercher" }).click();
    await expect.poll(() => quick.getAttribute("aria-pressed")).toBe("false");
    expect(new URL(page.url()).searchParams.get("places")).toBeNull();
    await cards.filter({ hasText: FULL.name }).waitFor();
    expect(await chip.count()).toBe(0);
    // The toggle pressed again is the same filter as the drawer's, removed by its chip.
    await quick.click();
    await expect.poll(() => quick.getAttribute("aria-pressed")).toBe("true");
    await chip.click();
    await expect.poll(() => quick.getAttribute("aria-pressed")).toBe("false");
    expect(new URL(page.url()).searchParams.get("places")).toBeNull();

    expect(outsideRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("offers the toggle only when the list is about child care", async () => {
    const { context, consoleErrors } = await newContext(browser, PHONE);
    const page = await context.newPage();
    const quick = page.getByRole("button", { name: "Avec des places disponibles", exact: true });
    await gotoLive(page, `${portal.url}/services?types=LAEP,RPE`);
    await page.getByRole("article").first().waitFor();
    await painted(page);
    expect(await quick.count()).toBe(0);
    // The server renders it with the list, not pressed, for a child care type alone.
    const html = await (await fetch(`${portal.url}/services?types=MICRO_CRECHE`)).text();
    const served = /<button[^>]*>Avec des places disponibles<\/button>/.exec(html)?.[0] ?? "no toggle in the HTML";
    expect(served).toContain('aria-pressed="false"');
    await gotoLive(page, `${portal.url}/services?types=MICRO_CRECHE`);
    await quick.waitFor();
    expect(await quick.getAttribute("aria-pressed")).toBe("false");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
