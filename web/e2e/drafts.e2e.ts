import { DateTime } from "luxon";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
import {
  createPartner,
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  signIn,
  startBuiltPortal,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const PARTNER = { email: "ludotheque@example.org", password: "Parents-2027" };
const DRAFT = "Bourse aux vêtements d'enfants (brouillon)";
const SCHEDULED = "Fête du jeu au parc Lawrance";

/** Writes a news item up to its publication choice, as a partner would. */
async function writeNews(page: Page, url: string, title: string) {
  await gotoLive(page, `${url}/nouvel-article?categorie=new`);
  await page.getByLabel("Titre", { exact: false }).first().fill(title);
  const editor = page.locator(".ql-editor");
  await editor.waitFor();
  await editor.click();
  await page.keyboard.type("Des jeux pour toute la famille, en plein air.");
  await page.getByRole("group", { name: "Familles" }).getByText("0-3 ans").click();
  await page.getByRole("group", { name: "Thématiques" }).getByText("Loisirs", { exact: false }).first().click();
}

/** What a visitor's news list shows, fetched afresh. */
async function newsTitles(page: Page, url: string) {
  await gotoLive(page, `${url}/actualites`);
  const titles = page.locator("main a[href^='/actualites/'] h2");
  await titles.first().waitFor();
  return titles.allTextContents();
}

describe("drafts and scheduled publication", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      // The scheduler looks every second here (every minute by default).
      startBuiltPortal("drafts", {
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_CONTENT: "true",
        PUBLISH_CHECK_SECONDS: "1",
      }),
      launchBrowser(),
    ]);
    await createPartner(portal.url, mailbox, ADMIN, {
      ...PARTNER,
      name: "Etchart",
      surname: "Maddi",
      role: "NEWS_PARTNER",
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  it("keeps a draft from visitors, and publishes a scheduled article by itself at its time, first in the list", async () => {
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, portal.url, PARTNER, true);
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.context.newPage();

    // A draft: saved, shown to its author with what it is, and nowhere for a visitor.
    await writeNews(page, portal.url, DRAFT);
    await page.getByRole("radio", { name: "Enregistrer comme brouillon" }).check({ force: true });
    await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
    await page.getByText(/^Brouillon enregistré/).waitFor();
    await page.waitForURL(/\/actualites\/[\w-]+$/);
    const draftUrl = page.url();
    await page.getByRole("note").getByText("Brouillon").waitFor();
    await noAxeViolation(page);

    expect(await newsTitles(visitor, portal.url)).not.toContain(DRAFT);
    await gotoLive(visitor, draftUrl);
    await visitor.getByText("Cet article est introuvable.").waitFor();
    const feed = await (await fetch(`${portal.url}/flux/actualites.xml`)).text();
    expect(feed).toContain("<rss");
    expect(feed).not.toContain("Bourse aux vêtements");

    // Scheduled two minutes from now: refused in the past, then accepted.
    await writeNews(page, portal.url, SCHEDULED);
    await page.getByRole("radio", { name: "Programmer la publication" }).check({ force: true });
    const field = page.getByLabel("Date et heure de publication");
    const paris = DateTime.now().setZone("Europe/Paris");
    await field.fill(paris.minus({ hours: 1 }).toFormat("dd/LL/yyyy HH:mm"));
    await page.getByRole("button", { name: "Programmer" }).click();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("La date de publication doit être à venir.").first().waitFor();
    const at = paris.plus({ minutes: 2 }).toFormat("dd/LL/yyyy HH:mm");
    await field.fill(at);
    await page.getByRole("button", { name: "Programmer" }).click();
    await page.getByText(`Article programmé : il sera publié le ${at.replace(" ", " à ")}`).waitFor();
    await page.waitForURL(/\/actualites\/[\w-]+$/);
    await page
      .getByRole("note")
      .getByText(`Programmé le ${at.replace(" ", " à ")}`)
      .waitFor();
    await noAxeViolation(page);
    expect(await newsTitles(visitor, portal.url)).not.toContain(SCHEDULED);

    // Its author's profile lists both, each with its state.
    await gotoLive(page, `${portal.url}/profil`);
    const mine = page.getByRole("listitem").filter({ hasText: DRAFT });
    await expect.poll(() => mine.innerText()).toContain("Brouillon");
    await expect
      .poll(() => page.getByRole("listitem").filter({ hasText: SCHEDULED }).innerText())
      .toContain(`Programmé le ${at.replace(" ", " à ")}`);

    // The two minutes pass: the article's time is moved to one second ago on the server; the
    // portal's own scheduler publishes it, with nothing else done.
    const due = DateTime.now().toUTC().minus({ seconds: 1 }).toFormat("yyyy-LL-dd HH:mm:ss");
    await portal.sql("UPDATE media SET publishAt = ? WHERE title = ?", [due, SCHEDULED]);
    await expect.poll(async () => (await newsTitles(visitor, portal.url))[0], { timeout: 20_000 }).toBe(SCHEDULED);
    expect(await newsTitles(visitor, portal.url)).not.toContain(DRAFT);
    const published = await (await fetch(`${portal.url}/flux/actualites.xml`)).text();
    expect(published).toContain(SCHEDULED);

    expect(consoleErrors).toEqual([]);
    await visitorContext.context.close();
    await context.close();
  }, 150_000);
});
