import { ApolloServer } from "@apollo/server";
import express, { NextFunction, Request, Response, Router } from "express";
import { Context } from "../context";
import { INVALID_REQUEST_MESSAGE } from "../errors";
import { restError } from "./errors";
import { RestRoute, routes } from "./routes";

const methods = { GET: "get", POST: "post", PUT: "put", DELETE: "delete" } as const;

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Mounts every row of the table; each runs its GraphQL operation with the caller's context. */
export function restRouter(apollo: ApolloServer<Context>, buildContext: (req: Request) => Promise<Context>): Router {
  const router = Router();
  router.use(express.json({ limit: "1mb" }));

  const handle = (route: RestRoute) => async (req: Request, res: Response) => {
    const response = await apollo.executeOperation(
      {
        query: route.document,
        variables: route.variables({
          params: req.params as Record<string, string>,
          query: req.query as Record<string, unknown>,
          body: asRecord(req.body),
        }),
      },
      { contextValue: await buildContext(req) },
    );
    if (response.body.kind !== "single") throw new Error("Réponse GraphQL incrémentale inattendue");
    const { data, errors } = response.body.singleResult;
    if (errors?.length) {
      const { status, body } = restError(errors[0]);
      res.status(status).json(body);
      return;
    }
    const field = Object.keys(data ?? {})[0];
    res.status(route.status ?? 200).json((route.present as (value: unknown) => unknown)(data?.[field]));
  };

  for (const route of routes) router[methods[route.method]](route.path, handle(route));

  router.use((_req: Request, res: Response) => {
    res.status(404).json({ message: "Cette adresse d'API n'existe pas.", code: "NOT_FOUND" });
  });
  router.use((error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error.type === "entity.parse.failed") {
      res
        .status(400)
        .json({ message: `${INVALID_REQUEST_MESSAGE} Le corps JSON est illisible.`, code: "BAD_USER_INPUT" });
    } else if (error.type === "entity.too.large") {
      res.status(413).json({ message: "La requête est trop volumineuse.", code: "BAD_USER_INPUT" });
    } else {
      next(error);
    }
  });
  return router;
}
