import { type ApolloServer } from "@apollo/server";
import { type NextFunction, type Request, type Response, Router } from "express";
import expressStaticGzip from "express-static-gzip";
import { type ServerResponse } from "node:http";
import { type Config } from "../../config";
import { type Context } from "../../context";
import { isDatabaseUnreachable, logDatabaseOutage } from "../../db/outage";
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from "../../errors";
import { logger } from "../../logger";
import { readCookie, SESSION_COOKIE } from "../../modules/auth/http-session";
import { feedLinks } from "../../modules/feeds/feeds";
import type { GeoService } from "../../modules/geo/geo.service";
import { PORTAL_DESCRIPTION, PORTAL_NAME } from "../../shared/rules";
import { type PageMeta, pageHead } from "./page-head";
import { placeLinkTarget } from "./place-link";
import { type PageResult, type WebBuild } from "./web-build";

/** A page that takes longer than this to render on the server is sent as the shell instead. */
const RENDER_TIMEOUT_MS = 5000;

const DEFAULT_TITLE = "Portail parentalité";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON that cannot close the <script type="application/json"> block it sits in. */
const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * Hashed build files never change under their name; everything else is checked again. The
 * service worker (or its precompressed copy) is asked for at every check for a new version:
 * never from a cache.
 */
function cacheHeaders(res: ServerResponse, path: string) {
  if (/[\\/]assets[\\/]/.test(path)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  else if (/[\\/]sw\.js(\.br|\.gz)?$/.test(path)) res.setHeader("Cache-Control", "no-cache");
  else res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
}

/** Whether the request carries a session (valid or not: the page is not kept either way). */
const carriesSession = (req: Request) => readCookie(req.headers.cookie, SESSION_COOKIE) !== null;

/** The page a phone gets while the database is out of reach: small, readable, without scripts. */
const unavailablePage = (retryHref: string) => `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Service momentanément indisponible – ${escapeHtml(DEFAULT_TITLE)}</title>
    <style>
      body { margin: 0; padding: 2rem 1rem; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a202c; background: #f7fafc; }
      main { max-width: 34rem; margin: 0 auto; padding: 1.5rem; background: #fff; border: 1px solid #cbd5e0; border-radius: 0.5rem; }
      h1 { margin: 0 0 0.75rem; font-size: 1.375rem; }
      a { display: inline-block; margin-top: 0.5rem; padding: 0.75rem 1.25rem; border-radius: 0.375rem; background: #2b6cb0; color: #fff; font-weight: 600; text-decoration: none; }
      a:focus-visible { outline: 3px solid #1a202c; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <h1>Service momentanément indisponible</h1>
      <p>${escapeHtml(DATABASE_UNAVAILABLE_MESSAGE)}</p>
      <a href="${escapeHtml(retryHref)}">Réessayer</a>
    </main>
  </body>
</html>
`;

interface WebAppDeps {
  build: WebBuild;
  config: Config;
  apollo: ApolloServer<Context>;
  buildContext: (req: Request, res: Response) => Promise<Context>;
  /** Finds the town a services link names in words (`/services?ou=Lescar`). */
  geo: Pick<GeoService, "townNamedInText">;
}

/**
 * The web: built files (precompressed, immutable when hashed) and the pages. Public
 * pages are rendered on the server with their data; signed-in pages get the shell.
 */
export function webApp({ build, config, apollo, buildContext, geo }: WebAppDeps): Router {
  const router = Router();
  router.use(
    expressStaticGzip(build.dist, {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { index: false, setHeaders: cacheHeaders },
    }),
  );
  // A missing build file is a 404, never the application shell.
  router.use("/assets", (_req, res) => {
    res.status(404).type("text/plain").send("Fichier introuvable.");
  });

  const { template } = build;
  const sendHtml = (req: Request, res: Response, status: number, head: string, html = "", state = "") => {
    res.status(status);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // The page depends on who is signed in: never kept by a shared cache, and a signed-in
    // person's page not even by the browser nor by the portal's service worker, which keeps
    // visitors' pages for reading offline and cannot see the (httpOnly) session cookie.
    res.setHeader("Cache-Control", carriesSession(req) ? "private, no-store" : "private, no-cache");
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    res.send(template.beforeHead + head + template.afterHead + html + template.afterHtml + state + template.afterState);
  };
  const head = (req: Request, title: string, meta: PageMeta | null, noindex: boolean) =>
    pageHead({
      title,
      description: PORTAL_DESCRIPTION,
      meta,
      path: new URL(req.originalUrl, config.publicUrl).pathname,
      publicUrl: config.publicUrl,
      siteName: PORTAL_NAME,
      noindex,
    });
  // The chunks a page needs, for web/src/boot.ts to fetch once the page is painted.
  const chunksMeta = (modules: string[]) =>
    `<meta name="portail:chunks" content="${build.preloads(modules).join(" ")}" />`;
  // The shell: partner and administration pages (kept out of search engines), or a page that could not be rendered.
  const sendShell = (req: Request, res: Response, noindex: boolean) =>
    sendHtml(req, res, 200, `${head(req, DEFAULT_TITLE, null, noindex)}\n    ${chunksMeta([])}`);
  // The database is out of reach: say so at once, in a page that needs nothing more to load,
  // with the status and Retry-After that tell proxies and search engines it is temporary.
  const sendUnavailable = (req: Request, res: Response) => {
    const url = new URL(req.originalUrl, config.publicUrl);
    const retryHref = `/${`${url.pathname}${url.search}`.replace(/^\/+/, "")}`;
    res.status(503);
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.send(unavailablePage(retryHref));
  };

  /** Renders the page; `seen.outage` tells whether one of its operations met the database outage. */
  const render = async (req: Request, res: Response, seen: { outage: boolean }): Promise<PageResult | null> => {
    if (!build.render) return null;
    const context = await buildContext(req, res);
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    return build.render({
      url: new URL(req.originalUrl, config.publicUrl).toString(),
      signal,
      execute: async ({ query, variables, operationName }) => {
        const response = await apollo.executeOperation({ query, variables, operationName }, { contextValue: context });
        // Set by the databaseOutageStatus plugin (graphql-errors.ts).
        if (response.http.status === 503) seen.outage = true;
        if (response.body.kind !== "single") throw new Error("unexpected incremental GraphQL answer");
        const { data, errors } = response.body.singleResult;
        return { data, errors };
      },
    });
  };

  router.get(/.*/, async (req: Request, res: Response, next: NextFunction) => {
    let page: PageResult | null;
    const seen = { outage: false };
    try {
      // The services or events near a town named in words: the address with its position.
      const placed = await placeLinkTarget(new URL(req.originalUrl, config.publicUrl), geo);
      if (placed) return res.redirect(302, placed);
      page = await render(req, res, seen);
    } catch (error) {
      if (res.headersSent) return next(error);
      if (seen.outage || isDatabaseUnreachable(error)) {
        logDatabaseOutage("page", error);
        return sendUnavailable(req, res);
      }
      logger.error("web.render_failed", { path: req.path, error: String(error) });
      page = null;
    }
    // A page whose data the database could not give is not sent half-empty.
    if (seen.outage) return sendUnavailable(req, res);
    if (!page || page.kind === "client-only") return sendShell(req, res, page?.kind === "client-only");
    if (page.kind === "redirect") return res.redirect(page.status, page.location);
    // The picture a phone shows first goes before the scripts.
    const lead = page.leadImage
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(page.leadImage)}" />\n    `
      : "";
    const url = new URL(req.originalUrl, config.publicUrl);
    const feeds = feedLinks(url.pathname, url.search, PORTAL_NAME);
    // A page that is not found (or gone) stays out of search engines, and says nothing of the item.
    const described = head(
      req,
      page.title ?? DEFAULT_TITLE,
      page.status === 200 ? page.meta : null,
      page.status !== 200 || page.noindex,
    );
    const headHtml = `${described}\n    ${page.styles}\n    ${lead}${feeds ? `${feeds}\n    ` : ""}${chunksMeta(page.modules)}`;
    // A page not found is rendered again by the browser rather than taken over: the browser's cache
    // cannot hold the error the server met, so it would draw something else and repaint (React #418).
    const state =
      page.status === 200
        ? `<script type="application/json" id="etat-initial">${jsonForHtml(page.state)}</script>`
        : "";
    sendHtml(req, res, page.status, headHtml, page.html, state);
  });
  return router;
}
