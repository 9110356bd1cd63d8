// The portal on a phone without a network: the pages a parent opened come back from the service
// worker's saved copies, saying so; nothing signed-in is kept; a new version is offered, not forced.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offlineNoteText } from "../src/modules/offline/offline-note";
import { PAGES_CACHE, SAVED_AT_HEADER } from "../src/modules/offline/saved-pages";
import { PHONE } from "./phone-portal";
import {
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  painted,
  signIn,
  signOutFromAccountMenu,
  startBuiltPortal,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const WEB = join(import.meta.dirname, "..");

/** Resolves once a service worker controls the page (the first one claims it once activated). */
const controlled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) resolve();
        else navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      }),
  );

/** When the saved copy of a page was kept (the worker's stamp), or null when there is none. */
const savedAt = (page: Page, url: string) =>
  page.evaluate(
    async ({ cacheName, header, url }) => {
      if (!(await caches.has(cacheName))) return null;
      const saved = await (await caches.open(cacheName)).match(url);
      return saved?.headers.get(header) ?? null;
    },
    { cacheName: PAGES_CACHE, header: SAVED_AT_HEADER, url },
  );

const savedUrls = (page: Page) =>
  page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    return (await (await caches.open(cacheName)).keys()).map((request) => new URL(request.url).pathname);
  }, PAGES_CACHE);

describe("a parent reads the portal offline, and updates it when asked", () => {
  let portal: E2EPortal;
  let browser: Browser;
  // The build the portal serves, in a copy whose service worker a « new version » replaces.
  const root = mkdtempSync(join(tmpdir(), "portail-offline-"));
  const dist = join(root, "dist");

  beforeAll(async () => {
    cpSync(join(WEB, "dist"), dist, { recursive: true });
    // The server renderer is found beside the build; its packages from its real place.
    symlinkSync(join(WEB, "dist-ssr"), join(root, "dist-ssr"));
    [portal, browser] = await Promise.all([
      startBuiltPortal("offline", {
        DEMO_CONTENT: "true",
        WEB_DIST: dist,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it("reopens a sheet without a network, with the time of its copy and its phone number", async () => {
    const { context } = await newContext(browser, PHONE, { serviceWorkers: "allow" });
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/services`);
    await controlled(page);
    // The first page came before the worker: it is fetched again and kept.
    await expect.poll(() => savedAt(page, `${portal.url}/services`)).not.toBeNull();

    // A sheet opened from the list (inside the application, no navigation) is kept too.
    const card = page
      .getByRole("main")
      .getByRole("link", { name: /\[Exemple\]/ })
      .first();
    const name = (await card.innerText()).trim();
    await card.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const sheetUrl = page.url();
    const call = page.getByRole("main").getByRole("link", { name: /^Appeler le / });
    const tel = await call.getAttribute("href");
    expect(tel).toMatch(/^tel:\+?\d{10,}$/);
    const address = await page.getByRole("main").locator("address").first().innerText();
    await expect.poll(() => savedAt(page, sheetUrl)).not.toBeNull();
    await expect(page.locator("#hors-connexion").count()).resolves.toBe(0);

    // In a lift: the sheet is opened again.
    await context.setOffline(true);
    await page.reload();
    const saved = new Date((await savedAt(page, sheetUrl))!);
    const note = page.getByRole("status").filter({ hasText: "Hors connexion" });
    await expect(note.innerText()).resolves.toBe(offlineNoteText(saved));
    expect(offlineNoteText(saved)).toMatch(/^Hors connexion : informations du \d\d\/\d\d à \d\d:\d\d$/);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect(call.getAttribute("href")).resolves.toBe(tel);
    await expect(page.getByRole("main").locator("address").first().innerText()).resolves.toBe(address);
    // The application's code comes from the device: the page comes alive as online.
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    await noAxeViolation(page, "sheet read offline");

    // The list, opened first, comes back the same way.
    await page.goto(`${portal.url}/services`);
    await note.waitFor();
    await page.getByRole("main").getByRole("link", { name }).waitFor();
    await context.close();
  });

  it("keeps nothing a signed-in person opens, and forgets the saved pages at sign-out", async () => {
    const { context } = await newContext(browser, PHONE, { serviceWorkers: "allow" });
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/ressources`);
    await controlled(page);
    await expect.poll(() => savedUrls(page)).toEqual(["/ressources"]);

    await signIn(page, portal.url, ADMIN, true);
    // A public page, loaded and then opened inside the application, and a signed-in one.
    await gotoLive(page, `${portal.url}/services`);
    const card = page
      .getByRole("main")
      .getByRole("link", { name: /\[Exemple\]/ })
      .first();
    const name = (await card.innerText()).trim();
    await card.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const sheetUrl = page.url();
    await gotoLive(page, `${portal.url}/profil`);
    await gotoLive(page, sheetUrl);
    expect(await savedUrls(page)).toEqual(["/ressources"]);

    await context.setOffline(true);
    for (const url of [sheetUrl, `${portal.url}/profil`, `${portal.url}/services`]) {
      await expect(page.goto(url), url).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    }
    await context.setOffline(false);

    await gotoLive(page, `${portal.url}/profil`);
    await signOutFromAccountMenu(page);
    expect(await savedUrls(page)).toEqual([]);
    await context.close();
  });

  it("offers « Mettre à jour » when a new version is deployed, and reloads only when asked", async () => {
    const { context } = await newContext(browser, PHONE, { serviceWorkers: "allow" });
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/qui-sommes-nous`);
    await controlled(page);
    // Something of the page that a reload would lose.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // A new build is deployed: its worker (and its precompressed copies) lists a changed file.
    const worker = join(dist, "sw.js");
    const before = readFileSync(worker, "utf8");
    const after = before.replace(/("revision":")[0-9a-f]+(","url":"favicon\.svg")/, "$1a$2");
    expect(after).not.toBe(before);
    writeFileSync(worker, after);
    writeFileSync(`${worker}.br`, brotliCompressSync(after));
    writeFileSync(`${worker}.gz`, gzipSync(after));

    // The portal is shown again (or the browser checks by itself): the new version installs and waits.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration!.update();
    });
    const offer = page.getByRole("region", { name: "Nouvelle version" });
    await offer.getByRole("status").filter({ hasText: "Une nouvelle version du portail est disponible." }).waitFor();
    const update = offer.getByRole("button", { name: "Mettre à jour" });
    await painted(page);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      true,
    );
    await noAxeViolation(page, "update offered");

    // Pressed: the new version takes over, and the page reloads on it.
    await Promise.all([page.waitForEvent("load"), update.click()]);
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      false,
    );
    await expect(offer.count()).resolves.toBe(0);
    await context.close();
  });
});
