import { type Request, type Response, Router } from "express";
import { type DataSource } from "typeorm";
import { logger } from "../../logger";
import { publicMediaCriteria } from "../../policies/media.policy";
import { publicSheetCriteria } from "../../policies/sheet.policy";
import { bitsOf } from "../common/bits";
import { Media } from "../media/media.entity";
import { Category } from "../reference/reference.data";
import { Sheet } from "../sheets/sheet.entity";

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_LIMIT = 50_000;
/** Rows read per query while a sitemap is written (the answer is streamed). */
const BATCH = 1000;

/** The public pages that are not items, as the router names them. */
export const STATIC_PAGES = [
  "/",
  "/actualites",
  "/ressources",
  "/services",
  "/qui-sommes-nous",
  "/que-propose-ce-portail",
  "/accessibilite",
  "/mentions-legales",
  "/conditions-generales-d-utilisation",
  "/donnees-ouvertes",
];

const RESOURCE_BIT = bitsOf(Object.values(Category), [Category.RESOURCE]);

interface Row {
  id: string;
  updatedAt: Date | string;
  categoryBits?: number;
}

/** What a sitemap lists: the items anyone may read, as the policies say it. */
const SOURCES = {
  articles: {
    entity: Media,
    where: publicMediaCriteria("i"),
    extra: ["categoryBits"],
    path: (row: Row) => `${(Number(row.categoryBits) & RESOURCE_BIT) !== 0 ? "/ressources" : "/actualites"}/${row.id}`,
  },
  services: {
    entity: Sheet,
    where: publicSheetCriteria("i"),
    extra: [],
    path: (row: Row) => `/services/${row.id}`,
  },
} as const;
type SourceName = keyof typeof SOURCES;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const lastmod = (value: Date | string) => {
  // SQLite answers the raw column (UTC, "YYYY-MM-DD HH:MM:SS"), MySQL a Date.
  const date = value instanceof Date ? value : new Date(`${String(value).replace(" ", "T")}Z`);
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
};

/**
 * `/sitemap.xml`: a sitemap index naming `/sitemaps/pages.xml` and, per 50,000 items,
 * `/sitemaps/articles-1.xml`, `/sitemaps/services-1.xml`… Each file is written as its rows
 * are read (keyset batches of 1,000), so that 100,000 items never sit in memory together.
 */
export function sitemapRouter(dataSource: DataSource, publicUrl: string, partSize = SITEMAP_LIMIT): Router {
  const router = Router();
  const count = async (name: SourceName) =>
    dataSource.getRepository(SOURCES[name].entity).createQueryBuilder("i").where(SOURCES[name].where).getCount();
  const send = (res: Response, body: string) => {
    res.type("application/xml; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.send(body);
  };

  router.get("/sitemap.xml", async (_req: Request, res: Response) => {
    const files = ["pages"];
    for (const name of Object.keys(SOURCES) as SourceName[]) {
      const parts = Math.ceil((await count(name)) / partSize);
      for (let part = 1; part <= parts; part++) files.push(`${name}-${part}`);
    }
    const entries = files.map(
      (file) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${file}.xml`)}</loc></sitemap>`,
    );
    send(
      res,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
    );
  });

  router.get("/sitemaps/pages.xml", (_req: Request, res: Response) => {
    const urls = STATIC_PAGES.map((path) => `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
    send(
      res,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    );
  });

  router.get(/^\/sitemaps\/(articles|services)-(\d+)\.xml$/, async (req: Request, res: Response) => {
    const name = req.params[0] as SourceName;
    const part = Number(req.params[1]);
    const source = SOURCES[name];
    const repository = dataSource.getRepository(source.entity);
    // The first id of the part (ids are read in order): a count tells where it starts.
    const first =
      part >= 1
        ? await repository
            .createQueryBuilder("i")
            .select("i.id", "id")
            .where(source.where)
            .orderBy("i.id", "ASC")
            .offset((part - 1) * partSize)
            .limit(1)
            .getRawOne<{ id: string }>()
        : undefined;
    if (!first) {
      res.status(404).type("text/plain").send("Plan du site introuvable.");
      return;
    }
    res.type("application/xml; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.write(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`);
    let written = 0;
    let after: string | null = null;
    try {
      while (written < partSize) {
        const query = repository.createQueryBuilder("i").select("i.id", "id").addSelect("i.updatedAt", "updatedAt");
        source.extra.forEach((column) => query.addSelect(`i.${column}`, column));
        query
          .where(source.where)
          .andWhere(after === null ? "i.id >= :first" : "i.id > :after", { first: first.id, after })
          .orderBy("i.id", "ASC")
          .limit(Math.min(BATCH, partSize - written));
        const rows = await query.getRawMany<Row>();
        if (rows.length === 0) break;
        res.write(
          rows
            .map(
              (row) =>
                `<url><loc>${escapeXml(`${publicUrl}${source.path(row)}`)}</loc><lastmod>${lastmod(row.updatedAt)}</lastmod></url>\n`,
            )
            .join(""),
        );
        written += rows.length;
        after = rows[rows.length - 1].id;
      }
      res.end("</urlset>\n");
    } catch (error) {
      logger.error("sitemap.failed", { name, part, error: String(error) });
      res.destroy(error as Error);
    }
  });
  return router;
}
