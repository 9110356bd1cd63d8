import { readFileSync } from "node:fs";
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parisToUtc } from "../../api/src/shared/rules";
import ICAL from "ical.js";
import { type E2EPortal, gotoLive, launchBrowser, newContext, noAxeViolation, startBuiltPortal } from "./portal";

const PHONE = { width: 390, height: 844 };
const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const DAY_MS = 86_400_000;

/** Today's Paris calendar day and weekday, read with Intl (independently of the portal's own rules). */
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
function parisDayAt(offset: number, hour: number, minute = 0): Date {
  const { year, month, day } = parisCalendar(new Date());
  const date = new Date(Date.UTC(year, month - 1, day + offset));
  return parisToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute);
}

describe("events a family can plan with", () => {
  let portal: E2EPortal;
  let browser: Browser;
  let cookie = "";

  beforeAll(async () => {
    [portal, browser] = await Promise.all([
      startBuiltPortal("events", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
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

  /** The way both engines read a UTC instant (TypeORM writes them so). */
  const sqlInstant = (instant: Date) => instant.toISOString().replace("T", " ").replace("Z", "");

  /**
   * Publishes an event as a partner would (the API refuses a start in the past), then moves it
   * to its dates in the database: the week-end may have begun, and one event must be over.
   */
  async function addEvent(title: string, from: Date, to: Date, extra: Record<string, string> = {}) {
    const later = new Date(Date.now() + 60 * DAY_MS);
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
        eventAddress: "Place de la Mairie, 64000 Pau",
        ...extra,
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
    return id;
  }

  it("shows this week-end's events only, in date order, and the past ones apart", { timeout: 120_000 }, async () => {
    // The coming Saturday and Sunday in Paris (today's week-end from a Saturday); on a Sunday,
    // the next week-end, offered as « Le week-end prochain » (« Aujourd'hui » is today).
    const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const today = weekdays.indexOf(parisCalendar(new Date()).weekday);
    const toSaturday = 6 - today;
    const weekendLabel = today === 0 ? "Le week-end prochain" : "Ce week-end";
    const events = [
      // Created in an order unrelated to their dates.
      { title: "Pique-nique du samedi", from: parisDayAt(toSaturday, 12), to: parisDayAt(toSaturday, 14) },
      { title: "Balade contée du dimanche", from: parisDayAt(toSaturday + 1, 15), to: parisDayAt(toSaturday + 1, 17) },
      { title: "Éveil musical du samedi matin", from: parisDayAt(toSaturday, 9, 30), to: parisDayAt(toSaturday, 11) },
      {
        title: "Spectacle du mercredi suivant",
        from: parisDayAt(toSaturday + 4, 15),
        to: parisDayAt(toSaturday + 4, 16),
      },
      { title: "Vendredi soir en famille", from: parisDayAt(toSaturday - 1, 20), to: parisDayAt(toSaturday - 1, 22) },
      { title: "Fête passée", from: new Date(Date.now() - 12 * DAY_MS), to: new Date(Date.now() - 11 * DAY_MS) },
    ];
    for (const event of events) await addEvent(event.title, event.from, event.to);

    // What « Ce week-end » must show: the events not over yet that take place on its days, by start.
    const weekendStart = parisDayAt(Math.max(toSaturday, 0), 0);
    const weekendEnd = parisDayAt(toSaturday + 2, 0);
    const now = Date.now();
    const expected = events
      .filter((e) => e.to.getTime() >= now && e.from < weekendEnd && e.to >= weekendStart)
      .sort((a, b) => a.from.getTime() - b.from.getTime())
      .map((e) => e.title);
    expect(expected.length).toBeGreaterThan(0);

    const { context, consoleErrors } = await newContext(browser, PHONE);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites`);
    const periods = page.getByRole("navigation", { name: "Évènements : quand ?" });
    await periods.getByRole("link", { name: weekendLabel }).click();
    await page.waitForURL(/category=EVENT&from=\d{4}-\d{2}-\d{2}&to=/);
    await expect.poll(() => page.locator("main [aria-busy] h2").allTextContents()).toEqual(expected);
    expect(await periods.getByRole("link", { name: weekendLabel }).getAttribute("aria-current")).toBe("true");
    await noAxeViolation(page);

    // Events to come: every upcoming one in date order; past ones apart.
    await periods.getByRole("link", { name: "À venir" }).click();
    const upcoming = events
      .filter((e) => e.to.getTime() >= Date.now())
      .sort((a, b) => a.from.getTime() - b.from.getTime())
      .map((e) => e.title);
    await expect.poll(() => page.locator("main [aria-busy] h2").allTextContents()).toEqual(upcoming);
    await periods.getByRole("link", { name: "Évènements passés" }).click();
    await page.waitForURL(/passes=1/);
    // Latest first; on a Friday after 22h, Friday evening's event is one of them.
    const past = events
      .filter((e) => e.to.getTime() < Date.now())
      .sort((a, b) => b.from.getTime() - a.from.getTime())
      .map((e) => e.title);
    await expect.poll(() => page.locator("main [aria-busy] h2").allTextContents()).toEqual(past);

    // A day picked in the filter panel's calendar field (the browser's date input).
    await periods.getByRole("link", { name: "À venir" }).click();
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const drawer = page.getByRole("dialog");
    const day = parisCalendar(parisDayAt(toSaturday + 4, 12));
    const iso = `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
    await drawer.getByLabel("À partir du").fill(iso);
    await drawer.getByRole("button", { name: "Rechercher" }).click();
    await page.waitForURL(new RegExp(`from=${iso}`));
    await expect
      .poll(() => page.locator("main [aria-busy] h2").allTextContents())
      .toEqual(["Spectacle du mercredi suivant"]);

    // « S'abonner »: the feeds of the list with its filters, also named in the page's head.
    await gotoLive(page, `${portal.url}/actualites?ages=ENFANCE`);
    const calendarHref = "/flux/evenements.ics?ages=ENFANCE";
    expect(await page.locator('head link[rel=alternate][type="text/calendar"]').getAttribute("href")).toBe(
      calendarHref,
    );
    const subscribe = page.getByRole("region", { name: "S'abonner" });
    expect(await subscribe.getByRole("link", { name: /Agenda des évènements/ }).getAttribute("href")).toBe(
      calendarHref,
    );
    const feed = await fetch(`${portal.url}${calendarHref}`);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const summaries = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents("vevent")
      .map((event) => event.getFirstPropertyValue("summary"));
    expect(summaries).toEqual(upcoming);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it(
    "puts when, where and « Ajouter à mon agenda » first on an event's page, in Paris time",
    { timeout: 120_000 },
    async () => {
      // 26 October 2030 10:00 (summer time) to 27 October 18:00 (winter time: clocks go back that night).
      const id = await addEvent(
        "Fête d'automne des familles",
        new Date("2030-10-26T08:00:00Z"),
        new Date("2030-10-27T17:00:00Z"),
        {
          contactEmail: "fete@mairie-pau.fr",
          contactPhone: "05 59 27 85 80",
          registrationUrl: "https://www.pau.fr/inscription",
        },
      );
      const { context, consoleErrors } = await newContext(browser, PHONE);
      const page = await context.newPage();
      await gotoLive(page, `${portal.url}/actualites/${id}`);
      const facts = page.getByRole("region", { name: "Date et lieu de l'évènement" });
      await facts.waitFor();
      expect(await facts.textContent()).toContain("Du samedi 26 octobre 2030 à 10h au dimanche 27 octobre 2030 à 18h");
      expect(await facts.textContent()).toContain("Place de la Mairie, 64000 Pau");
      // Within the first screen of a phone, above the article.
      const box = (await facts.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      const itinerary = facts.getByRole("link", { name: /^Itinéraire/ });
      // The organiser's contact and registration, when the author gave them.
      expect(await facts.getByRole("link", { name: "fete@mairie-pau.fr" }).getAttribute("href")).toBe(
        "mailto:fete@mairie-pau.fr",
      );
      expect(await facts.getByRole("link", { name: "05 59 27 85 80" }).getAttribute("href")).toBe("tel:0559278580");
      expect(await facts.getByRole("link", { name: /^S'inscrire/ }).getAttribute("href")).toBe(
        "https://www.pau.fr/inscription",
      );
      expect(await itinerary.getAttribute("href")).toMatch(/^https:\/\/www\.openstreetmap\.org\/directions\?to=/);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        facts.getByRole("link", { name: "Ajouter à mon agenda" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`evenement-${id}.ics`);
      const text = readFileSync((await download.path())!, "utf8");
      const calendar = new ICAL.Component(ICAL.parse(text));
      for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
      const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
      expect(event.summary).toBe("Fête d'automne des familles");
      expect(event.startDate.toString()).toBe("2030-10-26T10:00:00");
      expect(event.endDate.toString()).toBe("2030-10-27T18:00:00");
      expect(event.endDate.toJSDate().toISOString()).toBe("2030-10-27T17:00:00.000Z");
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it("shows administrators an article's history: its creation and two edits with the fields changed", async () => {
    const id = await addEvent("Bourse aux jouets", new Date("2030-11-16T08:00:00Z"), new Date("2030-11-16T12:00:00Z"));
    const update = async (fields: Record<string, unknown>) => {
      const response = await fetch(`${portal.url}/api/media/update/${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({
          title: "Bourse aux jouets",
          article: { ops: [{ insert: "Bourse aux jouets.\n" }] },
          categories: ["event"],
          ages: ["ENFANCE"],
          thematics: ["HOLIDAYS_LEISURE"],
          eventFrom: "2030-11-16T08:00:00.000Z",
          eventTo: "2030-11-16T12:00:00.000Z",
          eventAddress: "Place de la Mairie, 64000 Pau",
          ...fields,
        }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    await update({ title: "Bourse aux jouets et aux livres" });
    await update({ title: "Bourse aux jouets et aux livres", ages: ["ENFANCE", "ADOLESCENCE"], city: ["Pau"] });

    const { context, consoleErrors } = await newContext(browser, PHONE);
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value, url: portal.url }]);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites/${id}`);
    await page.getByRole("button", { name: "Historique" }).click();
    const dialog = page.getByRole("dialog", { name: /^Historique/ });
    await dialog.getByRole("listitem").first().waitFor();
    const entries = await dialog.getByRole("listitem").allTextContents();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatch(/^Modification.*Champs modifiés : âges, communes$/);
    expect(entries[1]).toMatch(/^Modification.*Champs modifiés : titre\b/);
    expect(entries[2]).toMatch(/^Création.*Champs remplis : titre, contenu/);
    // A long history scrolls inside the dialog: its list takes the focus, for the arrows and Page Down.
    const list = dialog.getByRole("region", { name: /^Historique/ });
    await list.focus();
    expect(await list.evaluate((element) => element === document.activeElement)).toBe(true);
    await noAxeViolation(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
