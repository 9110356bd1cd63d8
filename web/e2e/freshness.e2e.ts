import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
import {
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  openFromAccountMenu,
  signIn,
  startBuiltPortal,
} from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const OWNER = { email: "relais.nay@example.org", name: "Haristoy", surname: "Maialen" };
const SHEET = "Relais Petite Enfance de Nay";

/** A GraphQL call with the admin's session cookie. */
async function asAdmin(url: string, cookie: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: any; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const today = () => new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris" }).format(new Date());

describe("freshness of a sheet: reminder e-mail, one-click confirmation, admin list", () => {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();
  let serviceId = "";

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal("freshness", {
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JOB_CHECK_SECONDS: "1",
      }),
      launchBrowser(),
    ]);
    // The admin creates the owner's account and sheet; the sheet was last checked long ago.
    const login = await fetch(`${portal.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "mutation ($input: LoginInput!) { login(input: $input) { id } }",
        variables: { input: { email: ADMIN.email, password: ADMIN.password } },
      }),
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const { createUser } = await asAdmin(
      portal.url,
      cookie,
      "mutation ($input: UserInput!) { createUser(input: $input) { id } }",
      { input: { ...OWNER, phone: "05 59 61 00 00", role: "FULL_PARTNER", networks: [] } },
    );
    const { createService } = await asAdmin(
      portal.url,
      cookie,
      "mutation ($ownerId: ID!, $input: ServiceInput!) { createService(ownerId: $ownerId, input: $input) { id } }",
      {
        ownerId: createUser.id,
        input: {
          serviceName: SHEET,
          serviceManager: "Communauté de communes du Pays de Nay",
          email: "rpe@example.org",
          phone: "05 59 61 11 11",
          fullAddress: "Place de la République 64800 Nay",
          city: "Nay",
          zip: "64800",
          types: ["RPE"],
          ages: ["PETITE_ENFANCE"],
          coveredLocations: [],
        },
      },
    );
    serviceId = createService.id;
    // Written as the portal writes dates (SQLite compares them as text).
    await portal.sql("UPDATE service SET checkedAt = ? WHERE id = ?", ["2025-01-15 08:00:00.000", serviceId]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  it("shows the admin the sheet in « Fiches à vérifier », and the family « Informations à vérifier »", async () => {
    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, portal.url, ADMIN, true);
    await openFromAccountMenu(page, "Fiches à vérifier");
    const table = page.getByRole("region", { name: /Fiches à vérifier/ });
    const row = table.getByRole("row").filter({ hasText: SHEET });
    await expect.poll(() => row.count()).toBe(1);
    await expect
      .poll(() => row.innerText())
      .toMatch(/Maialen Haristoy[\s\S]*15\/01\/2025[\s\S]*Informations à vérifier/);
    await noAxeViolation(page);

    const family = await browser.newContext({ locale: "fr-FR" });
    const sheet = await family.newPage();
    await gotoLive(sheet, `${portal.url}/services/${serviceId}`);
    await sheet.getByText("Mis à jour le 15/01/2025").waitFor();
    await sheet.getByText("Informations à vérifier").waitFor();
    await noAxeViolation(sheet);
    await family.close();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("e-mails the owner, whose link confirms the sheet once", async () => {
    // The daily job falls due (as if a day had passed): the runner, checking every second, takes it.
    await portal.sql("UPDATE job_lease SET nextRunAt = ? WHERE name = 'sheet-reminders'", ["2000-01-01 00:00:00"]);
    const mail = await mailbox.waitFor((m) => m.to.includes(OWNER.email) && m.subject.includes("fiche"), 15_000);
    expect(mail.subject).toBe("Portail parentalité : votre fiche est-elle toujours exacte ?");
    expect(mail.text).toContain(`« ${SHEET} », mise à jour le 15/01/2025.`);
    const link = mail.links.find((found) => found.includes("/confirmation-fiche/"))!;
    expect(link).toBeTruthy();

    const { context, consoleErrors } = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(link);
    await page
      .getByRole("status")
      .filter({ hasText: `Merci : la fiche « ${SHEET} » est confirmée.` })
      .waitFor();
    await noAxeViolation(page);
    await page.getByRole("link", { name: "Voir la fiche" }).click();
    await page.getByRole("heading", { level: 1, name: SHEET }).waitFor();
    await page.getByText(`Mis à jour le ${today()}`).waitFor();
    expect(await page.getByText("Informations à vérifier").count()).toBe(0);

    // The same link again: already used.
    await page.goto(link);
    await page.getByRole("alert").filter({ hasText: "Ce lien a déjà servi" }).waitFor();
    await noAxeViolation(page);
    expect(consoleErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    await context.close();
  });
});
