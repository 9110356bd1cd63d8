import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { createConnection } from "mysql2/promise";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { scratchDatabase } from "../../api/test/database";
import type { Mailbox } from "../../api/test/mailbox";
import { serverNodeFlags } from "../../api/bin/server-flags.mjs";

const ROOT = join(import.meta.dirname, "..", "..");

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("port"))));
    });
  });

export interface E2EPortal {
  url: string;
  stop: () => Promise<void>;
  /** Runs one statement on the portal's database (to set up what no screen can, e.g. a town without a point). */
  sql: (statement: string, parameters?: unknown[]) => Promise<void>;
  /** Reads rows from the portal's database (what no screen shows, e.g. when a background job last ran). */
  rows: (statement: string, parameters?: unknown[]) => Promise<Record<string, unknown>[]>;
}

/** Starts the built portal (`node api/dist/server.js`) on a scratch database, as `npm start` would. */
export async function startBuiltPortal(name: string, env: Record<string, string> = {}): Promise<E2EPortal> {
  const port = await freePort();
  const { databaseUrl, dataDir } = await scratchDatabase(`e2e_${name}`);
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), "api/dist/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir ?? mkdtempSync(join(tmpdir(), "portail-e2e-")),
      DATABASE_URL: databaseUrl ?? "",
      DEMO_CONTENT: "false",
      GEOCODE_TOWNS: "false",
      // Browser tests send many anonymous requests from one address; the limit has its own test.
      API_RATE_LIMIT: "1000000",
      // Stopped between test files: nothing is on its way to wait for.
      SHUTDOWN_DRAIN_SECONDS: "0",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le portail s'est arrêté au démarrage :\n${output}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`Le portail n'a pas démarré à temps :\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const sql = async (statement: string, parameters: unknown[] = []) => {
    if (databaseUrl) {
      const connection = await createConnection(databaseUrl.replace(/^mariadb:/i, "mysql:"));
      await connection.query(statement, parameters);
      await connection.end();
    } else {
      const database = new Database(join(dataDir, "portail.sqlite"));
      database.prepare(statement).run(...parameters);
      database.close();
    }
  };
  const rows = async (statement: string, parameters: unknown[] = []) => {
    if (databaseUrl) {
      const connection = await createConnection(databaseUrl.replace(/^mariadb:/i, "mysql:"));
      const [result] = await connection.query(statement, parameters);
      await connection.end();
      return result as Record<string, unknown>[];
    }
    const database = new Database(join(dataDir, "portail.sqlite"));
    const result = database.prepare(statement).all(...parameters) as Record<string, unknown>[];
    database.close();
    return result;
  };
  return {
    url,
    sql,
    rows,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Debian's Chromium, headless, with no outside network traffic of its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** A local basemap: one blank PNG for every tile, and the count of tiles asked. */
export async function startTileServer(): Promise<{
  template: string;
  requests: () => number;
  stop: () => Promise<void>;
}> {
  let count = 0;
  const server = createHttpServer((_req, res) => {
    count++;
    res.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" });
    res.end(BLANK_TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    requests: () => count,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const BLANK_TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * A fresh context per test; records console errors and requests leaving localhost. The portal's
 * service worker is blocked unless asked for (`serviceWorkers: "allow"`, offline.e2e.ts): in
 * every journey it would download the application once more, and a page slower than its network
 * timeout on a loaded machine would come from its saved copy.
 */
export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  { serviceWorkers = "block" }: { serviceWorkers?: "allow" | "block" } = {},
) {
  const context: BrowserContext = await browser.newContext({ viewport, locale: "fr-FR", serviceWorkers });
  // The outside world (map tiles) is not reachable here: such requests are recorded and
  // answered with a blank tile, so pages behave as they would with a working basemap.
  await context.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http"),
    (route) => route.fulfill({ status: 200, contentType: "image/png", body: BLANK_TILE }),
  );
  const consoleErrors: string[] = [];
  const outsideRequests: string[] = [];
  context.on("page", (page) => {
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(String(error)));
    page.on("request", (request) => {
      const host = new URL(request.url()).hostname;
      if (
        !["127.0.0.1", "localhost"].includes(host) &&
        !request.url().startsWith("data:") &&
        !request.url().startsWith("blob:")
      ) {
        outsideRequests.push(request.url());
      }
    });
  });
  return { context, consoleErrors, outsideRequests };
}

/**
 * Opens a page and waits until it is live: public pages arrive rendered by the server and
 * take their code a moment later, as a family's phone would see them.
 */
export async function gotoLive(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-live]").waitFor({ state: "attached" });
  // Each form turns live as its part of the page is hydrated, a moment after the page's code
  // started (LiveFieldset), and so does a list's « Filtres » button (loading): until then they
  // are disabled and dimmed, and they brighten when live.
  await page.waitForFunction(() => document.querySelector('fieldset[aria-busy="true"], button[data-loading]') === null);
  return response;
}

/** Signs in through the login page; with `expectMenu`, waits until the account menu shows and the page went home. */
export async function signIn(
  page: Page,
  url: string,
  account: { email: string; password: string },
  expectMenu = false,
) {
  await gotoLive(page, `${url}/connexion`);
  await page.getByRole("heading", { level: 1, name: "Se Connecter" }).waitFor();
  await page.getByLabel("Adresse e-mail").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: false }).first().fill(account.password);
  await page.getByRole("button", { name: "Connexion" }).click();
  if (expectMenu) {
    await page.getByRole("button", { name: /Mon compte/ }).waitFor();
    // The login page then goes home: a navigation made before that would be undone by it.
    await page.waitForURL((address) => address.pathname !== "/connexion");
  }
}

