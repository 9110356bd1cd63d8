import { type ApolloServer } from "@apollo/server";
import express, { type NextFunction, type Request, type Response, Router } from "express";
import { GraphQLError } from "graphql";
import { type Context } from "../context";
import { INVALID_REQUEST_MESSAGE, REQUEST_TOO_LARGE_MESSAGE, RETRY_AFTER_SECONDS } from "../errors";
import { restError } from "./errors";
import { readMultipartFile } from "./multipart";
import type { RestRoute } from "./routes";
import { restTable } from "./table";

const methods = { GET: "get", POST: "post", PUT: "put", DELETE: "delete" } as const;

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export const NOT_JSON_MESSAGE =
  "Le corps de la requête doit être envoyé en JSON, avec l'en-tête « Content-Type: application/json ».";

/** Mounts every row of the table; each runs its GraphQL operation with the caller's context. */
export function restRouter(
  apollo: ApolloServer<Context>,
  buildContext: (req: Request, res: Response) => Promise<Context>,
): Router {
  const router = Router();
  router.use(express.json({ limit: "1mb" }));

  const handle = (route: RestRoute) => async (req: Request, res: Response) => {
    // A body of another type would be read as no body at all: a search for everything, a form
    // « without » its fields. A POST with nothing to send (`Content-Length: 0`) needs no type.
    if (!route.multipartFile && carriesBody(req) && !req.is("application/json")) {
      res.status(415).json({ message: NOT_JSON_MESSAGE, code: "BAD_USER_INPUT" });
      return;
    }
    let file: unknown;
    if (route.multipartFile) {
      file = await readMultipartFile(req, route.multipartFile);
      if (!file) {
        res.status(400).json({
          message: `Aucun fichier reçu : envoyez-le dans le champ « ${route.multipartFile} ».`,
          code: "BAD_USER_INPUT",
        });
        return;
      }
    }
    let variables: Record<string, unknown>;
    try {
      variables = route.variables({
        params: req.params as Record<string, string>,
        query: req.query as Record<string, unknown>,
        body: asRecord(req.body),
        file,
      });
    } catch (error) {
      // A row may refuse a legacy value itself (an unknown sort field…), with the API's error classes.
      if (!(error instanceof GraphQLError) || typeof error.extensions.code !== "string") throw error;
      const { status, body } = restError(error.toJSON());
      res.status(status).json(body);
      return;
    }
    const response = await apollo.executeOperation(
      { query: route.document, variables },
      { contextValue: await buildContext(req, res) },
    );
    if (response.body.kind !== "single") throw new Error("Réponse GraphQL incrémentale inattendue");
    const { data, errors } = response.body.singleResult;
    if (errors?.length) {
      const { status, body } = restError(errors[0]);
      // 503: the database (or another service the portal needs) is out of reach for now;
      // 429: a throttled sign-in, reset or report says when it opens again.
      if (status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      const retryAfter = errors[0].extensions?.retryAfter;
      if (status === 429 && typeof retryAfter === "number") res.setHeader("Retry-After", String(retryAfter));
      res.status(status).json(body);
      return;
    }
    const field = Object.keys(data ?? {})[0];
    const result = data?.[field];
    if (route.respond) {
      (route.respond as (res: Response, value: unknown) => void)(res, result);
    } else if (result === null && route.whenNull) {
      const { status, body } = restError({
        message: route.whenNull.message,
        extensions: { code: route.whenNull.code },
      });
      res.status(status).json(body);
    } else {
      const body = (route.present as (value: unknown) => unknown)(result);
      if (body === undefined) res.status(204).end();
      else res.status(route.status ?? 200).json(body);
    }
  };

  for (const route of restTable) router[methods[route.method]](route.path, handle(route));

  router.use((_req: Request, res: Response) => {
    res.status(404).json({ message: "Cette adresse d'API n'existe pas.", code: "NOT_FOUND" });
  });
  router.use((error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error.type === "entity.parse.failed") {
      res
        .status(400)
        .json({ message: `${INVALID_REQUEST_MESSAGE} Le corps JSON est illisible.`, code: "BAD_USER_INPUT" });
    } else if (error.type === "entity.too.large") {
      res.status(413).json({ message: REQUEST_TOO_LARGE_MESSAGE, code: "BAD_USER_INPUT" });
    } else {
      next(error);
    }
  });
  return router;
}

/** Whether a request sends a body (of one byte or more, or of a length told as it goes). */
function carriesBody(req: Request): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(req.headers["content-length"]);
  return Number.isFinite(length) && length > 0;
}
