import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parisToUtc } from "../../api/src/shared/rules";
import { type E2EPortal, gotoLive, launchBrowser, newContext, noAxeViolation, startBuiltPortal } from "./portal";

const PHONE = { width: 390, height: 844 };
const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const DAY_MS = 86_400_000;
const LESCAR = { lat: 43.34051, lon: -0.4282 };
const PAU = { lat: 43.2951, lon: -0.3708 };
const BAYONNE = { lat: 43.4929, lon: -1.4748 };

/** A Paris calendar day and weekday, read with Intl (independently of the portal's own rules). */
function parisCalendar(instant: Date): { year: number; month: number; day: number; weekday: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { year: +parts.year, month: +parts.month, day: +parts.day, weekday: parts.weekday };
}

/** The Paris day `offset` days from today, at a wall-clock time, as an instant. */
function parisDayAt(offset: number, hour: number): Date {
  const { year, month, day } = parisCalendar(new Date());
  const date = new Date(Date.UTC(year, month - 1, day + offset));
  return parisToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour);
}

/** « lundi 7 décembre » (« 1er » for the first; the year when it is not this one), with Intl. */
function frenchDay(instant: Date): string {
  const { year, day } = parisCalendar(instant);
  const words = new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(instant);
  const named = day === 1 ? words.replace(/ 1 /, " 1er ") : words;
  return year === parisCalendar(new Date()).year ? named : `${named} ${year}`;
}

/** The distance a card shows (« à 6,5 km », « à moins de 100 m »), in km. */
const cardDistance = (text: string) => {
  const match = /à (?:moins de )?([\d,]+) (km|m)\b/.exec(text);
  if (!match) return null;
  const value = Number(match[1].replace(",", "."));
  return match[2] === "m" ? value / 1000 : value;
};

describe("a parent finds the events near them, on a phone", () => {
  let portal: E2EPortal;
  let browser: Browser;
  let cookie = "";

  beforeAll(async () => {
    [portal, browser] = await Promise.all([
      startBuiltPortal("events_near", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
    const login = await fetch(`${portal.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.get("set-cookie")!.split(";")[0];
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const sqlInstant = (instant: Date) => instant.toISOString().replace("T", " ").replace("Z", "");

  /** Publishes an event at a place as a partner would, then moves it to its dates (the week-end may have begun). */
  async function addEvent(title: string, at: { lat: number; lon: number }, from: Date) {
    const later = new Date(Date.now() + 60 * DAY_MS);
    const to = new Date(from.getTime() + 2 * 3_600_000);
    const response = await fetch(`${portal.url}/api/media/add`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        title,
        article: { ops: [{ insert: `${title}.\n` }] },
        categories: ["event"],
        ages: ["ENFANCE"],
        thematics: ["HOLIDAYS_LEISURE"],
        eventFrom: later.toISOString(),
        eventTo: later.toISOString(),
        eventAddress: "Place de la Mairie",
        location: at,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const id = (await response.json()) as string;
    await portal.sql("UPDATE media SET eventFrom = ?, eventTo = ?, eventEnd = ? WHERE id = ?", [
      sqlInstant(from),
      sqlInstant(to),
      sqlInstant(to),
      id,
    ]);
  }

  it(
    "sets « Où ? » Lescar: events in date order with their distances; an empty week-end names the next one",
    { timeout: 150_000 },
    async () => {
      // The coming week-end in Paris (today's from a Saturday; on a Sunday, the next one).
      const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
      const today = weekdays.indexOf(parisCalendar(new Date()).weekday);
      const toSaturday = 6 - today;
      const weekendLabel = today === 0 ? "Le week-end prochain" : "Ce week-end";
      // Nothing within 10 km of Lescar that week-end (Bayonne is 85 km away); the Monday after, Pau.
      const monday = parisDayAt(toSaturday + 2, 15);
      await addEvent("Atelier cuisine à Lescar", LESCAR, parisDayAt(toSaturday + 3, 10));
      await addEvent("Spectacle à Bayonne", BAYONNE, parisDayAt(toSaturday + 1, 11));
      await addEvent("Heure du conte à Pau", PAU, monday);
      await addEvent("Lecture au jardin à Lescar", LESCAR, parisDayAt(toSaturday + 9, 16));

      const { context, consoleErrors } = await newContext(browser, PHONE);
      const page = await context.newPage();
      await gotoLive(page, `${portal.url}/actualites`);
      const periods = page.getByRole("navigation", { name: "Évènements : quand ?" });
      await periods.getByRole("link", { name: "À venir" }).click();
      await page.waitForURL(/category=EVENT/);

      // « Où ? » in the filters: a town typed, picked among those proposed, the radius kept.
      await page.getByRole("button", { name: /^Filtres/ }).click();
      const drawer = page.getByRole("dialog");
      await drawer.getByRole("combobox", { name: "Où ?" }).fill("Lesc");
      await drawer.getByRole("option", { name: /^Lescar Commune · 64230/ }).click();
      expect(await drawer.getByLabel("Rayon").inputValue()).toBe("10");
      await noAxeViolation(page, "« Où ? » dans les filtres des évènements");
      await drawer.getByRole("button", { name: "Rechercher" }).click();
      await page.waitForURL(/ou=Lescar&lat=43\.34051&lon=-0\.42820/);

      // Within 10 km, in date order, each card saying how far.
      const cards = page.locator("main [aria-busy] a");
      const titles = ["Heure du conte à Pau", "Atelier cuisine à Lescar", "Lecture au jardin à Lescar"];
      await expect
        .poll(() => page.locator("main [aria-busy] h2").allTextContents(), { timeout: 30_000 })
        .toEqual(titles);
      const distances = (await cards.allInnerTexts()).map(cardDistance);
      expect(distances[0]).toBeGreaterThan(5);
      expect(distances[0]).toBeLessThan(10);
      expect(distances.slice(1)).toEqual([0.1, 0.1]); // « à moins de 100 m »
      // The place is an active filter, removable as a chip.
      const chips = page.getByRole("list", { name: "Filtres actifs" });
      expect(await chips.getByRole("button", { name: "Retirer le filtre Où : Lescar (10 km)" }).count()).toBe(1);
      await noAxeViolation(page, "évènements autour de Lescar");

      // The week-end holds none near Lescar: the next date that has events is named, and reached.
      await periods.getByRole("link", { name: weekendLabel }).click();
      await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=/);
      const next = page.getByRole("link", { name: `Prochain évènement : ${frenchDay(monday)}` });
      await next.waitFor({ timeout: 30_000 });
      expect(await page.locator("main [aria-busy] h2").count()).toBe(0);
      await noAxeViolation(page, "un week-end sans évènement autour de Lescar");
      await next.click();
      const { year, month, day } = parisCalendar(monday);
      const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      await page.waitForURL(new RegExp(`ou=Lescar.*from=${iso}&to=${iso}`));
      await expect
        .poll(() => page.locator("main [aria-busy] h2").allTextContents(), { timeout: 30_000 })
        .toEqual(["Heure du conte à Pau"]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
