import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EPortal, gotoLive, launchBrowser, newContext, startBuiltPortal } from "./portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };
const HOOK = "window.__xss = (window.__xss || 0) + 1";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e50000000049454e44ae426082",
  "hex",
);

/** A REST client signed in as the administrator. */
async function adminClient(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  return async (method: string, path: string, body?: unknown) => {
    const form = body instanceof FormData;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body && !form ? { "content-type": "application/json" } : {}) },
      body: form ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
}

describe("hostile articles are stored and shown inert", () => {
  let portal: E2EPortal;
  let browser: Browser;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([
      startBuiltPortal("xss", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it("runs no script from the title, the body, links, images or file names", async () => {
    const api = await adminClient(portal.url);
    const form = new FormData();
    form.append("file", new Blob([PNG]), `"><img src=x onerror="${HOOK}">.png`);
    const upload = await api("POST", "/api/upload", form);
    expect(upload.status).toBe(200);

    const created = await api("POST", "/api/media/add", {
      title: `<img src=x onerror="${HOOK}"><script>${HOOK}</script>`,
      article: {
        ops: [
          { insert: `<script>${HOOK}</script> <img src=x onerror="${HOOK}">\n` },
          { insert: "lien piégé", attributes: { link: `javascript:${HOOK}`, onclick: HOOK } },
          { insert: "\n" },
          { insert: { image: `javascript:${HOOK}` } },
          { insert: { image: "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" } },
          { insert: { video: `javascript:${HOOK}` } },
          { insert: { image: upload.body.link } },
          { insert: "\n" },
        ],
      },
      description: `<svg onload="${HOOK}">`,
      categories: ["new"],
      ages: ["FAMMILY"],
      thematic: ["HOUSING"],
      files: [{ path: upload.body.link, name: `<img src=x onerror="${HOOK}">.png`, type: "text/html" }],
    });
    expect(created.status).toBe(201);
    const id = created.body as string;

    const { context, consoleErrors } = await newContext(browser);
    const page = await context.newPage();
    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs++;
      await dialog.dismiss();
    });
    for (const path of ["/", `/actualites/${id}`]) {
      await gotoLive(page, `${portal.url}${path}`);
      await page.getByText("<script>", { exact: false }).first().waitFor();
    }
    // The markup is shown as text, the unsafe link is plain text, the upload is an image.
    await page.getByText("lien piégé").waitFor();
    expect(await page.locator("a[href^='javascript:']").count()).toBe(0);
    expect(await page.locator("article img[src^='javascript:'], article img[src^='data:']").count()).toBe(0);
    expect(await page.locator(`article img[src='${upload.body.link}']`).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
});
