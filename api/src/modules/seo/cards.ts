import { type Request, type Response, Router } from "express";
import { type DataSource } from "typeorm";
import { logger } from "../../logger";
import { isPublicMedia } from "../../policies/media.policy";
import { isPublicSheet } from "../../policies/sheet.policy";
import { Media } from "../media/media.entity";
import { Category, SERVICE_TYPE_LABELS } from "../reference/reference.data";
import { Sheet } from "../sheets/sheet.entity";
import { renderCard } from "./card-image";

/** Cards kept in memory (about 50 KB each), the most recently asked. */
const CACHED = 200;

/**
 * `GET /cartes/articles/{id}.png` and `/cartes/services/{id}.png`: the link-preview card of an
 * item without a picture (1200 × 630, its kind, title and the portal's name), drawn once per
 * version of the item. Only what anyone may read has one: a reserved article or a draft is 404.
 */
export function cardsRouter(dataSource: DataSource, siteName: string): Router {
  const router = Router();
  const cache = new Map<string, Buffer>();

  const send = (res: Response, key: string, draw: () => Buffer) => {
    let png = cache.get(key);
    if (png) cache.delete(key);
    else png = draw();
    cache.set(key, png);
    if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
    res.type("image/png");
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.send(png);
  };
  const notFound = (res: Response) => res.status(404).type("text/plain").send("Image introuvable.");

  router.get("/cartes/articles/:file", async (req: Request, res: Response) => {
    const id = /^([\w-]{1,36})\.png$/.exec(String(req.params.file))?.[1];
    const media = id ? await dataSource.getRepository(Media).findOneBy({ id }) : null;
    if (!media || !isPublicMedia(media)) return notFound(res);
    const kind = media.categories.includes(Category.EVENT)
      ? "Évènement"
      : media.categories.includes(Category.RESOURCE)
        ? "Ressource"
        : "Actualité";
    try {
      send(res, `m:${media.id}:${media.updatedAt.getTime()}`, () => renderCard({ title: media.title, kind, siteName }));
    } catch (error) {
      logger.error("card.failed", { id: media.id, error: String(error) });
      notFound(res);
    }
  });

  router.get("/cartes/services/:file", async (req: Request, res: Response) => {
    const id = /^([\w-]{1,36})\.png$/.exec(String(req.params.file))?.[1];
    const service = id ? await dataSource.getRepository(Sheet).findOneBy({ id }) : null;
    if (!service || !isPublicSheet(service)) return notFound(res);
    const kind = service.types.map((type) => SERVICE_TYPE_LABELS[type]).join(" · ") || "Service";
    try {
      send(res, `s:${service.id}:${service.updatedAt.getTime()}`, () =>
        renderCard({ title: service.serviceName, kind, siteName }),
      );
    } catch (error) {
      logger.error("card.failed", { id: service.id, error: String(error) });
      notFound(res);
    }
  });
  return router;
}
