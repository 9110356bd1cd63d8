import { readFileSync } from "node:fs";
import { type AddressInfo } from "node:net";
import { join } from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { buildMedia, buildSheet } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { Category, Network } from "../reference/reference.data";
import { sitemapRouter, STATIC_PAGES } from "./sitemap";

const SCHEMAS = join(__dirname, "..", "..", "..", "test", "reference", "sitemaps");
const schema = (file: string) => readFileSync(join(SCHEMAS, file), "utf8");

/** libxml2's own validation of a document against one of the sitemaps.org schemas. */
async function expectValid(xml: string, xsd: "sitemap.xsd" | "siteindex.xsd") {
  const result = await validateXML({ xml: [{ fileName: "document.xml", contents: xml }], schema: [schema(xsd)] });
  expect(result.errors, xml.slice(0, 500)).toEqual([]);
  expect(result.valid).toBe(true);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe("sitemap.xml", () => {
  const t = useTestPortal();

  /** Public items, and items no visitor may see (reserved to a network, a draft, a scheduled article). */
  async function content() {
    const ds = t.portal.dataSource;
    const news = await buildMedia(ds, { title: "Fête du jeu", categories: [Category.NEW] });
    const resource = await buildMedia(ds, { title: "Guide des modes d'accueil", categories: [Category.RESOURCE] });
    const event = await buildMedia(ds, {
      title: "Atelier",
      categories: [Category.EVENT],
      eventFrom: new Date("2031-05-01"),
    });
    await buildMedia(ds, { title: "Réservé", networks: [Network.RPE] });
    await buildMedia(ds, { title: "Brouillon", published: false });
    await buildMedia(ds, { title: "Programmé", published: false, publishAt: new Date(Date.now() + 3_600_000) });
    const services = [
      await buildSheet(ds, { serviceName: "Crèche A" }),
      await buildSheet(ds, { serviceName: "RPE B" }),
    ];
    return { news, resource, event, services };
  }

  it("names every public page and item once, with its last change, valid against the sitemaps.org schemas", async () => {
    const { news, resource, event, services } = await content();
    const index = await t.rest("GET", "/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
    await expectValid(index.body, "siteindex.xsd");
    const files = locs(index.body);
    expect(files.map((url) => new URL(url).pathname)).toEqual([
      "/sitemaps/pages.xml",
      "/sitemaps/articles-1.xml",
      "/sitemaps/services-1.xml",
    ]);

    const listed: string[] = [];
    for (const file of files) {
      const part = await t.rest("GET", new URL(file).pathname);
      expect(part.status, file).toBe(200);
      await expectValid(part.body, "sitemap.xsd");
      listed.push(...locs(part.body));
      if (!file.endsWith("pages.xml")) expect(part.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
    }
    const origin = new URL(t.url).origin;
    expect(listed.map((url) => url.replace(/^https?:\/\/[^/]+/, "")).sort()).toEqual(
      [
        ...STATIC_PAGES,
        `/actualites/${news.id}`,
        `/actualites/${event.id}`,
        `/ressources/${resource.id}`,
        ...services.map((service) => `/services/${service.id}`),
      ].sort(),
    );
    expect(listed.every((url) => url.startsWith(origin) || url.startsWith("http://localhost"))).toBe(true);
    // robots.txt points to it.
    expect((await t.rest("GET", "/robots.txt")).body).toContain("Sitemap: ");
  });

  it("splits past its limit into files of that many URLs, each valid, and answers 404 past the last", async () => {
    const ds = t.portal.dataSource;
    const services = [];
    for (let index = 0; index < 5; index++) services.push(await buildSheet(ds, { serviceName: `Service ${index}` }));
    // The same router with a limit of 2 URLs per file (50,000 in the portal).
    const app = express().use(sitemapRouter(ds, "https://portail.example.fr", 2));
    const server = app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const index = await (await fetch(`${base}/sitemap.xml`)).text();
      await expectValid(index, "siteindex.xsd");
      const files = locs(index).filter((url) => url.includes("/services-"));
      expect(files).toEqual([1, 2, 3].map((part) => `https://portail.example.fr/sitemaps/services-${part}.xml`));
      const seen: string[] = [];
      for (const file of files) {
        const xml = await (await fetch(`${base}${new URL(file).pathname}`)).text();
        await expectValid(xml, "sitemap.xsd");
        expect(locs(xml).length).toBeLessThanOrEqual(2);
        seen.push(...locs(xml));
      }
      expect(seen.sort()).toEqual(
        services.map((service) => `https://portail.example.fr/services/${service.id}`).sort(),
      );
      expect((await fetch(`${base}/sitemaps/services-4.xml`)).status).toBe(404);
      expect((await fetch(`${base}/sitemaps/services-0.xml`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
