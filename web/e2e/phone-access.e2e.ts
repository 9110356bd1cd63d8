// The portal as a parent uses it on a 390 px phone, with the keyboard only, or through a
// screen reader (axe, WCAG 2.1 A/AA), and on a 1280 px screen. The axe sweep of every route
// is in axe-visitor.e2e.ts and axe-accounts.e2e.ts.
import { type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, DESKTOP, FULL, NEWS, PHONE, usePhonePortal } from "./phone-portal";
import { gotoLive, noAxeViolation, painted, signOutFromAccountMenu } from "./portal";

/** WCAG relative luminance contrast of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map(Number)
      .map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const ANDROID =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

describe("the portal on a phone and with assistive technologies", () => {
  const { portal, ids, contextFor } = usePhonePortal("phone");

  it("opens a new page at its top, with the focus on its content, and Back returns to the same place", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites`);
    await page.evaluate(() => window.scrollTo(0, 1800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const card = page.locator("main a[href^='/actualites/']").nth(5);
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    const title = (await card.getByRole("heading").textContent())!;
    await card.click();
    await page.waitForURL(/\/actualites\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contenu");
    // The title and the date are on the first screen.
    expect((await page.getByRole("heading", { level: 1 }).boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    await page.goBack();
    await page.waitForURL(`${portal.url}/actualites`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(5);
    // The keyboard goes on from the card opened, not from the page's top.
    const opened = await card.getAttribute("href");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(opened);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(5);
    await context.close();
  });

  it.each([
    ["an Android phone at 412 px", { width: 412, height: 823 }, ANDROID],
    ["an iPhone at 390 px", PHONE, IPHONE],
  ])("moves nothing on the screen while a page comes alive, on %s", async (_phone, viewport, userAgent) => {
    const { context } = await contextFor(null, viewport);
    // The browser's own layout-shift entries, each with the text of what moved.
    await context.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map((source) => source.node?.textContent?.slice(0, 40)).join(" | ");
          shifts.push(`${entry.value.toFixed(4)}: ${moved}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await context.newPage();
    // What the page offers depends on the device (the maps application's link): a phone's browser,
    // its touch screen (no fine pointer that hovers).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setUserAgentOverride", { userAgent });
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
    for (const path of ["/", "/services", `/services/${ids.service}`, `/actualites/${ids.event}`]) {
      await gotoLive(page, `${portal.url}${path}`);
      await painted(page);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
    }
    await context.close();
  });

  it("dates a news item on its page as on its card", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites`);
    const card = page.locator("main a[href^='/actualites/']").filter({ hasText: "Publié le" }).first();
    const published = /Publié le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;
    const onCard = (await card.textContent())!.match(published)![0];
    const name = (await card.getByRole("heading").textContent())!;
    await card.click();
    await page.waitForURL(/\/actualites\/[0-9a-f-]{36}$/);
    const heading = page.getByRole("heading", { level: 1, name });
    await heading.waitFor();
    const dated = page.locator("article").getByText(onCard);
    await dated.waitFor();
    // Under the title, on the first screen.
    const title = (await heading.boundingBox())!;
    const date = (await dated.boundingBox())!;
    expect(date.y).toBeGreaterThan(title.y + title.height - 1);
    expect(date.y + date.height).toBeLessThan(PHONE.height);
    await context.close();
  });

  it("shows several news and resources on a phone's first screen, each picture a thumbnail beside its title", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    for (const path of ["/actualites", "/ressources"]) {
      await gotoLive(page, `${portal.url}${path}`);
      const cards = page.locator("main .chakra-card__root");
      const titles = await cards
        .locator("h2")
        .evaluateAll((headings) => headings.map((heading) => heading.getBoundingClientRect().bottom));
      // At least two titles whole on the first screen (one picture alone filled it before).
      expect(titles.filter((bottom) => bottom <= PHONE.height).length, path).toBeGreaterThanOrEqual(2);
      const picture = (await cards.first().locator("img").boundingBox())!;
      const heading = (await cards.first().locator("h2").boundingBox())!;
      expect(picture.width, path).toBeLessThanOrEqual(120);
      expect(picture.x + picture.width, path).toBeLessThanOrEqual(heading.x);
    }
    // On a wide screen, the picture tops the card again.
    await page.setViewportSize(DESKTOP);
    await gotoLive(page, `${portal.url}/actualites`);
    const card = page.locator("main .chakra-card__root").first();
    const picture = (await card.locator("img").boundingBox())!;
    expect(picture.y + picture.height).toBeLessThanOrEqual((await card.locator("h2").boundingBox())!.y);
    await context.close();
  });

  it("keeps the pinned header at most 64 px high, the logo whole, and the focus never under it", async () => {
    for (const [account, viewport] of [
      [null, PHONE],
      [FULL, PHONE],
      [FULL, { width: 320, height: 640 }],
      [ADMIN, DESKTOP],
    ] as const) {
      const { context } = await contextFor(account, viewport);
      const page = await context.newPage();
      await gotoLive(page, `${portal.url}/services`);
      const bar = page.locator("header");
      const height = (await bar.boundingBox())!.height;
      expect(height, `${viewport.width}px`).toBeLessThanOrEqual(64);
      // The logo is drawn whole, left of every control of the bar.
      const logo = (await page.getByRole("link", { name: "Portail parentalité, accueil" }).boundingBox())!;
      const controls = await bar
        .getByRole("button")
        .evaluateAll((buttons) =>
          buttons.filter((b) => b.getBoundingClientRect().width > 0).map((b) => b.getBoundingClientRect().left),
        );
      for (const left of controls) expect(logo.x + logo.width, `${viewport.width}px`).toBeLessThanOrEqual(left);
      // Tabbing down a scrolled page: each focused control stays below the pinned bar.
      await page.evaluate(() => window.scrollTo(0, 600));
      let hidden = 0;
      for (let step = 0; step < 25; step++) {
        await page.keyboard.press("Tab");
        const box = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element.closest("header")) return null;
          const rect = element.getBoundingClientRect();
          return { top: rect.top, bottom: rect.bottom };
        });
        if (box && box.top < height - 1) hidden++;
      }
      expect(hidden, `${viewport.width}px`).toBe(0);
      await context.close();
    }
    // The row of « quand ? » chips scrolls sideways on a phone: a chip reached with Tab is whole on screen.
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites`);
    const chips = page.getByRole("navigation", { name: "Évènements : quand ?" }).getByRole("link");
    const offScreen: string[] = [];
    for (let index = 0; index < (await chips.count()); index++) {
      const chip = chips.nth(index);
      await chip.focus();
      const { left, right } = await chip.evaluate((element) => element.getBoundingClientRect());
      if (left < 0 || right > PHONE.width) offScreen.push(`${await chip.textContent()} ${left}–${right}`);
    }
    expect(offScreen).toEqual([]);
    await context.close();
  });

  it("tells a failed connection from an empty result, and offers to try again or to widen the search", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/services`);
    // The network fails: an error, not « aucun résultat ».
    let down = true;
    let searches = 0;
    await page.route("**/graphql", (route) => {
      if (!down) return route.continue();
      if (route.request().postData()?.includes("ServiceSearch")) searches++;
      return route.abort("internetdisconnected");
    });
    await page.getByLabel("Rechercher").fill("crèche");
    await page.getByLabel("Rechercher").press("Enter");
    const failure = page.getByRole("alert").filter({ hasText: "Le chargement a échoué" });
    await failure.waitFor();
    expect(await page.getByText("Aucun résultat correspondant à votre recherche").count()).toBe(0);
    // « Réessayer » tries again at once, not at the next automatic try (phone-journeys.e2e.ts).
    const tried = searches;
    await failure.getByRole("button", { name: "Réessayer" }).click();
    await expect.poll(() => searches).toBeGreaterThan(tried);
    await failure.waitFor();
    down = false;
    await page
      .getByRole("link", { name: /Crèche/ })
      .first()
      .waitFor();
    // Nothing matches: said so, with a way to widen the search.
    await gotoLive(page, `${portal.url}/services?q=zzzzz&towns=Lescar`);
    await page.getByText("Aucun résultat correspondant à votre recherche").waitFor();
    // The button goes with the empty list: the focus goes where the new results start.
    const focusedId = () => page.evaluate(() => document.activeElement?.id);
    const widenLescar = page.getByRole("link", { name: "Élargir la recherche (sans Lescar)" });
    // Once its code has come (loaded when the page is idle) and React has taken it over: pressed
    // before, the link is followed as a plain link, a page load that leaves the focus at the top
    // (the case checked below).
    await expect
      .poll(() => widenLescar.evaluate((link) => Object.keys(link).some((key) => key.startsWith("__reactFiber$"))))
      .toBe(true);
    await widenLescar.press("Enter");
    await page.waitForURL((url) => !url.search.includes("towns"));
    await page.getByRole("link", { name: "Élargir la recherche (sans les mots « zzzzz »)" }).waitFor();
    expect(await focusedId()).toBe("debut-resultats");
    // Still nothing found: where the focus lands says so (a screen reader heard nothing there).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Aucun résultat");
    await page.getByRole("link", { name: "Élargir la recherche (sans les mots « zzzzz »)" }).click();
    await page.waitForURL(`${portal.url}/services`);
    await page
      .getByRole("link", { name: /Crèche/ })
      .first()
      .waitFor();
    expect(await focusedId()).toBe("debut-resultats");
    // Tapped while the empty state's code is still on its way (a slow phone: React drops a click
    // on a part it has not brought to life), the way out still widens the search.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const noResultsCode = /\/assets\/(NoResults|FilterChips)-[^/]+\.js$/;
    await page.route(noResultsCode, async (route) => {
      await held;
      // The navigation the tap made may have dropped the request meanwhile.
      await route.continue().catch(() => {});
    });
    await gotoLive(page, `${portal.url}/services?q=zzzzz&towns=Lescar`);
    // The town's chip, whose code is held back too, says it is not ready rather than losing a tap.
    expect(await page.getByRole("button", { name: "Retirer Lescar de la recherche" }).isDisabled()).toBe(true);
    await page.getByRole("link", { name: "Élargir la recherche (sans Lescar)" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "zzzzz" && !url.search.includes("towns"));
    release();
    await page.unroute(noResultsCode);
    await page.getByRole("link", { name: "Élargir la recherche (sans les mots « zzzzz »)" }).waitFor();
    // A word of two letters is looked for whole (« cr » finds no « crèche »): why is said.
    await gotoLive(page, `${portal.url}/services?q=cr`);
    await page
      .getByRole("status")
      .filter({ hasText: "« cr » est cherché comme un mot entier : tapez au moins 3 lettres" })
      .waitFor();
    // A long offer wraps inside the card: nothing goes past the phone's width.
    await gotoLive(page, `${portal.url}/actualites?q=accompagnement%20parentalit%C3%A9%20introuvablexyz`);
    const widen = page.getByRole("link", { name: /^Élargir la recherche/ });
    await widen.waitFor();
    const box = (await widen.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    // So does one word longer than the screen (pasted, or a finger resting on a key).
    for (const list of ["actualites", "services"]) {
      await gotoLive(page, `${portal.url}/${list}?q=${"a".repeat(200)}`);
      await page.getByRole("link", { name: /^Élargir la recherche/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), list).toBe(PHONE.width);
    }
    // A page past the end (an old link) says so, without a count that contradicts it, and leads to the last one.
    await gotoLive(page, `${portal.url}/actualites?page=99`);
    await page.getByText(/^Cette page n'existe pas : la liste s'arrête à la page \d+\.$/).waitFor();
    expect(await page.getByText(/^\d+ résultats?$/).count()).toBe(0);
    await page.getByRole("link", { name: "Aller à la dernière page" }).click();
    await page.waitForURL(/page=\d+/);
    expect(Number(new URL(page.url()).searchParams.get("page"))).toBeLessThan(99);
    await page
      .getByRole("link", { name: /\[Exemple\]/ })
      .first()
      .waitFor();
    expect(await focusedId()).toBe("debut-resultats");
    await context.close();
  });

  it("says when the words typed hold none searched, and proposes the type or town meant when nothing is found", async () => {
    const { context, consoleErrors } = await contextFor(null);
    const page = await context.newPage();
    const countLine = page.locator("#debut-resultats");
    // « le la les »: the whole list, said so with the count (announced with it, and where the focus
    // goes after a change of page).
    for (const [list, text] of [
      ["actualites", "le la les"],
      ["ressources", "???"],
      ["services", "👶"],
    ]) {
      await gotoLive(page, `${portal.url}/${list}`);
      const search = page.getByRole("searchbox", { name: "Rechercher" });
      await search.fill(text);
      await search.press("Enter");
      const note = `Votre recherche « ${text} » ne contient aucun mot recherché (mots trop courants, ponctuation ou émoji) : tous les résultats sont affichés.`;
      await countLine.getByText(note).waitFor();
      expect(await countLine.getAttribute("aria-live"), list).toBe("polite");
      expect(await countLine.textContent(), list).toMatch(/^\d+ résultats/);
      expect(await page.locator(`main a[href^='/${list}/']`).count(), list).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), list).toBe(PHONE.width);
    }
    await noAxeViolation(page);
    await page.screenshot({ path: "/tmp/leftovers-ignored-query-390.png" });
    // Server-rendered too: the link shared, the page opened.
    await gotoLive(page, `${portal.url}/actualites?q=le%20la`);
    await countLine.getByText("Votre recherche « le la » ne contient aucun mot recherché", { exact: false }).waitFor();

    // A type misspelt finds nothing: the empty card proposes the one meant, which finds.
    await gotoLive(page, `${portal.url}/services?q=creche%20familliale`);
    const meant = page.getByRole("link", { name: "Vouliez-vous dire « crèche familiale » ?" });
    await meant.waitFor();
    await noAxeViolation(page);
    await page.screenshot({ path: "/tmp/leftovers-did-you-mean-390.png" });
    await expect
      .poll(() => meant.evaluate((link) => Object.keys(link).some((key) => key.startsWith("__reactFiber$"))))
      .toBe(true);
    await meant.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "crèche familiale");
    await page.getByRole("link", { name: /Crèche familiale Les Lucioles/ }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("debut-resultats");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("says when the phone is offline, and loads the list by itself when the network comes back", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/services`);
    await context.setOffline(true);
    await page.getByLabel("Rechercher").fill("crèche");
    await page.getByLabel("Rechercher").press("Enter");
    const failure = page.getByRole("alert").filter({ hasText: "Le chargement a échoué" });
    await failure.waitFor();
    await failure
      .getByText("Vous êtes hors connexion : la page se recharge d'elle-même au retour du réseau.")
      .waitFor();
    expect(await page.getByRole("link", { name: /Crèche/ }).count()).toBe(0);
    // Back online: the list comes without a tap on « Réessayer ».
    await context.setOffline(false);
    await page
      .getByRole("link", { name: /Crèche/ })
      .first()
      .waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  /** A visitor's phone on the news list, and its `index`-th card (not yet opened) and title. */
  async function newsCard(index: number) {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites`);
    const card = page.locator("main a[href^='/actualites/']").nth(index);
    const title = (await card.getByRole("heading").textContent())!;
    return { context, page, card, title };
  }

  it("opens a page tapped while offline as soon as the network comes back, never a blank screen", async () => {
    const { context, page, card, title } = await newsCard(3);
    await context.setOffline(true);
    // The page's code is not fetched yet: a message under the header, not a blank screen.
    await card.click();
    const failure = page.getByRole("alert").filter({ hasText: "Cette page n'a pas pu être chargée" });
    await failure.waitFor();
    expect(await page.getByRole("banner").isVisible()).toBe(true);
    await failure.getByText("Vous êtes hors connexion").waitFor();
    // « Réessayer » while still offline keeps the message.
    await failure.getByRole("button", { name: "Réessayer" }).click();
    await failure.waitFor();
    expect(await page.getByRole("heading", { level: 1, name: title }).count()).toBe(0);
    await context.setOffline(false);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  it("keeps the page when a part tapped offline cannot load, and opens it once the network is back", async () => {
    const { context, page, card, title } = await newsCard(1);
    await card.click();
    const heading = page.getByRole("heading", { level: 1, name: title });
    await heading.waitFor();
    await context.setOffline(true);
    // « Signaler une erreur » loads its form on the first tap: offline, a short message in its
    // place, under the article, which stays.
    await page.getByRole("button", { name: "Signaler une erreur" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Cette partie de la page n'a pas pu être chargée" });
    await failure.waitFor();
    await failure.getByText("Vous êtes hors connexion : elle se chargera d'elle-même au retour du réseau.").waitFor();
    expect(await heading.isVisible()).toBe(true);
    expect(await page.getByRole("alert").filter({ hasText: "Cette page n'a pas pu être chargée" }).count()).toBe(0);
    // Back online: the form opens without another tap.
    await context.setOffline(false);
    await page.getByRole("dialog", { name: "Signaler une erreur" }).waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  it("reloads itself when a page's code is gone because a new version was deployed since it was opened", async () => {
    const { context, page, card, title } = await newsCard(2);
    // The file the open page knows of is no longer on the server (the new version has others).
    let gone = 0;
    await page.route("**/assets/MediaDetailPage-*.js", async (route) => {
      gone += 1;
      await route.fulfill({ status: 404, body: "" });
      await page.unroute("**/assets/MediaDetailPage-*.js");
    });
    const reloaded = page.waitForEvent("load");
    await card.click();
    await reloaded;
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(gone).toBe(1);
    expect(page.url()).toMatch(/\/actualites\/[0-9a-f-]{36}$/);
    expect(await page.getByRole("alert").filter({ hasText: "Cette page n'a pas pu être chargée" }).count()).toBe(0);
    await context.close();
  });

  it("ties form errors to their fields, moves the focus to the first, and keeps the rules shown", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    const describedErrors = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("input, select, textarea")]
          .filter((field) => field.getAttribute("aria-invalid") === "true")
          .map((field) => ({
            id: field.id,
            description: (field.getAttribute("aria-describedby") ?? "")
              .split(" ")
              .map((id) => document.getElementById(id)?.textContent ?? "")
              .join(" "),
          })),
      );
    // The partner request: a summary at the top, each field tied to its message.
    await gotoLive(page, `${portal.url}/nous-rejoindre`);
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Le formulaire est invalide" });
    await summary.waitFor();
    const errors = await describedErrors();
    expect(errors.map((e) => e.id)).toEqual([
      "demande-nom",
      "demande-prenom",
      "demande-email",
      "demande-telephone",
      "demande-commune",
      "demande-motivation",
    ]);
    for (const error of errors) expect(error.description, error.id).toMatch(/requis|valide|Choisissez|Expliquez/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("demande-nom");
    await summary.getByRole("link", { name: "Choisissez votre commune." }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("demande-commune");
    // The address, optional, is read with its hint.
    const address = page.getByRole("combobox", { name: "Adresse" });
    const addressHint = await address.evaluate((field) =>
      (field.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(addressHint).toMatch(/^Adresse postale de votre structure \(facultatif\)/);

    // Sign-in: the failure stays under the form, announced.
    await gotoLive(page, `${portal.url}/connexion`);
    await page.getByRole("button", { name: "Connexion" }).click();
    expect((await describedErrors()).map((e) => e.description)).toEqual([
      "L'adresse e-mail est requise.",
      "Le mot de passe est requis.",
    ]);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe("email");
    await page.getByLabel("Adresse e-mail").fill(ADMIN.email);
    await page.getByLabel(/^Mot de passe/).fill("pas-le-bon");
    await page.getByRole("button", { name: "Connexion" }).click();
    await page.getByRole("alert").filter({ hasText: "Mot de passe ou nom d'utilisateur incorrect" }).first().waitFor();

    // Forgotten password.
    await gotoLive(page, `${portal.url}/demande-changement-mot-de-passe`);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    expect(await describedErrors()).toEqual([
      { id: expect.any(String), description: "L'adresse e-mail n'est pas valide." },
    ]);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");

    // A password link that no longer opens anything says so at once, with the way to a new one
    // (the form, with its rule beside « Mot de passe trop faible », is in accounts.e2e.ts).
    await gotoLive(page, `${portal.url}/changement-mot-de-passe/x/y`);
    await page.getByRole("alert").filter({ hasText: "Ce lien n'est plus valide" }).waitFor();
    expect(await page.getByLabel("Nouveau mot de passe").count()).toBe(0);
    await page.getByRole("link", { name: /Recevoir un nouveau lien/ }).click();
    await page.waitForURL(`${portal.url}/demande-changement-mot-de-passe`);

    // The filters: an impossible date takes the focus, in the drawer.
    await gotoLive(page, `${portal.url}/actualites`);
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByText("Actualité : évènement").click();
    const from = drawer.locator('input[type="date"]').first();
    await from.focus();
    await page.keyboard.type("31022027");
    await drawer.getByRole("button", { name: "Rechercher" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe("date");
    await context.close();

    // An administrator's new account: « Créer » waits for the required fields, and pressed, says which.
    const admin = await contextFor(ADMIN);
    const adminPage = await admin.context.newPage();
    await gotoLive(adminPage, `${portal.url}/gestion-utilisateurs`);
    await adminPage.getByRole("button", { name: "Créer un utilisateur" }).click();
    const create = adminPage.getByRole("dialog").getByRole("button", { name: "Créer", exact: true });
    expect(await create.getAttribute("aria-disabled")).toBe("true");
    await create.focus();
    await adminPage.keyboard.press("Enter");
    await adminPage.getByRole("alert").filter({ hasText: "Le formulaire est invalide" }).waitFor();
    expect(await adminPage.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    expect(
      await adminPage.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent),
    ).toMatch(/^Nom/);
    await admin.context.close();
  });

  it("signs out from an administration page with the notice, and keeps the contact form on its label", async () => {
    const { context } = await contextFor(ADMIN, DESKTOP);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/gestion-utilisateurs`);
    await page.getByRole("heading", { level: 1, name: "Gestion des utilisateurs" }).waitFor();
    await signOutFromAccountMenu(page);
    await page.waitForURL(`${portal.url}/`);
    await context.close();

    const partner = await contextFor(NEWS);
    const contact = await partner.context.newPage();
    await gotoLive(contact, `${portal.url}/contact`);
    await contact.getByLabel("Objet").fill("Une question");
    const label = contact.getByText("J'accepte que mes nom", { exact: false });
    const box = (await label.boundingBox())!;
    await contact.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(contact.url()).toBe(`${portal.url}/contact`);
    expect(await contact.getByRole("checkbox").isChecked()).toBe(true);
    expect(await contact.getByLabel("Objet").inputValue()).toBe("Une question");
    await partner.context.close();
  });

  it("closes the phone menu with Escape and gives the focus back to its button", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/`);
    const button = page.getByRole("button", { name: "Menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.locator("#menu-principal").waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    expect(await page.locator("#menu-principal").count()).toBe(0);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Menu");
    await context.close();
  });

  it("closes the account menu with Tab, gives the focus back to its button, and names the account", async () => {
    const { context } = await contextFor(ADMIN);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/`);
    const button = page.getByRole("button", { name: /^Mon compte/ });
    const menu = page.getByRole("menu");
    // The menu's code comes after the page's: Enter is pressed again until it has come.
    await expect
      .poll(async () => {
        if (!(await menu.isVisible())) {
          await button.focus();
          await page.keyboard.press("Enter");
          await menu.waitFor({ timeout: 2000 }).catch(() => undefined);
        }
        return menu.isVisible();
      })
      .toBe(true);
    // On a phone the button says « Mon compte »: the menu shows whose account it is.
    expect(await menu.innerText()).toContain("Portail Administrateur");
    // The item the arrows are on (the first, as the menu opens from the keyboard) is seen: a 2 px
    // ring and a tint (not a grey of 1.15:1).
    const highlighted = menu.locator("[role=menuitem][data-highlighted]");
    // (Polled: the highlight comes on a frame after the menu.)
    await expect
      .poll(() =>
        highlighted
          .first()
          .evaluate((element) => {
            const style = getComputedStyle(element);
            return `${style.outlineStyle} ${style.outlineWidth} ${style.backgroundColor !== "rgba(0, 0, 0, 0)"}`;
          })
          .catch(() => "none"),
      )
      .toBe("solid 2px true");
    await page.keyboard.press("Tab");
    await menu.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/^Mon compte/);
    // A page chosen in the menu opens with the focus on its content, as any other link does. On a
    // phone six times slower too: the first item is highlighted as the menu opens, and Enter, once
    // the menu has the focus, takes it (it did nothing, now and then, when the item came late).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.keyboard.press("Enter");
    await menu.waitFor();
    await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${portal.url}/profil`);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.getByRole("heading", { level: 1, name: "Mon profil" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contenu");
    await context.close();
  });

  it("gives phone users 44 px targets, 16 px form text and field borders of 3:1", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    for (const path of ["/", "/services?towns=Pau", "/nous-rejoindre", "/connexion"]) {
      await gotoLive(page, `${portal.url}${path}`);
      const small = await page.evaluate(() => {
        const targets = [
          ...document.querySelectorAll<HTMLElement>(
            "button, select, input:not([type=checkbox]):not([type=radio]), textarea, nav a, footer a, [data-part=root][data-scope=checkbox], [data-part=item][data-scope=radio-group]",
          ),
        ].filter((element) => element.getBoundingClientRect().width > 0);
        return targets
          .map((element) => ({
            name: element.textContent?.trim() || element.tagName,
            rect: element.getBoundingClientRect(),
          }))
          .filter(({ rect }) => rect.height < 44 || rect.width < 44)
          .map(({ name, rect }) => `${name} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      });
      expect(small, path).toEqual([]);
    }
    // The article editor's toolbar, for partners writing on their phone.
    const { context: writing } = await contextFor(NEWS);
    const editor = await writing.newPage();
    await gotoLive(editor, `${portal.url}/nouvel-article`);
    await editor.locator(".ql-toolbar button").first().waitFor();
    const tools = await editor.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".ql-toolbar button, .ql-toolbar .ql-picker-label")]
        .map((element) => ({
          name: element.getAttribute("aria-label") ?? element.className,
          rect: element.getBoundingClientRect(),
        }))
        .filter(({ rect }) => rect.height < 44 || rect.width < 44)
        .map(({ name, rect }) => `${name} ${Math.round(rect.width)}×${Math.round(rect.height)}`),
    );
    expect(tools).toEqual([]);
    await writing.close();
    // The join form's controls: 16 px text, borders of 3:1 and text of 4.5:1 on white.
    await gotoLive(page, `${portal.url}/nous-rejoindre`);
    const controls = await page.evaluate(() => {
      const styleOf = (element: Element) => getComputedStyle(element);
      const fields = [...document.querySelectorAll("input:not([type=radio]):not([type=checkbox]), select, textarea")];
      const marks = [...document.querySelectorAll("[data-part=item-control], [data-part=control]")];
      return {
        fields: fields.map((f) => ({
          size: styleOf(f).fontSize,
          border: styleOf(f).borderTopColor,
          color: styleOf(f).color,
        })),
        marks: marks.map((m) => styleOf(m).borderTopColor),
        labels: [...document.querySelectorAll("label")].map((l) => styleOf(l).color),
      };
    });
    expect(controls.fields.length).toBeGreaterThan(5);
    const white = "rgb(255, 255, 255)";
    for (const field of controls.fields) {
      expect(parseFloat(field.size)).toBeGreaterThanOrEqual(16);
      expect(contrast(field.border, white)).toBeGreaterThanOrEqual(3);
      expect(contrast(field.color, white)).toBeGreaterThanOrEqual(4.5);
    }
    expect(controls.marks.length).toBeGreaterThan(1);
    for (const mark of controls.marks) expect(contrast(mark, white)).toBeGreaterThanOrEqual(3);
    for (const label of controls.labels) expect(contrast(label, white)).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });

  it("has no axe violation in the drawers, menus and dialogs", { timeout: 180_000 }, async () => {
    const shown = (page: Page) =>
      page.locator("[role=dialog]:visible, [role=alertdialog]:visible, [role=menu]:visible");
    const check = async (page: Page, what: string, open: () => Promise<void>) => {
      // A text editor's toolbar is named as Quill builds it: no moment shows it unnamed to a
      // screen reader (what the page holds after each change is noted, before the next task).
      // One observer per page; each check starts with an empty list.
      await page.evaluate(() => {
        const state = window as unknown as { unnamedControls?: string[] };
        if (state.unnamedControls) {
          state.unnamedControls.length = 0;
          return;
        }
        const unnamed: string[] = (state.unnamedControls = []);
        new MutationObserver(() => {
          for (const control of document.querySelectorAll(".ql-toolbar :is(button, .ql-picker-label)"))
            if (!control.getAttribute("aria-label")) unnamed.push(control.outerHTML.slice(0, 120));
        }).observe(document.body, { childList: true, subtree: true });
      });
      await open();
      await shown(page).first().waitFor();
      await noAxeViolation(page, what);
      expect(
        await page.evaluate(() => (window as unknown as { unnamedControls: string[] }).unnamedControls),
        what,
      ).toEqual([]);
      await page.keyboard.press("Escape");
      await expect.poll(() => shown(page).count(), { message: what }).toBe(0);
      // Closed with Escape, it gives the focus back (to its opener), never to the page's body.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.tagName ?? "none"), { message: `${what}: focus` })
        .not.toMatch(/^(BODY|none)$/);
    };
    // A visitor's filter drawer on a phone.
    const visitor = await contextFor(null);
    let page: Page = await visitor.context.newPage();
    await gotoLive(page, `${portal.url}/services`);
    await check(page, "filter drawer", () => page.getByRole("button", { name: /^Filtres/ }).click());
    await visitor.context.close();

    // A partner: account menu, service dialog, delete confirmation, article editing.
    const full = await contextFor(FULL, DESKTOP);
    page = await full.context.newPage();
    await gotoLive(page, `${portal.url}/profil`);
    await check(page, "account menu", () => page.getByRole("button", { name: /Mon compte/ }).click());
    await check(page, "service dialog", () =>
      page.getByRole("button", { name: "Modifier le service Crèche du partenaire" }).click(),
    );
    await check(page, "delete dialog", () =>
      page.getByRole("button", { name: "Supprimer le service Crèche du partenaire" }).click(),
    );
    await full.context.close();
    const news = await contextFor(NEWS, DESKTOP);
    page = await news.context.newPage();
    await gotoLive(page, `${portal.url}/ressources/${ids.ownMedia}`);
    await check(page, "article dialog", () => page.getByRole("button", { name: "Modifier" }).click());
    await news.context.close();

    // The administrator: user form, services drawer, new service.
    const admin = await contextFor(ADMIN, DESKTOP);
    page = await admin.context.newPage();
    const actions = async () => {
      await page.getByRole("button", { name: "Actions pour Test Crèche" }).click();
    };
    await gotoLive(page, `${portal.url}/gestion-utilisateurs`);
    await check(page, "user form", () => page.getByRole("button", { name: "Créer un utilisateur" }).click());
    await check(page, "user actions menu", actions);
    await check(page, "services drawer", async () => {
      await actions();
      await page.getByRole("menuitem", { name: "Voir les services de Test Crèche" }).click();
    });
    await check(page, "new service dialog", async () => {
      await actions();
      await page.getByRole("menuitem", { name: "Ajouter un service à Test Crèche" }).click();
    });
    await admin.context.close();
  });

  it("shows the focus ring of the first filter at once when « Filtres » is opened from the keyboard", async () => {
    const { context } = await contextFor(null);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/actualites`);
    await page.getByRole("button", { name: /^Filtres/ }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe("checkbox");
    // The box drawn beside the focused (hidden) input carries the ring.
    const ring = await page.evaluate(() => {
      const control = document.activeElement!.nextElementSibling!;
      const style = getComputedStyle(control);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe("none");
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  // Last: it adds accounts, which the journeys above do not expect on the first page.
  it("keeps the focus on « Suivante » and « Précédente » while the administrator pages through the accounts", async () => {
    const { context } = await contextFor(ADMIN);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/gestion-utilisateurs`);
    // More accounts than a page of 10 shows.
    const created = await page.evaluate(async () => {
      let ok = 0;
      for (let index = 0; index < 11; index++) {
        const response = await fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            query: "mutation ($input: UserInput!) { createUser(input: $input) { id } }",
            variables: {
              input: {
                email: `pagination-${index}@example.org`,
                name: "Pagination",
                surname: `Compte ${index}`,
                phone: "05 59 00 00 00",
                role: "NEWS_PARTNER",
                networks: [],
              },
            },
          }),
        });
        if (!(await response.json()).errors) ok++;
      }
      return ok;
    });
    expect(created).toBe(11);
    await page.reload();
    await page.waitForSelector("html[data-live]");
    const pages = page.getByRole("navigation", { name: "Pagination des utilisateurs" });
    const range = pages.getByText(/^\d+–\d+ sur \d+$/);
    const first = await range.textContent();
    // Every range the live region says while the pages change (a screen reader reads each one out).
    await range.evaluate((element) => {
      const said: string[] = [];
      new MutationObserver(() => said.push(element.textContent ?? "")).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      Object.assign(window, { rangesSaid: said });
    });
    const rangesSaid = () => page.evaluate(() => (window as unknown as { rangesSaid: string[] }).rangesSaid);
    const next = pages.getByRole("button", { name: "Suivante" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => range.textContent()).not.toBe(first);
    // The page loaded, the last one (« Précédente » usable again once its list is in: a press
    // while it loads is ignored): the button keeps the focus (not the page's body).
    const previous = pages.getByRole("button", { name: "Précédente" });
    await expect.poll(() => previous.getAttribute("aria-disabled")).toBe("false");
    // While it loaded, the range stayed the shown list's (never « 11–20 sur 15 »).
    expect(await rangesSaid()).toEqual(["11–15 sur 15"]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Suivante");
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Précédente");
    await page.keyboard.press("Enter");
    await expect.poll(() => range.textContent()).toBe(first);
    expect(await rangesSaid()).toEqual(["11–15 sur 15", first]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Précédente");
    await context.close();
  });
});
