import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiListener, type LaneRow } from "./api-lane";

/** What answered a request: the lane (with what it was given) or Express's router. */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe("the API's lane", () => {
  let server: Server;
  let base: string;
  let draining = false;

  // Express's own app: whatever reaches its router is answered 418 « express ».
  const app = express();
  app.use((req, res) => {
    res.status(418).json({ by: "express", url: req.url });
  });

  /** A lane handler that answers with what the lane set up (Express's request API included). */
  const answer =
    (name: string): RequestHandler =>
    (req, res) => {
      res.json({ by: name, baseUrl: req.baseUrl, params: req.params, path: req.path, ip: typeof req.ip });
    };
  const fromHeader: RequestHandler = (req, _res, next) => {
    const failure = req.headers["x-fail"];
    if (failure === "throw") throw new Error("thrown");
    if (failure === "next") return next(new Error("passed"));
    if (failure === "reject") return Promise.reject(new Error("rejected"));
    next();
  };
  const firstErrors: ErrorRequestHandler = (error: Error, req, res, next) => {
    if (req.headers["x-first-answers"]) res.status(400).json({ by: "first", error: error.message });
    else next(error);
  };
  const lastErrors: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).json({ by: "last", error: error.message });
  };

  const route = (name: string) => ({
    chain: [fromHeader, answer(name)],
    errors: [firstErrors, lastErrors],
    baseUrl: "/api",
  });
  const rows: LaneRow[] = [
    { method: "POST", path: "/media/search", route: route("search") },
    { method: "GET", path: "/media/:id/agenda.ics", route: null },
    { method: "GET", path: "/media/:id", route: route("detail") },
    { method: "POST", path: "/upload", route: null },
  ];

  beforeAll(async () => {
    const listener = apiListener(app, {
      graphql: { chain: [fromHeader, answer("graphql")], errors: [firstErrors, lastErrors], baseUrl: "/graphql" },
      rest: rows,
      draining: () => draining,
    });
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(base + path, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : "{}",
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const json = { "content-type": "application/json" };

  it("takes JSON GraphQL calls, and leaves every other /graphql request to Express", async () => {
    expect(await send("POST", "/graphql", json)).toEqual({
      status: 200,
      body: { by: "graphql", baseUrl: "/graphql", params: {}, path: "/graphql", ip: "string" },
    });
    expect((await send("POST", "/graphql?x=1", { "content-type": "Application/JSON; charset=utf-8" })).body.by).toBe(
      "graphql",
    );
    // Uploads (multipart), other bodies, GET, sub-paths: Express.
    for (const [method, path, headers] of [
      ["POST", "/graphql", { "content-type": "multipart/form-data; boundary=x" }],
      ["POST", "/graphql", { "content-type": "text/plain" }],
      ["POST", "/graphql", {}],
      ["GET", "/graphql?query=%7B__typename%7D", {}],
      ["POST", "/graphql/", json],
      ["POST", "/GRAPHQL", json],
    ] as const) {
      expect(await send(method, path, headers), `${method} ${path}`).toMatchObject({ status: 418 });
    }
  });

  it("takes the REST rows Express would route to, with their decoded parameters", async () => {
    expect((await send("POST", "/api/media/search", json)).body).toMatchObject({ by: "search", baseUrl: "/api" });
    // Whatever the body's type: the row itself answers it (415…), as behind Express.
    expect((await send("POST", "/api/media/search", { "content-type": "text/plain" })).body.by).toBe("search");
    // Express 5 matches paths without case and with an optional trailing slash.
    expect((await send("POST", "/api/Media/Search/", json)).body.by).toBe("search");
    expect((await send("GET", "/api/media/une%20affiche%C3%A9?x=1")).body).toMatchObject({
      by: "detail",
      params: { id: "une afficheé" },
    });
  });

  it("leaves to Express what Express answers otherwise", async () => {
    for (const [method, path] of [
      // The first matching row is a file's (a download): Express answers it, as it would.
      ["GET", "/api/media/42/agenda.ics"],
      ["POST", "/api/upload"],
      // No row: Express's 404; a method without a row; HEAD (Express answers it from GET rows).
      ["GET", "/api/nowhere"],
      ["DELETE", "/api/media/search"],
      ["GET", "/api/media/a/b"],
      ["GET", "/API/media/42"],
      // A parameter that does not decode: Express's 400.
      ["GET", "/api/media/%E0%A4%A"],
      ["GET", "/healthz"],
    ] as const) {
      expect((await send(method, path)).status, `${method} ${path}`).toBe(418);
    }
    const head = await fetch(`${base}/api/media/42`, { method: "HEAD" });
    expect(head.status).toBe(418);
  });

  it("leaves everything to Express while the instance stops", async () => {
    draining = true;
    try {
      expect((await send("POST", "/graphql", json)).status).toBe(418);
      expect((await send("GET", "/api/media/42")).status).toBe(418);
    } finally {
      draining = false;
    }
  });

  it("hands errors to the error handlers, in order, however they are raised", async () => {
    for (const failure of ["throw", "next", "reject"]) {
      expect(await send("GET", "/api/media/42", { "x-fail": failure })).toEqual({
        status: 500,
        body: { by: "last", error: { throw: "thrown", next: "passed", reject: "rejected" }[failure] },
      });
    }
    expect(await send("POST", "/graphql", { ...json, "x-fail": "next", "x-first-answers": "yes" })).toEqual({
      status: 400,
      body: { by: "first", error: "passed" },
    });
  });
});