/** Follows the set-password link of the last matching e-mail, as its recipient would, through the API. */
export async function setPasswordFromMail(
  url: string,
  mailbox: Mailbox,
  account: { email: string; password: string },
  subject: RegExp = /./,
) {
  const mail = await mailbox.waitFor((m) => m.to.includes(account.email) && subject.test(m.subject));
  const [, userId, token] = /changement-mot-de-passe\/([^/]+)\/([^/\s]+)/.exec(mail.text)!;
  const stored = await fetch(`${url}/api/users/store-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId, token, password: account.password }),
  });
  if (stored.status !== 200) throw new Error(`Mot de passe refusé : ${await stored.text()}`);
}

/** A REST client signed in as an account (its session cookie), for setting up what a test starts from. */
export async function restAs(url: string, credentials: { email: string; password: string }) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}

/**
 * A partner's account as the product makes one: the administrator creates it, the partner sets
 * a password from the e-mail. Answers the account's id.
 */
export async function createPartner(
  url: string,
  mailbox: Mailbox,
  admin: { email: string; password: string },
  partner: { email: string; password: string; name: string; surname: string; role: "NEWS_PARTNER" | "FULL_PARTNER" },
): Promise<string> {
  const rest = await restAs(url, admin);
  const created = await rest("POST", "/api/users/add", {
    name: partner.name,
    surname: partner.surname,
    email: partner.email,
    phone: "05 59 00 11 22",
    role: partner.role,
    networks: [],
  });
  expect(created.status).toBe(201);
  await setPasswordFromMail(url, mailbox, partner);
  return created.body.id as string;
}

/** What the page's main region shows, for an error that must say where a journey stopped. */
async function mainText(page: Page) {
  return page
    .locator("main")
    .innerText({ timeout: 1000 })
    .catch(() => "(pas de <main>)");
}

/**
 * Chooses an item of « Mon compte » and waits for what it shows (`shown`). Should it not show,
 * the error says where the browser is, whether the menu is still open and what the main region
 * shows: with two journeys side by side on a loaded machine, an administration page once and a
 * sign-out notice once never came, and the cause is not known yet.
 */
async function chooseInAccountMenu(page: Page, item: string, shown: Locator) {
  await page.getByRole("button", { name: /Mon compte/ }).click();
  const choice = page.getByRole("menuitem", { name: item });
  await choice.waitFor();
  // Pressed once the menu has finished opening: under load a press during its animation was
  // lost (the menu stayed open, nothing chosen).
  await animationsSettled(page);
  await choice.click();
  try {
    await shown.waitFor();
  } catch (error) {
    const menuOpen = await page
      .getByRole("menu")
      .isVisible()
      .catch(() => false);
    const main = await mainText(page);
    throw new Error(
      `${(error as Error).message}\naddress: ${page.url()}\nmenu open: ${menuOpen}\nmain: ${main.slice(0, 1000)}`,
      { cause: error },
    );
  }
}

/** Opens an administration page from « Mon compte », as an administrator does, and waits for its heading. */
export const openFromAccountMenu = (page: Page, item: string, heading = item) =>
  chooseInAccountMenu(page, item, page.getByRole("heading", { level: 1, name: heading }));

/** Signs out from « Mon compte » and waits for the notice. */
export const signOutFromAccountMenu = (page: Page) =>
  chooseInAccountMenu(page, "Déconnexion", page.getByText("Vous avez été déconnecté"));

/**
 * Waits until `probe` answers something other than null, at most `timeout` ms. A busy CI machine
 * runs several browsers at once, so the wait is generous; should it still run out, the error says
 * what the page showed (its address, its main region, its console) instead of « expected null ».
 */
export async function untilShown<T>(page: Page, probe: () => Promise<T | null>, timeout: number, log: string[] = []) {
  let last: T | null = null;
  try {
    await expect.poll(async () => (last = await probe()), { timeout, interval: 250 }).not.toBeNull();
  } catch (error) {
    const main = await mainText(page);
    throw new Error(
      `${(error as Error).message}\naddress: ${page.url()}\nmain: ${main.slice(0, 2000)}\nconsole: ${log.join(" | ")}`,
      { cause: error },
    );
  }
  return last as T;
}

/** The WCAG 2.1 A and AA rules axe checks. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Waits for the page's running animations and transitions that end (a toast or a card fading in),
 * at most 2 s: axe reads colours as they are painted, and a half-faded text fails contrast.
 * Endless ones (spinners) are not waited for.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.playState === "running")
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/**
 * Waits until what the last action scheduled is on screen: two animation frames (React renders
 * a discrete event's update before the next paint), then the animations it started. Used before
 * checking that something did not happen (a toast not doubled, a field not rewritten).
 */
export async function painted(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await animationsSettled(page);
}

/** Waits until the elements `selector` matches have not moved for three frames (a map easing). */
export async function stoppedMoving(page: Page, selector: string) {
  await page.evaluate(
    (selector) =>
      new Promise<void>((resolve) => {
        let last = "";
        let still = 0;
        const look = () => {
          const boxes = [...document.querySelectorAll(selector)]
            .map((element) => {
              const { x, y } = element.getBoundingClientRect();
              return `${Math.round(x)},${Math.round(y)}`;
            })
            .join(" ");
          still = boxes === last ? still + 1 : 0;
          last = boxes;
          if (still >= 3) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    selector,
  );
}

/** An open modal dialog or drawer: while one is, the page beneath is inert (Ark hides it). */
const OPEN_MODAL =
  "[role=dialog][aria-modal=true][data-state=open], [role=alertdialog][aria-modal=true][data-state=open]";

/**
 * Fails with the list of axe's violations on the page, if any, each with the elements it names;
 * `where` says which page and screen, when a loop checks many. Axe reads the page once its text
 * editors (loaded apart, a placeholder until then) are in place and its animations have ended.
 * While a modal dialog is open, axe reads the dialog: what lies beneath is hidden from assistive
 * technologies and out of reach (the route sweeps read it), and its colours, seen through the
 * backdrop, are not what anyone reads.
 */
export async function noAxeViolation(page: Page, where?: string) {
  await page.locator('[aria-label="Chargement de l\'éditeur"]').first().waitFor({ state: "detached" });
  await animationsSettled(page);
  const axe = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if ((await page.locator(OPEN_MODAL).count()) > 0) axe.include(OPEN_MODAL);
  const result = await axe.analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`),
    where,
  ).toEqual([]);
}

/** Fills the identity of a service sheet in its dialog, and ticks one type and one age. */
export async function fillServiceSheet(
  dialog: Locator,
  sheet: { name: string; manager: string; email: string; phone: string; town: string; type: string; age: string },
) {
  await dialog.getByLabel("Nom de la structure").fill(sheet.name);
  await dialog.getByLabel("Gestionnaire").fill(sheet.manager);
  await dialog.getByLabel("E-mail").fill(sheet.email);
  await dialog.getByLabel("Téléphone fixe").fill(sheet.phone);
  await dialog.getByLabel("Commune").selectOption({ label: sheet.town });
  await dialog
    .getByRole("group", { name: /Types de service/ })
    .getByText(sheet.type, { exact: true })
    .click();
  await dialog
    .getByRole("group", { name: /Tranches d'âge/ })
    .getByText(sheet.age)
    .click();
}
