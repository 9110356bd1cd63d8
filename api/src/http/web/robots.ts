import { type Request, type Response } from "express";
import { type Config } from "../../config";

/** Search engines may read every public page (listed in the sitemap); the API is for programs. */
export function robotsTxt(config: Config) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Allow: /api/open-data/",
    "Disallow: /graphql",
    "",
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return (_req: Request, res: Response) => {
    res.type("text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.send(body);
  };
}
