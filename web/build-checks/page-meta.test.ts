// What search engines and link previews read in the HTML the server sends, without JavaScript:
// title, description, canonical URL, Open Graph and Twitter tags, schema.org data, noindex.
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EPortal, startBuiltPortal } from "../e2e/portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };

interface Head {
  status: number;
  title: string;
  description: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Array<Record<string, any>>;
  html: string;
}

describe("pages described for search engines and link previews", () => {
  let portal: E2EPortal;
  let cookie = "";

  beforeAll(async () => {
    portal = await startBuiltPortal("meta", {
      DEMO_CONTENT: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const login = await fetch(`${portal.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    cookie = login.headers.get("set-cookie")!.split(";")[0];
  });
  afterAll(() => portal?.stop());

  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${portal.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data: any; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const firstOf = async (categories: string[]) =>
    (
      await graphql(
        `
          query ($input: MediaSearchInput!) {
            mediaSearch(input: $input) {
              results {
                id
                title
                description
                mainPicture
                eventFrom
              }
            }
          }
        `,
        { input: { categories, page: 0, pageSize: 1 } },
      )
    ).mediaSearch.results[0];

  /** The size a PNG says in its header (bytes 16–23), after checking it is one. */
  const pngSize = async (url: string) => {
    const response = await fetch(url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  };

  /** The head of a page as a visitor's plain HTTP client gets it. */
  async function head(path: string): Promise<Head> {
    const response = await fetch(`${portal.url}${path}`);
    const html = await response.text();
    const document = parse(html);
    const content = (selector: string) => document.querySelector(selector)?.getAttribute("content");
    const tags = (attribute: string, prefix: string) =>
      Object.fromEntries(
        document
          .querySelectorAll(`meta[${attribute}^="${prefix}"]`)
          .map((tag) => [tag.getAttribute(attribute)!.slice(prefix.length), tag.getAttribute("content")!]),
      );
    return {
      status: response.status,
      title: document.querySelector("title")?.text ?? "",
      description: content('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
      robots: content('meta[name="robots"]'),
      og: tags("property", "og:"),
      twitter: tags("name", "twitter:"),
      jsonLd: document
        .querySelectorAll('script[type="application/ld+json"]')
        .map((script) => JSON.parse(script.textContent) as Record<string, any>),
      html,
    };
  }

  /** What every described item page carries, the same in Open Graph and Twitter tags. */
  function expectDescribed(page: Head, path: string, title: string) {
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${title} – Portail parentalité`);
    expect(page.description!.length).toBeGreaterThan(20);
    expect(page.description!.length).toBeLessThanOrEqual(160);
    expect(page.canonical).toBe(`${portal.url}${path}`);
    expect(page.og).toMatchObject({
      title: page.title,
      description: page.description,
      url: page.canonical,
      site_name: "Portail parentalité",
      locale: "fr_FR",
    });
    expect(page.og.image).toMatch(new RegExp(`^${portal.url}/`));
    expect(page.twitter).toMatchObject({ card: "summary_large_image", image: page.og.image, title: page.title });
    expect(page.robots).toBeUndefined();
    expect(page.jsonLd).toHaveLength(1);
    const [data] = page.jsonLd;
    expect(data["@context"]).toBe("https://schema.org");
    expect(data.url).toBe(page.canonical);
    return data;
  }

  it("describes an event, a news item and a resource with their own text, picture and schema.org type", async () => {
    const event = await firstOf(["EVENT"]);
    const eventPage = await head(`/actualites/${event.id}`);
    const eventData = expectDescribed(eventPage, `/actualites/${event.id}`, event.title);
    // An Event needs a name, a start date and a place with an address.
    expect(eventData).toMatchObject({ "@type": "Event", name: event.title, startDate: event.eventFrom });
    expect(eventData.location).toMatchObject({ "@type": "Place", address: expect.any(String) });
    expect(eventData.location.address.length).toBeGreaterThan(2);

    const news = await firstOf(["NEW"]);
    const newsData = expectDescribed(await head(`/actualites/${news.id}`), `/actualites/${news.id}`, news.title);
    // An article needs a headline, a publication date and an author; its picture when it has one.
    expect(newsData).toMatchObject({ "@type": "NewsArticle", headline: news.title.slice(0, 110) });
    expect(Date.parse(newsData.datePublished)).not.toBeNaN();
    expect(newsData.author).toMatchObject({ "@type": "Organization", name: "Portail parentalité" });
    // Its picture, or the card drawn with its title.
    expect(newsData.image).toEqual([
      news.mainPicture ? `${portal.url}${news.mainPicture}` : `${portal.url}/cartes/articles/${news.id}.png`,
    ]);
    expect(await pngSize(`${portal.url}/cartes/articles/${news.id}.png`)).toEqual([1200, 630]);

    const resource = await firstOf(["RESOURCE"]);
    const resourcePage = await head(`/ressources/${resource.id}`);
    const resourceData = expectDescribed(resourcePage, `/ressources/${resource.id}`, resource.title);
    expect(resourceData["@type"]).toBe("Article");
    // Opened under the news (an old link, or a news item made a resource): one canonical address.
    const elsewhere = await head(`/actualites/${resource.id}`);
    expect(elsewhere.canonical).toBe(`${portal.url}/ressources/${resource.id}`);
    expect(elsewhere.og.url).toBe(elsewhere.canonical);
    if (resource.description)
      expect(resource.description.startsWith(resourcePage.description!.replace(/…$/, ""))).toBe(true);
  });

  it("describes a service as a place with its address, position and telephone", async () => {
    const { services } = await graphql(`
      {
        services(input: { types: [CRECHE], page: 0, pageSize: 1 }) {
          results {
            id
            serviceName
            zip
            city
            phone
            location {
              lat
              lon
            }
          }
        }
      }
    `);
    const service = services.results[0];
    const page = await head(`/services/${service.id}`);
    const data = expectDescribed(page, `/services/${service.id}`, service.serviceName);
    expect(data).toMatchObject({
      "@type": "ChildCare",
      name: service.serviceName,
      address: {
        "@type": "PostalAddress",
        postalCode: service.zip,
        addressLocality: service.city,
        addressCountry: "FR",
      },
      telephone: service.phone,
    });
    if (service.location)
      expect(data.geo).toMatchObject({ latitude: service.location.lat, longitude: service.location.lon });
    // Its preview is the card the server draws with its name: a 1200 × 630 PNG.
    expect(page.og.image).toBe(`${portal.url}/cartes/services/${service.id}.png`);
    expect(page.og).toMatchObject({ "image:width": "1200", "image:height": "630" });
    expect(await pngSize(page.og.image)).toEqual([1200, 630]);
  });

  it("gives the portal's own card to a page without a picture, and a canonical URL without the list's filters", async () => {
    const list = await head("/services?q=creche&ages=PETITE_ENFANCE");
    expect(list.canonical).toBe(`${portal.url}/services`);
    expect(list.og.image).toBe(`${portal.url}/carte-portail.png`);
    expect(list.og).toMatchObject({ "image:width": "1200", "image:height": "630" });
    expect(await pngSize(list.og.image)).toEqual([1200, 630]);
  });

  it("names the web-app manifest, the home-screen icon and the browser's colour on every page", async () => {
    for (const path of ["/", "/services", "/qui-sommes-nous", "/profil"]) {
      const document = parse((await head(path)).html);
      expect(document.querySelector('link[rel="manifest"]')?.getAttribute("href"), path).toBe("/manifest.webmanifest");
      expect(document.querySelector('meta[name="theme-color"]')?.getAttribute("content"), path).toBe("#1d4f91");
      const touchIcon = document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute("href");
      expect(touchIcon, path).toBe("/icons/apple-touch-icon.png");
      expect(await pngSize(`${portal.url}${touchIcon}`)).toEqual([180, 180]);
    }
    const manifest = await fetch(`${portal.url}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ name: "Portail parentalité", start_url: "/", lang: "fr" });
  });

  it("answers 404 for a reserved article or a draft, with nothing of its title, and keeps sign-in and partner pages out of search engines", async () => {
    const created = await graphql(
      `
        mutation ($input: MediaInput!) {
          createMedia(input: $input) {
            id
          }
        }
      `,
      {
        input: {
          title: "Réunion interne des relais secrète",
          article: JSON.stringify({ ops: [{ insert: "Ordre du jour confidentiel.\n" }] }),
          categories: ["NEW"],
          ages: ["PETITE_ENFANCE"],
          thematics: ["PARENT_CHILD_RELATIONSHIPS"],
          networks: ["RPE"],
        },
      },
    );
    const draft = await graphql(
      `
        mutation ($input: MediaInput!) {
          createMedia(input: $input) {
            id
          }
        }
      `,
      {
        input: {
          title: "Brouillon de l'atelier caché",
          article: JSON.stringify({ ops: [{ insert: "Pas encore prêt.\n" }] }),
          categories: ["NEW"],
          ages: ["PETITE_ENFANCE"],
          thematics: ["PARENT_CHILD_RELATIONSHIPS"],
          publication: "DRAFT",
        },
      },
    );
    for (const [id, secret] of [
      [created.createMedia.id, "secrète"],
      [draft.createMedia.id, "caché"],
    ]) {
      const page = await head(`/actualites/${id}`);
      expect(page.status).toBe(404);
      expect(page.html).not.toContain(secret);
      expect(page.robots).toBe("noindex");
      expect(page.canonical).toBeUndefined();
      expect(page.jsonLd).toEqual([]);
      expect(page.og).toEqual({});
      // No preview card of it either.
      expect((await fetch(`${portal.url}/cartes/articles/${id}.png`)).status).toBe(404);
    }
    for (const path of ["/connexion", "/profil", "/gestion-utilisateurs", "/demande-changement-mot-de-passe"]) {
      expect((await head(path)).robots, path).toBe("noindex");
    }
    expect((await head("/actualites")).robots).toBeUndefined();
  });
});
