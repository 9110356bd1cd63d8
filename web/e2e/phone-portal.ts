// The portal a phone user meets, for the accessibility journeys: demo content, a content
// creator, a professional partner with a service of its own and the administrator, each
// signed in through the API when a test asks for a browser context in their name.
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { Mailbox } from "../../api/test/mailbox";
import {
  createPartner,
  type E2EPortal,
  gotoLive,
  launchBrowser,
  newContext,
  noAxeViolation,
  restAs,
  startBuiltPortal,
} from "./portal";

export const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
export const NEWS = {
  email: "redaction@example.org",
  password: "Redaction-2027",
  name: "Rédaction",
  surname: "Test",
  role: "NEWS_PARTNER" as const,
};
export const FULL = {
  email: "creche@example.org",
  password: "Creche-2027",
  name: "Crèche",
  surname: "Test",
  role: "FULL_PARTNER" as const,
};
/** What a parent reported on a demo sheet: the administrators' « Signalements » lists it. */
export const REPORT = "Le numéro de téléphone ne répond plus depuis la rentrée.";
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export type Account = { email: string; password: string };

/**
 * Starts that portal and a browser for the calling test file (`name` names its scratch
 * database: two files running at once each have their own) and stops them after it.
 */
export function usePhonePortal(name: string) {
  let portal: E2EPortal;
  let browser: Browser;
  const mailbox = new Mailbox();
  const ids = { event: "", resource: "", service: "", ownMedia: "", ownService: "" };

  /** Signs in through the API and gives the session cookie to a new browser context. */
  async function contextFor(account: Account | null, viewport = PHONE) {
    const created = await newContext(browser, viewport);
    if (account) {
      const login = await fetch(`${portal.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(account),
      });
      expect(login.status).toBe(200);
      const [name, value] = login.headers.get("set-cookie")!.split(";")[0].split("=");
      await created.context.addCookies([{ name, value, url: portal.url }]);
    }
    return created;
  }

  beforeAll(async () => {
    await mailbox.start();
    [portal, browser] = await Promise.all([
      startBuiltPortal(name, {
        DEMO_CONTENT: "true",
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
      launchBrowser(),
    ]);
    await createPartner(portal.url, mailbox, ADMIN, NEWS);
    const fullId = await createPartner(portal.url, mailbox, ADMIN, FULL);
    const own = await (
      await restAs(portal.url, NEWS)
    )("POST", "/api/media/add", {
      title: "Atelier du partenaire",
      article: { ops: [{ insert: "Un atelier.\n" }] },
      categories: ["resource"],
      ages: ["ENFANCE"],
      thematics: ["HOUSING"],
    });
    expect(own.status).toBe(201);
    ids.ownMedia = own.body;
    const service = await (
      await restAs(portal.url, FULL)
    )("POST", "/api/services/add", {
      userIds: [fullId],
      serviceName: "Crèche du partenaire",
      serviceManager: "Jeanne Test",
      email: "structure@example.org",
      phone: "05 36 49 00 98",
      fullAddress: "1 place de la Mairie, 64000 Pau",
      city: "Pau",
      zip: "64000",
      type: ["CRECHE"],
      ages: ["PETITE_ENFANCE"],
      location: { lat: 43.2951, lon: -0.3708 },
    });
    expect(service.status).toBe(201);
    ids.ownService = service.body.id;
    const query = async (q: string) => {
      const response = await fetch(`${portal.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: q }),
      });
      return ((await response.json()) as any).data;
    };
    const data = await query(`{
      events: mediaSearch(input: { categories: [EVENT], pageSize: 1 }) { results { id } }
      resources: mediaSearch(input: { categories: [RESOURCE], pageSize: 1 }) { results { id } }
      services(input: { pageSize: 1 }) { results { id } } }`);
    ids.event = data.events.results[0].id;
    ids.resource = data.resources.results[0].id;
    ids.service = data.services.results[0].id;
    // The administrators' lists have something to show: a sheet not confirmed for long (written
    // as the portal writes dates: SQLite compares them as text) and a report.
    await portal.sql("UPDATE service SET checkedAt = ? WHERE id = ?", ["2025-01-15 08:00:00.000", ids.ownService]);
    const reported = await fetch(`${portal.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "mutation ($input: ReportInput!) { reportError(input: $input) }",
        variables: { input: { itemId: ids.service, itemType: "SERVICE", message: REPORT } },
      }),
    });
    expect(((await reported.json()) as any).data?.reportError).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await mailbox.stop();
  });

  return {
    /** The running portal (its address is known once the file's setup has run). */
    portal: {
      get url() {
        return portal.url;
      },
    },
    ids,
    contextFor,
  };
}

type PhonePortal = ReturnType<typeof usePhonePortal>;

/**
 * The routes axe reads, each once, by who reads them. A visitor reads every public route. Signed
 * in, a page differs from a visitor's by the header (the same for every account) and by what the
 * account may do there: the content creator reads the lists and pages with their actions and
 * the partner pages; the professional partner what only it has (its sheet, its services in
 * « Mon profil »); the administrator what only it sees (another's event, its own pages).
 */
export function routesByAccount(ids: PhonePortal["ids"]): Array<[string, Account | null, string[]]> {
  const listsAndPages = [
    "/",
    "/actualites",
    `/actualites/${ids.event}`,
    "/ressources",
    `/ressources/${ids.resource}`,
    "/services",
    `/services/${ids.service}`,
  ];
  const publicRoutes = [
    ...listsAndPages,
    "/qui-sommes-nous",
    "/que-propose-ce-portail",
    "/mentions-legales",
    "/conditions-generales-d-utilisation",
    "/accessibilite",
    "/donnees-ouvertes",
    "/nimporte-quoi",
  ];
  const visitorOnly = [
    "/nous-rejoindre",
    "/demande-changement-mot-de-passe",
    "/changement-mot-de-passe/x/y",
    "/connexion",
  ];
  return [
    ["visitor", null, [...publicRoutes, ...visitorOnly]],
    [
      "content creator",
      NEWS,
      [...listsAndPages, "/profil", "/contact", "/nouvel-article", `/ressources/${ids.ownMedia}`],
    ],
    ["professional partner", FULL, [`/services/${ids.ownService}`, "/profil"]],
    [
      "administrator",
      ADMIN,
      [`/actualites/${ids.event}`, "/profil", "/gestion-utilisateurs", "/fiches-a-verifier", "/signalements"],
    ],
  ];
}

/** What a route shows once its data has come (axe reads it then, not its placeholders). */
const ROUTE_CONTENT: Record<string, string> = {
  "/fiches-a-verifier": "Crèche du partenaire",
  "/signalements": REPORT,
};

/**
 * Opens each route as this account, on a phone and a computer side by side (a page's load waits
 * on the network, the other's check keeps the second core busy meanwhile), and runs axe on it;
 * no console error either, but the 404 page's own status.
 */
export async function axeSweep(
  { portal, contextFor }: PhonePortal,
  who: string,
  account: Account | null,
  routes: string[],
) {
  const sweep = async (viewport: typeof PHONE) => {
    const { context, consoleErrors } = await contextFor(account, viewport);
    const page = await context.newPage();
    for (const route of routes) {
      const response = await gotoLive(page, `${portal.url}${route}`);
      await page.locator("main h1").first().waitFor();
      if (ROUTE_CONTENT[route]) await page.locator("main").getByText(ROUTE_CONTENT[route]).first().waitFor();
      await noAxeViolation(page, `${who} ${viewport.width}px ${route}`);
      if (response?.status() === 404) {
        expect(consoleErrors.splice(0).filter((e) => !e.includes("404 (Not Found)"))).toEqual([]);
      }
    }
    expect(consoleErrors, `${who} ${viewport.width}px`).toEqual([]);
    await context.close();
  };
  await Promise.all([PHONE, DESKTOP].map(sweep));
}
