import { DateTime } from "luxon";
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
import {
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  createPartner,
  restAs,
  signIn,
  startBuiltPortal,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const PARTNER = { email: "animatrice@example.org", password: "Parents-2027" };
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e50000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** A REST client with its own session cookie. */
describe("publishing news and browsing resources", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("publishing", {
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
      launchBrowser(),
    ]);
    // The administrator creates the partner's account; the partner sets a password from the e-mail.
    await createPartner(portal.url, mailbox, ADMIN, {
      ...PARTNER,
      name: "Hourcade",
      surname: "Maïté",
      role: "NEWS_PARTNER",
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  it("a partner writes an event with an image and two files, finds it, edits it and deletes it", async () => {
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, portal.url, PARTNER, true);

    await gotoLive(page, `${portal.url}/actualites`);
    await page.getByRole("link", { name: "Écrire un nouvel article" }).first().click();
    await page.waitForURL(/\/nouvel-article/);
    await page.getByLabel("Titre", { exact: false }).first().fill("Atelier parents-bébés au parc Beaumont");
    const editor = page.locator(".ql-editor");
    await editor.waitFor();
    // Sent with an empty body: the summary's link leads into the text itself, not its toolbar.
    await page.getByRole("button", { name: "Publier" }).click();
    await page.getByRole("link", { name: "L'article est vide." }).click();
    expect(await editor.evaluate((element) => element === document.activeElement)).toBe(true);
    await editor.click();
    await page.keyboard.type("Un matin d'éveil musical pour les tout-petits et leurs parents.");
    // « Lien » with nothing selected says what to do (Quill did nothing); with a selection it asks the address.
    const linkButton = page.getByRole("button", { name: "Lien", exact: true });
    await linkButton.click();
    await page
      .locator("[data-scope=toast][data-part=title]")
      .filter({ hasText: "Sélectionnez d'abord, dans l'article, le texte qui deviendra le lien." })
      .waitFor();
    // Notifications sit top right under the pinned header, whose « Mon compte » stays in reach.
    const root = page.locator("[data-scope=toast][data-part=root]").first();
    await expect.poll(async () => root.evaluate((element) => element.getAnimations().length)).toBe(0);
    const notice = (await root.boundingBox())!;
    const header = (await page.locator("header").boundingBox())!;
    expect(notice.y).toBeGreaterThanOrEqual(header.y + header.height);
    await editor.click();
    await page.keyboard.press("Shift+Home");
    await linkButton.click();
    const address = page.getByLabel("Adresse du lien");
    await address.waitFor({ state: "visible" });
    await address.press("Escape");
    await editor.click();
    await page.keyboard.press("End");
    // « Insérer une image » opens the file picker from the keyboard too (Enter, as Space does).
    const chooser = page.waitForEvent("filechooser", { timeout: 5000 });
    await page.locator("button.ql-image").focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles({ name: "affiche.png", mimeType: "image/png", buffer: PNG });
    await editor.locator("img[src^='/uploads/']").waitFor();
    // Its alternative text is asked at once (the focus is in the field), and kept in the document.
    const altField = page.getByLabel("Ce que montre l'image");
    await expect.poll(() => altField.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Enregistrer le texte" }).click();
    await page.getByText("Décrivez l'image, ou indiquez qu'elle est décorative.").waitFor();
    await altField.fill("Affiche : des bébés et leurs parents autour d'un piano");
    // What is typed is kept in the article at once, should « Enregistrer le texte » never be pressed.
    await expect
      .poll(() => editor.locator("img[src^='/uploads/']").getAttribute("alt"))
      .toBe("Affiche : des bébés et leurs parents autour d'un piano");
    await altField.press("Enter");
    await expect
      .poll(() => editor.locator("img[src^='/uploads/']").getAttribute("alt"))
      .toBe("Affiche : des bébés et leurs parents autour d'un piano");

    await page.getByText("Actualité : évènement", { exact: true }).click();
    const tomorrow = DateTime.now().setZone("Europe/Paris").plus({ days: 1 }).toFormat("dd/LL/yyyy");
    await page.getByLabel("Début de l'évènement").fill(`${tomorrow} 10:00`);
    await page.getByLabel("Fin de l'évènement").fill(`${tomorrow} 12:00`);
    await page.getByLabel("Adresse de l'évènement").fill("Parc Beaumont, 64000 Pau");
    // Sent without families nor themes: the summary lists both, each a link to its group of boxes.
    await page.getByRole("button", { name: "Publier" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Le formulaire est invalide" });
    await summary.waitFor();
    expect(await summary.getByRole("listitem").count()).toBe(await summary.getByRole("link").count());
    await summary.getByRole("link", { name: "Choisissez au moins une thématique." }).click();
    expect(
      await page
        .getByRole("group", { name: "Thématiques" })
        .evaluate((group) => group.contains(document.activeElement) && document.activeElement !== group),
    ).toBe(true);
    await page.getByRole("group", { name: "Familles" }).getByText("0-3 ans").click();
    await page
      .getByRole("group", { name: "Thématiques" })
      .getByText("Relations parents-enfants", { exact: false })
      .click();
    await page.getByText("CA Pau Béarn Pyrénées", { exact: true }).first().click();
    await page
      .locator("input[type=file]")
      .last()
      .setInputFiles([
        { name: "programme.pdf", mimeType: "application/pdf", buffer: PDF },
        { name: "plan.png", mimeType: "image/png", buffer: PNG },
      ]);
    await page.getByText("programme.pdf").first().waitFor();
    await noAxeViolation(page);
    await page.getByRole("button", { name: "Publier" }).click();

    await page.waitForURL(/\/actualites\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    await page.getByRole("heading", { level: 1, name: "Atelier parents-bébés au parc Beaumont" }).waitFor();
    await page.locator("article img[src^='/uploads/']").first().waitFor();
    expect(
      await page
        .locator("article img[src^='/uploads/']")
        .evaluateAll((images) => images.map((image) => image.getAttribute("alt"))),
    ).toContain("Affiche : des bébés et leurs parents autour d'un piano");
    const files = page
      .getByRole("region", { name: "Fichiers joints" })
      .or(page.locator("section[aria-labelledby=files-heading]"));
    // The attached picture leads the page (once: not again among the files); the PDF is a file.
    expect(await files.getByRole("link").count()).toBe(1);
    await files.getByRole("link", { name: /programme\.pdf/ }).waitFor();
    const planPath = await page.locator("article > img").first().getAttribute("src");
    expect(await page.locator(`article img[src="${planPath}"]`).count()).toBe(1);
    await page.getByText("Parc Beaumont, 64000 Pau").first().waitFor();

    // Found in the news list, filtered by category and age, and by text without accents.
    await gotoLive(page, `${portal.url}/actualites`);
    await page.getByText("Actualité : évènement", { exact: true }).first().click();
    await page.getByRole("group", { name: "Familles" }).getByText("0-3 ans").click();
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await page.waitForURL(/ages=PETITE_ENFANCE/);
    await page.getByRole("link", { name: /Atelier parents-bébés/ }).waitFor();
    await gotoLive(page, `${portal.url}/actualites?q=atelier%20bebes`);
    await page.getByRole("link", { name: /Atelier parents-bébés/ }).waitFor();

    // Edited in its dialog: the detail shows the change without a reload.
    await gotoLive(page, detailUrl);
    await page.getByRole("button", { name: "Modifier" }).click();
    const dialog = page.getByRole("dialog", { name: "Modification de l'article" });
    await dialog.waitFor();
    await dialog.getByLabel("Titre", { exact: false }).first().fill("Atelier parents-bébés : nouvel horaire");
    // Escape closes what is open inside the form (the list of towns, the link box), not the
    // dialog with what was typed in it.
    const town = dialog.getByRole("combobox", { name: /Rechercher une commune/ });
    await town.fill("Lesc");
    await expect.poll(() => town.getAttribute("aria-expanded")).toBe("true");
    await town.press("Escape");
    await expect.poll(() => town.getAttribute("aria-expanded")).toBe("false");
    await dialog.locator(".ql-editor").click();
    await page.keyboard.press("Shift+Home");
    await dialog.getByRole("button", { name: "Lien", exact: true }).click();
    await dialog.getByLabel("Adresse du lien").press("Escape");
    await dialog.getByLabel("Adresse du lien").waitFor({ state: "hidden" });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Titre", { exact: false }).first().inputValue()).toBe(
      "Atelier parents-bébés : nouvel horaire",
    );
    // The image's text is editable: a click on it opens it, here made decorative.
    await dialog.locator(".ql-editor img").click();
    expect(await dialog.getByLabel("Ce que montre l'image").inputValue()).toBe(
      "Affiche : des bébés et leurs parents autour d'un piano",
    );
    await dialog.getByText("Image décorative", { exact: false }).click();
    await dialog.getByRole("button", { name: "Enregistrer le texte" }).click();
    await expect.poll(() => dialog.locator(".ql-editor img").getAttribute("alt")).toBe("");
    // The panel closed, the focus is back in the text (not lost at the page's top).
    await expect
      .poll(() => dialog.locator(".ql-editor").evaluate((editor) => editor === document.activeElement))
      .toBe(true);
    await dialog.getByRole("button", { name: "Mettre à jour" }).click();
    await page.getByText("Modifications sauvegardées").waitFor();
    await page.getByRole("heading", { level: 1, name: "Atelier parents-bébés : nouvel horaire" }).waitFor();
    await expect
      .poll(() =>
        page
          .locator("article img[src^='/uploads/']")
          .evaluateAll((images) => images.map((image) => image.getAttribute("alt"))),
      )
      .toContain("");
    await noAxeViolation(page);

    // Deleted, with the irreversible-action warning; the page goes back.
    await page.getByRole("button", { name: "Supprimer" }).click();
    await page.getByText("Attention : cette action est irréversible.").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await page.getByText("Article supprimé").waitFor();
    await page.waitForURL((url) => url.toString() !== detailUrl);
    const gone = await fetch(detailUrl.replace("/actualites/", "/api/media/current/"));
    expect(gone.status).toBe(404);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("keeps an article being written when the session runs out, and publishes it once signed in again", async () => {
    const { context, consoleErrors } = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    // Signed in with « Rester connecté »: a session kept for days, not only until the browser closes.
    await gotoLive(page, `${portal.url}/connexion`);
    await page.getByLabel("Adresse e-mail").fill(PARTNER.email);
    await page.getByLabel("Mot de passe", { exact: false }).first().fill(PARTNER.password);
    await page.getByText("Rester connecté").click();
    await page.getByRole("button", { name: "Connexion" }).click();
    await page.getByRole("button", { name: /Mon compte/ }).waitFor();
    await page.waitForURL((address) => address.pathname !== "/connexion");
    const kept = async () => (await context.cookies()).find((cookie) => cookie.name === "portail_session")!.expires;
    expect(await kept()).toBeGreaterThan(Date.now() / 1000 + 86_400);
    await gotoLive(page, `${portal.url}/nouvel-article`);
    const title = page.getByLabel("Titre", { exact: false }).first();
    await title.fill("Permanence du relais à Lescar");
    const editor = page.locator(".ql-editor");
    await editor.click();
    await page.keyboard.type("Chaque mardi matin, sans rendez-vous.");
    // On a phone, the link tooltip stays within the screen, its field and « Enregistrer » in reach.
    await page.keyboard.press("Shift+Home");
    await page.getByRole("button", { name: "Lien", exact: true }).click();
    const address = page.getByLabel("Adresse du lien");
    await address.waitFor({ state: "visible" });
    for (const part of [page.locator(".ql-tooltip"), address, page.locator(".ql-tooltip .pp-save")]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await address.press("Escape");
    await page.getByText("Actualité", { exact: true }).click();
    await page.getByRole("group", { name: "Familles" }).getByText("0-3 ans").click();
    await page
      .getByRole("group", { name: "Thématiques" })
      .getByText("Relations parents-enfants", { exact: false })
      .click();
    // A file waits to be sent with the article.
    await page
      .locator("input[type=file]")
      .last()
      .setInputFiles([{ name: "horaires.pdf", mimeType: "application/pdf", buffer: PDF }]);
    await page.getByText("horaires.pdf").first().waitFor();
    // The session ends meanwhile (it expired, or was closed from another device).
    const session = (await context.cookies()).find((cookie) => cookie.name === "portail_session")!;
    const ended = await fetch(`${portal.url}/api/auth/logout`, {
      headers: { cookie: `${session.name}=${session.value}` },
    });
    expect(ended.status).toBe(204);

    await page.getByRole("button", { name: "Publier" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Votre session a expiré" });
    await dialog.waitFor();
    // The page stays, with what was typed; the password field has the focus; the dialog alone
    // says what happened (no notification over it).
    expect(page.url()).toBe(`${portal.url}/nouvel-article`);
    expect(await title.inputValue()).toBe("Permanence du relais à Lescar");
    const password = dialog.getByLabel("Mot de passe");
    await expect.poll(() => password.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel("Adresse e-mail").inputValue()).toBe(PARTNER.email);
    // « Rester connecté » as chosen when signing in on this device.
    expect(await dialog.getByRole("checkbox", { name: "Rester connecté" }).isChecked()).toBe(true);
    await expect.poll(() => page.locator("[data-scope=toast][data-part=title]").count()).toBe(0);
    await noAxeViolation(page);
    await password.fill("pas-le-bon");
    await password.press("Enter");
    await dialog.getByRole("alert").filter({ hasText: "Mot de passe ou nom d'utilisateur incorrect" }).waitFor();
    await password.fill(PARTNER.password);
    await password.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    // Still kept for days, as before the session ran out.
    expect(await kept()).toBeGreaterThan(Date.now() / 1000 + 86_400);
    expect(await editor.innerText()).toContain("Chaque mardi matin, sans rendez-vous.");
    await page.getByRole("button", { name: "Publier" }).click();
    await page.waitForURL(/\/actualites\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Permanence du relais à Lescar" }).waitFor();
    await page.getByRole("link", { name: /horaires\.pdf/ }).waitFor();
    expect(consoleErrors.filter((error) => !/401|Unauthorized|connecté/i.test(error))).toEqual([]);
    await context.close();
  });

  it("a visitor browses resources with filters and pagination, kept in the URL", async () => {
    const admin = await restAs(portal.url, ADMIN);
    for (let index = 1; index <= 20; index++) {
      const created = await admin("POST", "/api/media/add", {
        title: `Fiche ressource n°${String(index).padStart(2, "0")}`,
        article: { ops: [{ insert: `Contenu de la fiche ${index}\n` }] },
        categories: ["resource"],
        ages: [index <= 4 ? "ADOLESCENCE" : "ENFANCE"],
        thematic: ["HOUSING"],
      });
      expect(created.status).toBe(201);
    }
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/ressources`);
    await page.getByText("20 résultats").waitFor();
    await expect.poll(() => page.getByRole("link", { name: /^Lire l'article/ }).count()).toBe(15);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    // The second page holds the 5 oldest (their order within one second is the id's).
    await expect.poll(() => page.getByRole("link", { name: /^Lire l'article/ }).count()).toBe(5);

    await page.getByRole("group", { name: "Familles" }).getByText("13-17 ans").click();
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await page.getByText("4 résultats").waitFor();
    expect(page.url()).toMatch(/ages=ADOLESCENCE/);
    expect(page.url()).not.toMatch(/page=2/);
    await page.goBack();
    await page.getByText("20 résultats").waitFor();
    expect(page.url()).toMatch(/page=2/);
    // No 'Réseaux' filter and no write button for a visitor.
    expect(await page.getByRole("group", { name: "Réseaux" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Écrire un nouvel article" }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  // Last: the resources journey above counts its resources, and this one makes one more.
  it("moves a news item made a resource to the resources' address", async () => {
    const admin = await restAs(portal.url, ADMIN);
    const created = await admin("POST", "/api/media/add", {
      title: "Guide des aides à la garde",
      article: { ops: [{ insert: "Les aides pour faire garder son enfant.\n" }] },
      categories: ["new"],
      ages: ["PETITE_ENFANCE"],
      thematic: ["HOUSING"],
    });
    expect(created.status).toBe(201);
    const id = created.body as string;
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, portal.url, ADMIN, true);
    await gotoLive(page, `${portal.url}/actualites/${id}`);
    await page.getByRole("button", { name: "Modifier" }).click();
    const dialog = page.getByRole("dialog", { name: "Modification de l'article" });
    await dialog.getByText("Ressource", { exact: true }).click();
    await dialog.getByRole("button", { name: "Mettre à jour" }).click();
    await page.waitForURL(`${portal.url}/ressources/${id}`);
    await page.getByRole("heading", { level: 1, name: "Guide des aides à la garde" }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("asks before losing what was typed: a link away from a new article, closing the tab, closing the edit dialog", async () => {
    const admin = await restAs(portal.url, ADMIN);
    const created = await admin("POST", "/api/media/add", {
      title: "Permanence de la médiation familiale",
      article: { ops: [{ insert: "Chaque jeudi après-midi.\n" }] },
      categories: ["new"],
      ages: ["ENFANCE"],
      thematic: ["HOUSING"],
    });
    expect(created.status).toBe(201);
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, portal.url, ADMIN, true);
    const tabs = page.getByRole("navigation", { name: "Rubriques" });
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");

    // Nothing typed: a link leaves at once.
    await gotoLive(page, `${portal.url}/nouvel-article`);
    await tabs.getByRole("link", { name: "Documentations, Articles" }).click();
    await page.waitForURL(`${portal.url}/ressources`);

    // Something typed: the link asks first; « Continuer la saisie » has the focus and keeps it all.
    await gotoLive(page, `${portal.url}/nouvel-article`);
    const title = page.getByLabel("Titre", { exact: false }).first();
    await title.fill("Sortie au parc pour les familles");
    await page.locator(".ql-editor").click();
    await page.keyboard.type("Rendez-vous devant la médiathèque.");
    await tabs.getByRole("link", { name: "Documentations, Articles" }).click();
    const ask = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
    await ask.waitFor();
    await expect.poll(focused).toBe("Continuer la saisie");
    await noAxeViolation(page);
    await page.keyboard.press("Enter");
    await ask.waitFor({ state: "hidden" });
    expect(page.url()).toBe(`${portal.url}/nouvel-article`);
    expect(await title.inputValue()).toBe("Sortie au parc pour les familles");
    expect(await page.locator(".ql-editor").innerText()).toContain("Rendez-vous devant la médiathèque.");
    // Escape keeps it too.
    await tabs.getByRole("link", { name: "Documentations, Articles" }).click();
    await ask.waitFor();
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "hidden" });
    expect(await title.inputValue()).toBe("Sortie au parc pour les familles");
    // So does an item of « Mon compte », and « Déconnexion »: chosen with the keyboard, and by a
    // click sent without the pointer (a screen reader's). A pointer's click is not used here: on a
    // loaded machine the page scrolled (no script of ours asked it) between the driver aiming at
    // an item and pressing it, and the press landed beside the item.
    const accountMenu = page.getByRole("button", { name: /Mon compte/ });
    const choose = {
      "Mon profil": async () => {
        await accountMenu.focus();
        await page.keyboard.press("Enter");
        await expect
          .poll(() => page.getByRole("menuitem", { name: "Mon profil" }).getAttribute("data-highlighted"))
          .toBe("");
        await page.keyboard.press("Enter");
      },
      Déconnexion: async () => {
        await accountMenu.click();
        const item = page.getByRole("menuitem", { name: "Déconnexion" });
        await item.waitFor();
        await item.evaluate((element: HTMLElement) => element.click());
      },
    };
    for (const chosen of Object.values(choose)) {
      await chosen();
      await ask.waitFor();
      await ask.getByRole("button", { name: "Continuer la saisie" }).click();
      await ask.waitFor({ state: "hidden" });
      expect(page.url()).toBe(`${portal.url}/nouvel-article`);
      expect(await title.inputValue()).toBe("Sortie au parc pour les familles");
    }

    // Closing the tab: the browser asks; refused, the page stays with what was typed.
    const browserAsked: string[] = [];
    page.once("dialog", (dialog) => {
      browserAsked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => browserAsked).toEqual(["beforeunload"]);
    expect(page.isClosed()).toBe(false);
    expect(await title.inputValue()).toBe("Sortie au parc pour les familles");

    // Left on purpose: the page opens, and nothing was published.
    await tabs.getByRole("link", { name: "Documentations, Articles" }).click();
    await ask.getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await page.waitForURL(`${portal.url}/ressources`);
    const found = await admin("POST", "/api/media/search", { textQuery: "sortie parc", page: 0, pageSize: 15 });
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(0);

    // The edit dialog: opened and closed untouched, it asks nothing.
    await gotoLive(page, `${portal.url}/actualites/${created.body as string}`);
    const edit = page.getByRole("button", { name: "Modifier" });
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Modification de l'article" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // Changed, then Escape, « Fermer » or « Annuler »: it asks; « Continuer la saisie » keeps the change.
    await edit.click();
    const dialogTitle = dialog.getByLabel("Titre", { exact: false }).first();
    await dialogTitle.fill("Permanence de la médiation familiale : nouvel horaire");
    for (const close of [
      () => page.keyboard.press("Escape"),
      () => dialog.getByRole("button", { name: "Fermer" }).click(),
      () => dialog.getByRole("button", { name: "Annuler" }).click(),
    ]) {
      await close();
      await ask.waitFor();
      await expect.poll(focused).toBe("Continuer la saisie");
      await ask.getByRole("button", { name: "Continuer la saisie" }).click();
      await ask.waitFor({ state: "hidden" });
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialogTitle.inputValue()).toBe("Permanence de la médiation familiale : nouvel horaire");
    }
    // Left on purpose: the dialog closes, the focus goes back to « Modifier », nothing changed.
    await page.keyboard.press("Escape");
    await ask.getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(focused).toBe("Modifier");
    await page.getByRole("heading", { level: 1, name: "Permanence de la médiation familiale" }).waitFor();
    // Opened again, it starts from the article, and asks nothing until changed.
    await edit.click();
    expect(await dialogTitle.inputValue()).toBe("Permanence de la médiation familiale");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await ask.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
