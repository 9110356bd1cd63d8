// How the built portal delivers its pages and files, as a plain HTTP client sees them:
// compression, caching, server-rendered HTML, statuses.
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EPortal, startBuiltPortal } from "../e2e/portal";

const ADMIN = { email: "admin@example.org", password: "Admin-Secret-1" };

describe("delivery of pages and files", () => {
  let portal: E2EPortal;
  beforeAll(async () => {
    portal = await startBuiltPortal("delivery", {
      DEMO_CONTENT: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(() => portal?.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${portal.url}${path}`, { headers: { "accept-encoding": "identity", ...headers }, redirect: "manual" });
  /** The bytes as sent, and the headers (fetch would decompress the body itself). */
  const raw = (path: string, encoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      httpGet(`${portal.url}${path}`, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
  const graphql = (query: string, encoding = "br, gzip") =>
    fetch(`${portal.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": encoding },
      body: JSON.stringify({ query }),
    });

  it("sends the built scripts precompressed by Accept-Encoding, immutable, with Vary", async () => {
    const html = await (await get("/qui-sommes-nous")).text();
    const script = /<meta name="portail:chunks" content="[^"]*(\/assets\/framework-[^" ]+\.js)/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = await raw(script!, "identity");
    const brotli = await raw(script!, "gzip, deflate, br");
    const gzip = await raw(script!, "gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const { headers } of [plain, brotli, gzip]) {
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(headers["vary"]).toMatch(/Accept-Encoding/i);
      expect(headers["content-type"]).toMatch(/javascript/);
    }
    expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 3);
    // A build file that does not exist is a 404, not the application.
    expect((await get("/assets/nimporte-quoi.js")).status).toBe(404);
  });

  it("compresses GraphQL answers of some size, and leaves small ones alone", async () => {
    const big = await graphql(`
      {
        townGroups {
          epci
          towns {
            inseeCode
            city
            postcodes
            fullAddress
          }
        }
      }
    `);
    expect(big.headers.get("content-encoding")).toBe("br");
    expect(big.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(JSON.stringify(await big.json()).length).toBeGreaterThan(10_000);
    const gzip = await graphql(
      `
        {
          townGroups {
            epci
            towns {
              city
            }
          }
        }
      `,
      "gzip",
    );
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const small = await graphql(`
      {
        department {
          code
        }
      }
    `);
    expect(small.headers.get("content-encoding")).toBeNull();
    // The REST adapter too.
    const search = await fetch(`${portal.url}/api/services/search`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "br" },
      body: JSON.stringify({ pageSize: 15 }),
    });
    expect(search.headers.get("content-encoding")).toBe("br");
  });

  it("renders public pages on the server: content without JavaScript, revalidated, compressed", async () => {
    const response = await get("/services", { "accept-encoding": "br" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const page = await (await get("/services")).text();
    expect(page).toContain("<title>Lieux, offres de partenaires – Portail parentalité</title>");
    // The cards are in the HTML, with the data the browser starts from.
    expect(page.match(/\[Exemple\] /g)?.length).toBeGreaterThanOrEqual(15);
    expect(page).toMatch(/<script type="application\/json" id="etat-initial">\{"ROOT_QUERY"/);
    // No inline script: the Content-Security-Policy allows none.
    expect(page.match(/<script(?![^>]*(type="module"|type="application\/json"))[^>]*>/g)).toBeNull();
  });

  it("carries a page's styles in one element of its head, none beside the markup", async () => {
    for (const path of ["/", "/services", "/qui-sommes-nous"]) {
      const page = await (await get(path)).text();
      const [head, body] = page.split("</head>");
      const styles = head.match(/<style data-styles="([^"]*)">([\s\S]*?)<\/style>/);
      expect(styles, path).not.toBeNull();
      // The element names its rules, for the browser's style cache to know them as written: every
      // class of the markup is among them, and its rule in the element.
      const names = new Set(styles![1].split(" "));
      const used = new Set([...body.matchAll(/\bcss-([a-z0-9]+)/g)].map((match) => match[1]));
      expect(used.size, path).toBeGreaterThan(10);
      for (const name of used) {
        expect(names.has(name), `${path}: ${name}`).toBe(true);
        expect(styles![2], `${path}: ${name}`).toContain(`.css-${name}`);
      }
      expect(body, path).not.toMatch(/<style/);
    }
  });

  it("answers 404 for what does not exist, redirects old paths, and sends the shell for partner pages", async () => {
    for (const path of ["/nimporte-quoi", "/actualites/inconnu", "/services/inconnu", "/ressources/a/b"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page introuvable");
    }
    // A list page past the end (an old link): 404 and out of search engines, with the way back.
    const pastEnd = await get("/actualites?page=99");
    expect(pastEnd.status).toBe(404);
    const pastEndPage = await pastEnd.text();
    expect(pastEndPage).toContain('<meta name="robots" content="noindex"');
    expect(pastEndPage).toMatch(/Cette page n&#x27;existe pas : la liste s&#x27;arrête à la page \d+\./);
    expect(pastEndPage).toMatch(/href="\/actualites\?page=\d+"[^>]*>Aller à la dernière page</);
    // The first page of the same list is a page of its own.
    const first = await get("/actualites?page=1");
    expect(first.status).toBe(200);
    expect(await first.text()).not.toContain('content="noindex"');
    const old = await get("/connection");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/connexion");
    const profile = await get("/profil");
    expect(profile.status).toBe(200);
    expect(await profile.text()).toMatch(/<div id="root"><\/div>/);
  });

  it("answers a services link naming a town in words with the services around it", async () => {
    // As a partner's site may write it: the town's name in any case, the filters kept.
    const named = await get("/services?ou=lescar&types=CRECHE");
    expect(named.status).toBe(302);
    const location = named.headers.get("location")!;
    expect(location).toBe("/services?ou=Lescar&types=CRECHE&lat=43.34051&lon=-0.42820");
    const page = await (await get(location)).text();
    // The « Où ? » field says the town, and the cards say how far they are.
    expect(page).toMatch(/<input[^>]*value="Lescar"/);
    expect(page).toMatch(/à (\d+(,\d)? km|\d+ m|moins de 100 m)/);
    // A postcode several towns share leaves the choice to the field: the list as before.
    expect((await get("/services?ou=64230")).status).toBe(200);
  });

  it("keeps a hostile title inside the page's data", async () => {
    const login = await fetch(`${portal.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const hostile = `</script><script>alert("x")</script><!--`;
    const created = await fetch(`${portal.url}/api/media/add`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        title: hostile,
        article: { ops: [{ insert: "Texte\n" }] },
        categories: ["resource"],
        ages: ["ENFANCE"],
        thematic: ["HOUSING"],
      }),
    });
    expect(created.status).toBe(201);
    const id = (await created.json()) as string;
    const page = await (await get(`/ressources/${id}`)).text();
    expect(page).not.toContain(hostile);
    expect(page).not.toContain('<script>alert("x")');
    expect(page).toContain("\\u003c/script>\\u003cscript>alert");
  });

  it("serves the service worker never from a cache, and signed-in pages for no cache at all", async () => {
    for (const encoding of ["identity", "br"]) {
      const worker = await raw("/sw.js", encoding);
      expect(worker.headers["content-type"]).toMatch(/javascript/);
      expect(worker.headers["cache-control"]).toBe("no-cache");
    }
    const manifest = await get("/manifest.webmanifest");
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    // The service worker keeps visitors' pages (private, no-cache: the browser's own); a page asked
    // with a session, whatever it shows, must be kept nowhere (docs/offline.md).
    expect((await get("/services")).headers.get("cache-control")).toBe("private, no-cache");
    const login = await fetch(`${portal.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    for (const path of ["/services", "/profil", "/gestion-utilisateurs", "/nimporte-quoi"]) {
      expect((await get(path, { cookie })).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("gives robots a plain robots.txt", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^User-agent: \*\nAllow: \//);
  });
});
