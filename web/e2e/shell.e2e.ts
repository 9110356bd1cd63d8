import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EPortal, gotoLive, launchBrowser, newContext, noAxeViolation, startBuiltPortal } from "./portal";

const STATIC_PAGES = [
  { path: "/qui-sommes-nous", heading: "Qui sommes-nous ?" },
  { path: "/que-propose-ce-portail", heading: "Que propose ce portail ?" },
  { path: "/mentions-legales", heading: "Mentions légales" },
  { path: "/conditions-generales-d-utilisation", heading: "Conditions générales d'utilisation" },
  { path: "/accessibilite", heading: "Déclaration d'accessibilité" },
  { path: "/donnees-ouvertes", heading: "Données ouvertes" },
];

describe("the public shell on an empty database", () => {
  let portal: E2EPortal;
  let browser: Browser;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([
      startBuiltPortal("empty", { CONTACT_EMAIL: "contact@exemple.fr" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it("renders the header tabs and the news empty state on the home page", async () => {
    const { context, consoleErrors, outsideRequests } = await newContext(browser);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/`);
    expect(await page.getAttribute("html", "lang")).toBe("fr");

    const sections = page.getByRole("navigation", { name: "Rubriques" });
    for (const tab of ["Nouveautés, évènements", "Lieux, offres de partenaires", "Documentations, Articles"]) {
      await sections.getByRole("link", { name: tab }).waitFor();
    }
    expect(await sections.getByRole("link", { name: "Nouveautés, évènements" }).getAttribute("aria-current")).toBe(
      "page",
    );
    const main = page.getByRole("navigation", { name: "Navigation principale" });
    for (const link of ["Qui sommes-nous ?", "Que propose ce portail ?", "Espace partenaire"]) {
      await main.getByRole("link", { name: link }).waitFor();
    }
    await page.getByText("Aucun résultat correspondant à votre recherche").waitFor();
    expect(await page.title()).toBe("Nouveautés, évènements – Portail parentalité");

    await noAxeViolation(page);
    expect(consoleErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    await context.close();
  });

  it.each(STATIC_PAGES)("loads $path with its title (axe-visitor.e2e.ts reads it)", async ({ path, heading }) => {
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}${path}`);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    expect(await page.title()).toBe(`${heading} – Portail parentalité`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows the 11 articles of the terms and the configured publisher in the legal notice", async () => {
    const { context } = await newContext(browser);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/conditions-generales-d-utilisation`);
    await page.getByRole("heading", { level: 2, name: /^Article 1 / }).waitFor();
    const articles = await page.getByRole("heading", { level: 2, name: /^Article \d+ / }).allTextContents();
    expect(articles).toHaveLength(11);
    await gotoLive(page, `${portal.url}/mentions-legales`);
    await page.getByText("Caisse d'allocations familiales des Pyrénées-Atlantiques").first().waitFor();
    // The configured name stands apart, never after « à le » or « de » without its article.
    const text = await page.locator("main").innerText();
    expect(text).toContain(
      "qui transmettra votre demande au délégué à la protection des données (Caisse d'allocations familiales des Pyrénées-Atlantiques).",
    );
    expect(text).not.toMatch(/ à le | de Caisse /);
    // The contact address opens the visitor's mail (the contact form is for partners).
    const mail = page.getByRole("link", { name: "contact@exemple.fr" }).first();
    expect(await mail.getAttribute("href")).toBe("mailto:contact@exemple.fr");
    await gotoLive(page, `${portal.url}/accessibilite`);
    expect(await page.locator("main").innerText()).toContain(
      "L'éditeur du portail, Caisse d'allocations familiales des Pyrénées-Atlantiques, s'engage",
    );
    await context.close();
  });

  it("answers unknown routes and unknown articles with the 404 page", async () => {
    const { context } = await newContext(browser);
    const page = await context.newPage();
    // The browser draws the 404 pages without a script error (no failed take-over of the server's HTML).
    const scriptErrors: string[] = [];
    page.on("pageerror", (error) => scriptErrors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        scriptErrors.push(message.text());
      }
    });
    await gotoLive(page, `${portal.url}/cette-page-n-existe-pas`);
    await page.getByRole("heading", { level: 1, name: "Page introuvable" }).waitFor();
    await gotoLive(page, `${portal.url}/actualites/inconnu`);
    await page.getByText("Cet article est introuvable.").waitFor();
    // Once live, the title still says what the page is.
    expect(await page.title()).toBe("Page introuvable – Portail parentalité");
    await gotoLive(page, `${portal.url}/services/inconnu`);
    await page.getByText("Ce service est introuvable.").waitFor();
    expect(await page.title()).toBe("Page introuvable – Portail parentalité");
    expect(scriptErrors).toEqual([]);
    await context.close();
  });

  it("folds the main links into a menu and keeps the sections in one row on a phone", async () => {
    const { context } = await newContext(browser, { width: 400, height: 800 });
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/ressources`);
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.waitFor();
    expect(await page.getByRole("link", { name: "Qui sommes-nous ?" }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("link", { name: "Qui sommes-nous ?" }).click();
    await page.getByRole("heading", { level: 1, name: "Qui sommes-nous ?" }).waitFor();

    // The three sections share one row under the pinned bar, and scroll away with the page.
    const tabs = page.getByRole("navigation", { name: "Rubriques" }).getByRole("link");
    const boxes = await Promise.all([0, 1, 2].map((index) => tabs.nth(index).boundingBox()));
    expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
    expect(await page.locator("header").evaluate((header) => getComputedStyle(header).position)).toBe("sticky");
    expect(
      await page.getByRole("navigation", { name: "Rubriques" }).evaluate((nav) => getComputedStyle(nav).position),
    ).toBe("static");
    await context.close();
  });

  it("keeps every word of the section tabs whole, from a 320 px phone up", async () => {
    for (const width of [320, 360, 390]) {
      const { context } = await newContext(browser, { width, height: 700 });
      const page = await context.newPage();
      await gotoLive(page, `${portal.url}/ressources`);
      const tabs = page.getByRole("navigation", { name: "Rubriques" }).getByRole("link");
      // Each word's own width (a one-word line) fits in its tab: no word is cut at the edge.
      const cut = await tabs.evaluateAll((links) =>
        links.flatMap((link) => {
          const probe = document.createElement("span");
          probe.style.whiteSpace = "nowrap";
          link.append(probe);
          const words = (link.textContent ?? "").split(/\s+/).filter(Boolean);
          const tooWide = words.filter((word) => {
            probe.textContent = word;
            return probe.getBoundingClientRect().width > link.clientWidth + 0.5;
          });
          probe.remove();
          return tooWide;
        }),
      );
      expect(cut, `${width} px`).toEqual([]);
      // Nor does the row push the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it("serves the GraphQL explorer from the portal itself, with no outside request", async () => {
    const { context, outsideRequests } = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${portal.url}/graphql`);
    await page.locator(".graphiql-container").waitFor();
    await page.locator(".graphiql-query-editor .monaco-editor").waitFor();
    await page.getByRole("button", { name: /Execute query/i }).click();
    // The response pane shows the JSON answer: only the answer has the quoted key.
    await page.waitForFunction(() => document.querySelector(".graphiql-response")?.textContent?.includes('"count"'));
    // It says what is public and the limits, and gives two examples.
    await page.getByText("API publique du Portail parentalité").click();
    await page.getByText(/un coût de 10\s000 \(1 par champ, 2 par objet, et 20 par\s+ligne de chaque page/).waitFor();
    expect(await page.locator(".api-intro pre").innerText()).toContain("distanceKm(from:");
    expect(outsideRequests).toEqual([]);
    await context.close();
  });
});

describe("the public shell with demo content", () => {
  let portal: E2EPortal;
  let browser: Browser;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startBuiltPortal("demo", { DEMO_CONTENT: "true" }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it("lists news, events, resources and services from the database and opens their pages", async () => {
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/`);
    const card = page.getByRole("link", { name: /Café des parents/ });
    await card.waitFor();
    await page
      .getByText(/^Évènement du \d\d\/\d\d\/\d{4} \d\d:\d\d à .+ jusqu'au \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      .first()
      .waitFor();
    // Restricted to a network: never shown to a visitor.
    expect(await page.getByText("Réunion du réseau des EAJE").count()).toBe(0);
    await card.click();
    await page.getByRole("heading", { level: 1, name: /Café des parents/ }).waitFor();
    expect(await page.title()).toMatch(/Café des parents.* – Portail parentalité$/);

    await page.getByRole("link", { name: "Documentations, Articles" }).click();
    await page.getByRole("heading", { level: 2, name: /Guide : préparer l'arrivée de bébé/i }).waitFor();
    await page.getByRole("link", { name: /Lire l'article : .*Guide/ }).click();
    await page.getByRole("heading", { level: 1, name: /Guide/ }).waitFor();

    await page.getByRole("link", { name: "Lieux, offres de partenaires" }).click();
    await page.getByRole("link", { name: /Crèche Les Petits Pas/ }).click();
    await page.getByRole("heading", { level: 2, name: "Contact" }).waitFor();
    await page.getByText("Crèche", { exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
