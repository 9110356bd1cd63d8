import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EPortal, gotoLive, launchBrowser, newContext, startBuiltPortal } from "./portal";

/** The chunks of the map libraries and of the components that load them. */
const MAP_CODE = /\/assets\/(maplibre-gl|mapbox-gl|MapView|ResultsMap|ResultsMapPanel)-[^/]+\.js$/;

describe("maps when the basemap does not answer", () => {
  let portal: E2EPortal;
  let browser: Browser;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([
      // Nothing listens on port 9 of this machine: the basemap is unreachable.
      startBuiltPortal("maps", { DEMO_CONTENT: "true", BASEMAP_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  let resourceUrl = "";
  const detailUrls = async () => {
    const answer = await fetch(`${portal.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `{ mediaSearch(input: { categories: [EVENT], pageSize: 1 }) { results { id } }
                  services(input: { pageSize: 1 }) { results { id } }
                  resources: mediaSearch(input: { categories: [RESOURCE], locations: ["Biarritz"], pageSize: 1 }) {
                    results { id } } }`,
      }),
    });
    const { data } = (await answer.json()) as {
      data: Record<"mediaSearch" | "services" | "resources", { results: { id: string }[] }>;
    };
    resourceUrl = `/ressources/${data.resources.results[0].id}`;
    return [`/actualites/${data.mediaSearch.results[0].id}`, `/services/${data.services.results[0].id}`];
  };

  it("downloads no map library on a detail page, and keeps the address and the route link", async () => {
    const { context, consoleErrors } = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    for (const path of await detailUrls()) {
      await gotoLive(page, `${portal.url}${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      // The whole page is scrolled through: a map would load when its frame came near. A page
      // already idle once passes « networkidle » at once: the map code gets 2 s to be asked for.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page
        .waitForRequest((request) => MAP_CODE.test(new URL(request.url()).pathname), { timeout: 2000 })
        .catch(() => null);
      // The place section at the bottom (an event also shows its place under its title).
      const place = page.getByRole("region", { name: "Lieu", exact: true });
      expect(await place.locator("address").textContent()).toMatch(/\d{5} /);
      expect(await place.getByRole("link", { name: /^Itinéraire/ }).getAttribute("href")).toMatch(
        /^https:\/\/www\.openstreetmap\.org\/directions\?to=/,
      );
      expect(await page.getByText("Carte du lieu").count()).toBe(0);
    }
    expect(requested.filter((path) => MAP_CODE.test(path))).toEqual([]);
    // A document about a town says the town, without a route to it (« Itinéraire vers [un guide] »).
    await gotoLive(page, `${portal.url}${resourceUrl}`);
    const place = page.getByRole("region", { name: "Lieu", exact: true });
    await place.getByText("Biarritz").waitFor();
    expect(await place.getByRole("link", { name: /^Itinéraire/ }).count()).toBe(0);
    // The news cards fall back to pictures, not to tiles of the unreachable basemap.
    await gotoLive(page, `${portal.url}/actualites`);
    await page.getByRole("heading", { level: 1, name: "Nouveautés, évènements" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(requested.filter((path) => path.endsWith(".png") && path.split("/").length > 3)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("offers no map on the services list, and says so once, on a phone and on a wide screen", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const { context, consoleErrors } = await newContext(browser, viewport);
      const page = await context.newPage();
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await gotoLive(page, `${portal.url}/services`);
      await page.locator("main a[href^='/services/']").first().waitFor();
      const note = page.getByText("La carte n'est pas disponible pour le moment", { exact: false });
      await note.waitFor();
      expect(await note.count(), `${viewport.width}px`).toBe(1);
      expect(await page.getByRole("button", { name: "Carte" }).count(), `${viewport.width}px`).toBe(0);
      expect(await page.getByRole("region", { name: "Carte des résultats" }).count(), `${viewport.width}px`).toBe(0);
      // Another search says it no more than once either.
      await gotoLive(page, `${portal.url}/services?types=CRECHE`);
      await page.locator("main a[href^='/services/']").first().waitFor();
      expect(await note.count(), `${viewport.width}px`).toBe(1);
      expect(
        requested.filter((path) => MAP_CODE.test(path)),
        `${viewport.width}px`,
      ).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
