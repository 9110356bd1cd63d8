import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
import {
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  painted,
  restAs,
  signIn,
  startBuiltPortal,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const PARTNER = { email: "lea.martin@example.org", name: "Martin", surname: "Léa" };

/** The path of the set-password link in the last e-mail sent to an address. */
async function emailedLink(mailbox: Mailbox, to: string, subject: RegExp): Promise<string> {
  const mail = await mailbox.waitFor((m) => m.to.includes(to) && subject.test(m.subject));
  const link = mail.links.find((l) => l.includes("/changement-mot-de-passe/"));
  expect(link).toBeDefined();
  return new URL(link!).pathname;
}

describe("accounts, from the partner request to the forgotten password", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("accounts", {
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        CONTACT_EMAIL: "contact@example.org",
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  it("request → validation → e-mailed link → password → sign in → sign out", async () => {
    // A visitor asks for a partner account.
    const visitor = await newContext(browser);
    const page = await visitor.context.newPage();
    await gotoLive(page, `${portal.url}/`);
    await page.getByRole("link", { name: "Espace partenaire" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Se Connecter" }).waitFor();
    await page.getByRole("link", { name: "Devenir partenaire ?" }).click();
    await page.getByRole("heading", { level: 1, name: "Devenir partenaire" }).waitFor();
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    // Under the field, and in the summary at the top of the form.
    await page.getByText("Le nom est requis.").first().waitFor();
    expect(await page.getByRole("alert").getByRole("link", { name: "Le nom est requis." }).count()).toBe(1);
    await page.getByLabel(/^Nom/).fill(PARTNER.name);
    await page.getByLabel("Prénom").fill(PARTNER.surname);
    await page.getByLabel("Adresse e-mail").fill(PARTNER.email);
    await page.getByLabel("Téléphone").fill("05 59 00 00 00");
    await page.getByLabel("Territoire (commune)").selectOption({ label: "Pau (64000)" });
    // A motivation pasted longer than the server takes is kept whole, counted, and refused with
    // the reason, to be shortened (not cut short without a word).
    const motivation = page.getByLabel("Motivation de votre demande");
    const pasted = "Animatrice d'un lieu d'accueil enfants-parents à Pau. ".repeat(40);
    await motivation.fill(pasted);
    expect(await motivation.inputValue()).toBe(pasted);
    await page.getByText(`${pasted.length} / 2000 caractères`).waitFor();
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await page.getByText("La motivation ne doit pas dépasser 2000 caractères.").first().waitFor();
    await expect.poll(() => motivation.evaluate((field) => field === document.activeElement)).toBe(true);
    await motivation.fill("Animatrice d'un lieu d'accueil enfants-parents.");
    await page.getByText("Un professionnel : partenaire gestionnaire de services").click();
    await noAxeViolation(page);
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    await page.getByText("Votre demande de partenariat a bien été envoyée.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Fermer", exact: true }).click();
    await page.waitForURL(`${portal.url}/`);
    await mailbox.waitFor((m) => m.to.includes(ADMIN.email) && /demande de partenariat/.test(m.subject));

    // The administrator validates it.
    const admin = await newContext(browser);
    const adminPage = await admin.context.newPage();
    await signIn(adminPage, portal.url, { email: ADMIN.email, password: ADMIN.password });
    await adminPage.getByRole("button", { name: /Mon compte/ }).click();
    await adminPage.getByRole("menuitem", { name: "Gestion des utilisateurs" }).click();
    await adminPage.getByRole("heading", { level: 1, name: "Gestion des utilisateurs" }).waitFor();
    await adminPage.getByText("1 demande de partenariat en attente").waitFor();
    await adminPage.getByRole("button", { name: `Actions pour ${PARTNER.surname} ${PARTNER.name}` }).click();
    // Chosen without the pointer, as a screen reader sends a click: before, the menu acted on its
    // highlighted item, and none is highlighted when it opens under the pointer.
    const validate = adminPage.getByRole("menuitem", { name: /Valider la demande/ });
    await validate.waitFor();
    await validate.evaluate((item: HTMLElement) => item.click());
    await adminPage.getByText(`Demande validée : un e-mail a été envoyé à ${PARTNER.email}`).waitFor();
    // The row's « Actions » was busy while validating: the focus comes back to it, not to the page's start.
    await expect
      .poll(() => adminPage.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Actions pour ${PARTNER.surname} ${PARTNER.name}`);
    await noAxeViolation(adminPage);
    const link = await emailedLink(mailbox, PARTNER.email, /validée/);

    // The partner follows the link and chooses a password.
    await gotoLive(page, `${portal.url}${link}`);
    await page.getByRole("heading", { level: 1, name: "Choisir un mot de passe" }).waitFor();
    await page.getByLabel("Nouveau mot de passe").fill("faible");
    await page.getByLabel("Confirmation du mot de passe").fill("faible");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await page.getByText("Mot de passe trop faible").first().waitFor();
    // The rule stays beside the error, both read with the field.
    const described = await page.getByLabel("Nouveau mot de passe").evaluate((field) =>
      (field.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(described).toMatch(/^Mot de passe trop faible .*6 caractères/);
    // Too long for the server: said under the field before sending, the focus on it.
    const long = `Parent-2026-${"x".repeat(200)}`;
    await page.getByLabel("Nouveau mot de passe").fill(long);
    await page.getByLabel("Confirmation du mot de passe").fill(long);
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await page.getByText("Le mot de passe est trop long : 200 caractères au plus.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await page.getByLabel("Nouveau mot de passe").fill("Parent-2026");
    await page.getByLabel("Confirmation du mot de passe").fill("Parent-2026");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await page.waitForURL(`${portal.url}/connexion`);
    // The link has served: opened again, it says so at once, before any password is typed.
    await gotoLive(page, `${portal.url}${link}`);
    await page.getByRole("alert").filter({ hasText: "Ce lien n'est plus valide" }).waitFor();
    expect(await page.getByLabel("Nouveau mot de passe").count()).toBe(0);

    // Signs in: the header changes; then signs out.
    await signIn(page, portal.url, { email: PARTNER.email, password: "Parent-2026" });
    await page.getByRole("button", { name: `Mon compte : ${PARTNER.surname} ${PARTNER.name}` }).waitFor();
    await page.waitForURL(`${portal.url}/`);
    const mainNav = page.getByRole("navigation", { name: "Navigation principale" });
    await mainNav.getByRole("link", { name: "Contact" }).waitFor();
    expect(await mainNav.getByRole("link", { name: "Espace partenaire" }).count()).toBe(0);
    // A partner is not an administrator: the route sends back home. The home page's code is
    // held back a moment, as on a slow network: the menu opened meanwhile stays open when the
    // page arrives (the new page's focus move must not close it under the visitor's finger).
    let releaseHome = () => {};
    const homeHeld = new Promise<void>((resolve) => (releaseHome = resolve));
    let heldRequests = 0;
    await page.route(/\/assets\/NewsListPage-[^/]+\.js$/, async (route) => {
      heldRequests += 1;
      await homeHeld;
      await route.continue();
    });
    await gotoLive(page, `${portal.url}/gestion-utilisateurs`);
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole("button", { name: /Mon compte/ }).click();
    await page.getByRole("menuitem", { name: "Déconnexion" }).waitFor();
    releaseHome();
    await page.getByRole("heading", { level: 1, name: "Nouveautés, évènements" }).waitFor();
    expect(heldRequests, "the home page's chunk was held back").toBeGreaterThan(0);
    expect(await page.getByRole("menuitem", { name: "Gestion des utilisateurs" }).count()).toBe(0);
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    await page.getByText("Vous avez été déconnecté").waitFor();
    await mainNav.getByRole("link", { name: "Espace partenaire" }).waitFor();
    // Signed out, the profile is out of reach.
    await gotoLive(page, `${portal.url}/profil`);
    await page.waitForURL(`${portal.url}/`);

    expect(visitor.consoleErrors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    await visitor.context.close();
    await admin.context.close();
  });

  it("forgotten password → e-mail → new password → sign in, and the contact form", async () => {
    const { context } = await newContext(browser);
    const page = await context.newPage();
    await gotoLive(page, `${portal.url}/connexion`);
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await page.getByRole("heading", { level: 1, name: "Mot de passe oublié" }).waitFor();
    await page.getByLabel("Adresse e-mail").fill("inconnu@example.org");
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await page.getByText("Adresse email introuvable").waitFor();
    await page.getByLabel("Adresse e-mail").fill(PARTNER.email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await page.getByText("Un email vous a été envoyé pour réinitialiser votre mot de passe").waitFor();
    await page.getByRole("button", { name: "Fermer", exact: true }).click();
    await page.waitForURL(`${portal.url}/`);

    const link = await emailedLink(mailbox, PARTNER.email, /réinitialisation/);
    await gotoLive(page, `${portal.url}${link}`);
    await page.getByRole("heading", { level: 1, name: "Choisir un mot de passe" }).waitFor();
    await page.getByLabel("Nouveau mot de passe").fill("Nouveau-2027");
    await page.getByLabel("Confirmation du mot de passe").fill("Nouveau-2027");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await page.waitForURL(`${portal.url}/connexion`);

    await signIn(page, portal.url, { email: PARTNER.email, password: "Parent-2026" });
    // Shown twice, as the spec's toast and inline beside the form; announced once, by the inline alert.
    await page.getByRole("alert").filter({ hasText: "Mot de passe ou nom d'utilisateur incorrect" }).waitFor();
    const toast = page
      .locator("[data-scope=toast][data-part=root]")
      .filter({ hasText: "Mot de passe ou nom d'utilisateur incorrect" });
    await toast.waitFor();
    const shownAt = Date.now();
    expect(await toast.getAttribute("aria-live")).toBe("off");
    // The right password, on the same page.
    await page.getByLabel("Mot de passe", { exact: false }).first().fill("Nouveau-2027");
    await page.getByRole("button", { name: "Connexion" }).click();
    await page.getByRole("button", { name: /Mon compte/ }).waitFor();
    // The new attempt took the old error away: it does not stay over the page the sign-in leads to.
    await expect.poll(() => toast.count(), { timeout: 1500 }).toBe(0);
    expect(Date.now() - shownAt).toBeLessThan(6000); // before it would have hidden by itself

    // The profile and the contact form of a signed-in partner.
    await gotoLive(page, `${portal.url}/profil`);
    await page.getByRole("heading", { level: 2, name: "Mes Services" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Mes actualités" }).waitFor();
    await page
      .getByRole("navigation", { name: "Navigation principale" })
      .getByRole("link", { name: "Contact" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Nous Contacter" }).waitFor();
    await page.getByRole("textbox", { name: /^Objet/ }).fill("Mise à jour de notre fiche");
    await page.getByRole("textbox", { name: /^Message/ }).fill("Bonjour, nos horaires changent en janvier.");
    // Counted as the server counts (trimmed), against the limit it enforces.
    await page.getByText("42 / 5000 caractères").waitFor();
    await page.getByRole("button", { name: "Envoyer" }).click();
    await page.getByText("Vous devez accepter l'utilisation de vos données", { exact: false }).first().waitFor();
    // Sent again as it is: the same notification replaces the first rather than piling up.
    const consentToasts = page
      .locator("[data-scope=toast][data-part=root]:not([data-state=closed])")
      .filter({ hasText: "Vous devez accepter l'utilisation de vos données" });
    await consentToasts.first().waitFor();
    await page.getByRole("button", { name: "Envoyer" }).click();
    await painted(page);
    expect(await consentToasts.count()).toBe(1);
    await page.getByText("J'accepte que mes nom", { exact: false }).click();
    await noAxeViolation(page);
    await page.getByRole("button", { name: "Envoyer" }).click();
    await page.getByText("Message envoyé").waitFor();
    await page.waitForURL(`${portal.url}/`);
    const mail = await mailbox.waitFor(
      (m) => m.to.includes("contact@example.org") && /message de contact/.test(m.subject),
    );
    expect(mail.replyTo).toBe(PARTNER.email);
    expect(mail.text).toContain("nos horaires changent en janvier");
    await context.close();
  });

  it("takes the item of « Mon compte » that was clicked: at once as it shows, or without the pointer", async () => {
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, portal.url, ADMIN, true);
    const menuButton = page.getByRole("button", { name: /Mon compte/ });
    const heading = (name: string) => page.getByRole("heading", { level: 1, name });
    /** Clicks the item named `name` as soon as it is in the page (the moment a quick tap lands). */
    const clickAsItShows = (name: string) =>
      page.evaluate((wanted) => {
        const find = () =>
          [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find(
            (item) => item.textContent?.trim() === wanted,
          );
        const observer = new MutationObserver(() => {
          const item = find();
          if (!item) return;
          observer.disconnect();
          item.click();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }, name);

    // Chosen the moment it shows: before, its action was attached a moment later, and the menu
    // closed on nothing.
    await clickAsItShows("Signalements");
    await menuButton.click();
    await heading("Signalements").waitFor({ timeout: 15_000 });

    // A click without the pointer (as a screen reader sends it) on an item other than the one
    // highlighted as the menu opens (« Mon profil »): before, that one was taken.
    await menuButton.click();
    const review = page.getByRole("menuitem", { name: "Fiches à vérifier" });
    await review.waitFor();
    await expect
      .poll(() => page.getByRole("menuitem", { name: "Mon profil" }).getAttribute("data-highlighted"))
      .toBe("");
    await review.evaluate((item: HTMLElement) => item.click());
    await heading("Fiches à vérifier").waitFor({ timeout: 15_000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("validates on a phone a request naming no town: « Commune à préciser » until its town is given", async () => {
    // The spec's request: its address names no town the list can read.
    const asking = { email: "maite.irigoyen@example.org", name: "Irigoyen", surname: "Maïté" };
    const sent = await fetch(`${portal.url}/api/users/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...asking,
        justify: "Directrice d'un multi-accueil.",
        phone: "05 59 44 55 66",
        fullAddress: "3 rue du Château",
        role: "FULL_PARTNER",
      }),
    });
    expect(sent.status).toBe(201);
    const { context, consoleErrors } = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, portal.url, ADMIN, true);
    await gotoLive(page, `${portal.url}/gestion-utilisateurs`);
    const name = `${asking.surname} ${asking.name}`;
    await page.getByLabel("Rechercher un utilisateur").fill(asking.email);
    const row = page.getByRole("row").filter({ hasText: asking.email });
    await row.getByText("Commune à préciser").waitFor();

    // Validated without a town: the form says it may be given later.
    await page.getByRole("button", { name: `Actions pour ${name}` }).click();
    await page.getByRole("menuitem", { name: /Valider la demande/ }).click();
    const dialog = page.getByRole("dialog", { name: "Modification d'un utilisateur" });
    const town = dialog.getByRole("combobox", { name: "Commune" });
    await expect
      .poll(() => town.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe("Commune à préciser");
    await dialog.getByText("La demande n'indique pas de commune : choisissez-la, ou validez sans").waitFor();
    await noAxeViolation(page);
    await dialog.getByRole("button", { name: "Valider" }).click();
    await page.getByText(`Demande validée : un e-mail a été envoyé à ${asking.email} ; commune à préciser`).waitFor();
    await emailedLink(mailbox, asking.email, /validée/);
    await row.getByText("Commune à préciser").waitFor();

    // Given later in the account's form, with the keyboard.
    await page.getByRole("button", { name: `Actions pour ${name}` }).click();
    await page.getByRole("menuitem", { name: `Modifier ${name}` }).click();
    await expect
      .poll(() => town.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe("Commune à préciser");
    await town.focus();
    await town.selectOption({ label: "Pau (64000)" });
    await dialog.getByRole("button", { name: "Éditer" }).click();
    await page.getByText("Modifications sauvegardées").waitFor();
    await row.getByRole("cell", { name: "Pau", exact: true }).waitFor();
    expect(await row.getByText("Commune à préciser").count()).toBe(0);
    const listed = (await page.evaluate(async (email) => {
      const response = await fetch(`/api/users/search?textQuery=${encodeURIComponent(email)}`);
      return response.json();
    }, asking.email)) as { users: Array<{ city: string | null; epci: string | null; status: string }> };
    expect(listed.users).toEqual([
      expect.objectContaining({ city: "Pau", epci: "CA Pau Béarn Pyrénées", status: "PENDING" }),
    ]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("deletes a request and, as the person asked, erases their personal data at once", async () => {
    // A request sent, then the person asks that nothing be kept.
    const asking = { email: "karim.benali@example.org", name: "Benali", surname: "Karim" };
    const sent = await fetch(`${portal.url}/api/users/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...asking,
        justify: "Coordinateur d'un centre social.",
        phone: "05 59 22 33 44",
        fullAddress: "",
        role: "NEWS_PARTNER",
      }),
    });
    expect(sent.status).toBe(201);
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, portal.url, ADMIN, true);
    await gotoLive(page, `${portal.url}/gestion-utilisateurs`);
    const name = `${asking.surname} ${asking.name}`;
    await page.getByLabel("Rechercher un utilisateur").fill(asking.email);
    await page.getByRole("button", { name: `Actions pour ${name}` }).click();
    await page.getByRole("menuitem", { name: `Supprimer ${name}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Supprimer l'utilisateur ${name} ?` });
    await dialog
      .getByText("seront effacées dans 12 mois, comme l'annoncent les mentions légales", { exact: false })
      .waitFor();
    const erase = dialog.getByRole("checkbox", { name: /Effacer ses données personnelles dès maintenant/ });
    // Ticked with the keyboard.
    await erase.focus();
    await page.keyboard.press("Space");
    expect(await erase.isChecked()).toBe(true);
    await noAxeViolation(page);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await page.getByText("Utilisateur supprimé, données personnelles effacées").waitFor();
    expect(await page.getByRole("button", { name: `Actions pour ${name}` }).count()).toBe(0);

    // Nothing is left under the name or the address; the record is « Compte effacé ».
    const deleted = (await page.evaluate(async () => {
      const response = await fetch("/api/users/search?status=deleted&size=100", { credentials: "include" });
      return response.json();
    })) as { users: Array<{ name: string; surname: string; email: string; phone: string }> };
    expect(deleted.users.some((user) => user.email === asking.email || user.name === asking.name)).toBe(false);
    expect(deleted.users).toContainEqual(
      expect.objectContaining({
        name: "Compte effacé",
        surname: "",
        phone: "",
        email: expect.stringMatching(/@compte-efface\.invalid$/),
      }),
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("tells a partner past the contact form's hourly limit why the message is not sent, on a phone", async () => {
    // The partner of the journeys above (who wrote once already) writes until the portal refuses.
    const partner = { email: PARTNER.email, password: "Nouveau-2027" };
    const rest = await restAs(portal.url, partner);
    const statuses: number[] = [];
    while (statuses.at(-1) !== 429 && statuses.length < 10) {
      statuses.push((await rest("POST", "/api/contact", { object: "Question", message: "Bonjour." })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const sentBefore = mailbox.messages.length;

    const { context } = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, portal.url, partner, true);
    await gotoLive(page, `${portal.url}/contact`);
    await page.getByRole("textbox", { name: /^Objet/ }).fill("Une question de plus");
    await page.getByRole("textbox", { name: /^Message/ }).fill("Bonjour, encore une question.");
    await page.getByText("J'accepte que mes nom", { exact: false }).click();
    await page.getByRole("button", { name: "Envoyer" }).click();
    // The server's reason, not « Échec de l'envoi du message »; the form stays, with its text.
    await page.getByText("Vous avez envoyé trop de messages depuis votre compte : réessayez dans une heure.").waitFor();
    expect(page.url()).toBe(`${portal.url}/contact`);
    expect(await page.getByRole("textbox", { name: /^Objet/ }).inputValue()).toBe("Une question de plus");
    await noAxeViolation(page);
    expect(mailbox.messages.length).toBe(sentBefore);
    await context.close();
  });

  it("deletes a partner who owns sheets on a phone: names them and hands them to another partner", async () => {
    const admin = await restAs(portal.url, ADMIN);
    const account = async (name: string, surname: string, email: string) => {
      const created = await admin("POST", "/api/users/add", {
        name,
        surname,
        email,
        phone: "05 59 00 11 22",
        role: "FULL_PARTNER",
        networks: [],
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const leavingId = await account("Roux", "Hélène", "helene.roux@example.org");
    const takerId = await account("Durand", "Paul", "paul.durand@example.org");
    const colleagueId = await account("Petit", "Inès", "ines.petit@example.org");
    const sheet = async (serviceName: string) => {
      const created = await admin("POST", "/api/services/add", {
        serviceName,
        serviceManager: "Association Les Petits Pas",
        email: "accueil@example.org",
        phone: "05 59 00 22 33",
        fullAddress: "3 place de la Mairie, 64000 Pau",
        city: "Pau",
        zip: "64000",
        type: ["CRECHE"],
        ages: ["PETITE_ENFANCE"],
        userIds: [leavingId],
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const owned = [await sheet("Crèche Les Petits Pas"), await sheet("Halte-garderie Les Lucioles")];
    // A sheet shared with a colleague (as older sheets may be): it only loses the account.
    const shared = await sheet("Relais des Coteaux");
    await portal.sql("UPDATE service SET userIds = ? WHERE id = ?", [JSON.stringify([leavingId, colleagueId]), shared]);
    await portal.sql(
      "INSERT INTO service_facet (serviceId, facet, value, sortName) VALUES (?, 'owner', ?, 'Relais des Coteaux')",
      [shared, colleagueId],
    );

    const { context, consoleErrors } = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, portal.url, ADMIN, true);
    await gotoLive(page, `${portal.url}/gestion-utilisateurs`);
    const name = "Hélène Roux";
    await page.getByLabel("Rechercher un utilisateur").fill("helene.roux@example.org");
    // The search applied (only her row under the header): the table does not redraw under the menu.
    await expect.poll(() => page.getByRole("row").filter({ hasNotText: "helene.roux@example.org" }).count()).toBe(1);
    await page.getByRole("button", { name: `Actions pour ${name}` }).click();
    await page.getByRole("menuitem", { name: `Supprimer ${name}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Supprimer l'utilisateur ${name} ?` });
    // The sheets it owns alone are named, and who takes them is asked (the administrators unless told).
    await dialog.getByText("Ce compte est le seul propriétaire de 2 fiches de service :").waitFor();
    for (const sheetName of ["Crèche Les Petits Pas", "Halte-garderie Les Lucioles"])
      await dialog.getByRole("listitem").filter({ hasText: sheetName }).waitFor();
    await dialog.getByText("Il partage aussi une fiche avec d'autres comptes, qui la gardent :").waitFor();
    await dialog.getByRole("listitem").filter({ hasText: "Relais des Coteaux" }).waitFor();
    const group = dialog.getByRole("radiogroup", { name: "Qui reprend ces fiches ?" });
    await expect.poll(() => group.getByRole("radio", { name: /Les administrateurs/ }).isChecked()).toBe(true);
    // « Un autre partenaire », with the keyboard; « Supprimer » without choosing says so, and stays.
    await group.getByRole("radio", { name: /Les administrateurs/ }).focus();
    await page.keyboard.press("ArrowDown");
    const chooser = dialog.getByRole("combobox", { name: /Partenaire qui reprend les fiches/ });
    await chooser.waitFor();
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await dialog.getByText("Choisissez le partenaire qui reprend les fiches.").waitFor();
    await expect.poll(() => chooser.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await chooser.getAttribute("aria-invalid")).toBe("true");
    // Only accounts that may hold sheets are offered, never the one deleted.
    const offered = await chooser.locator("option").allTextContents();
    expect(offered).toContain("Paul Durand (paul.durand@example.org)");
    expect(offered.some((label) => label.includes("helene.roux"))).toBe(false);
    await chooser.selectOption({ label: "Paul Durand (paul.durand@example.org)" });
    // Read as painted with the pointer away (a hovered « Supprimer » is the theme's, not this dialog's).
    await page.mouse.move(0, 0);
    await noAxeViolation(page);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await page.getByText("Utilisateur supprimé ; ses 2 fiches confiées à Paul Durand").waitFor();

    for (const id of owned) expect((await admin("GET", `/api/services/current/${id}`)).body.userIds).toEqual([takerId]);
    expect((await admin("GET", `/api/services/current/${shared}`)).body.userIds).toEqual([colleagueId]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
