import { type Request, type Response } from "express";
import { type Config } from "../config";

/** Search engines may read every public page; the API is for programs. */
export function robotsTxt(_config: Config) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /graphql", ""].join("\n");
  return (_req: Request, res: Response) => {
    res.type("text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.send(body);
  };
}
