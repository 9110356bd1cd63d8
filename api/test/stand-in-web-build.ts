import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A stand-in for the web build (web/dist and web/dist-ssr): the page template, and a
 * renderer that, like the real one, runs its page's GraphQL operations through the
 * portal (home: the latest articles; « qui sommes-nous »: fixed lists only; profile:
 * rendered in the browser). What is under test is the portal's handling of pages.
 */
export function standInWebBuild(): string {
  const root = mkdtempSync(join(tmpdir(), "portail-outage-web-"));
  mkdirSync(join(root, "dist"));
  mkdirSync(join(root, "dist-ssr"));
  writeFileSync(
    join(root, "dist", "index.html"),
    `<!doctype html><html lang="fr"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>`,
  );
  writeFileSync(join(root, "dist-ssr", "package.json"), `{ "type": "module" }`);
  writeFileSync(
    join(root, "dist-ssr", "entry-server.js"),
    `export async function renderPage({ url, execute }) {
      const path = new URL(url).pathname;
      if (path === "/profil") return { kind: "client-only" };
      const query = path === "/qui-sommes-nous"
        ? "query About { referenceData { ages { value } } }"
        : "query Home { mediaSearch(input: { page: 0, pageSize: 5 }) { count } }";
      const { data, errors } = await execute({ query, variables: {}, operationName: undefined });
      const html = errors ? "<p>Le chargement a échoué.</p>" : "<main>page rendue " + JSON.stringify(data) + "</main>";
      return { kind: "page", status: 200, html, state: {}, title: "Accueil", modules: [], leadImage: null };
    }`,
  );
  return join(root, "dist");
}
