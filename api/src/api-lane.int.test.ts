import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildMedia } from "../test/factories";
import { useTestPortal } from "../test/portal";

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = { "content-type": "application/json" };
const graphql = (query: string, variables?: Record<string, unknown>): Call => ({
  method: "POST",
  path: "/graphql",
  headers: JSON_TYPE,
  body: JSON.stringify({ query, variables }),
});
const SEARCH = `query ($input: MediaSearchInput!) { mediaSearch(input: $input) {
  count results { id title description createdAt categories } } }`;

/**
 * Headers that differ from one answer to the next whatever serves it: the date, and the rate
 * limit's remaining count (the two servers share it: each call takes one).
 */
const CHANGING = new Set(["date", "ratelimit", "keep-alive", "connection"]);

describe("the API's lane, on the portal", () => {
  const t = useTestPortal();
  let router: Server;
  let routerUrl: string;

  beforeAll(async () => {
    // The same Express app, without the lane in front: what every request met before it.
    router = createServer(t.portal.app);
    await new Promise<void>((resolve) => router.listen(0, "127.0.0.1", resolve));
    routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => router.close(() => resolve())));

  let mediaId: string;
  beforeEach(async () => {
    for (let i = 0; i < 30; i++) {
      const media = await buildMedia(t.portal.dataSource, {
        title: `Atelier parents-enfants n° ${i}`,
        description: "Un atelier d'éveil pour les tout-petits et leurs parents, le samedi matin. ".repeat(3),
      });
      mediaId ??= media.id;
    }
  });

  const call = async (base: string, { method, path, headers = {}, body }: Call): Promise<Seen> => {
    const response = await fetch(base + path, { method, headers, body });
    const seen: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      seen[name] = CHANGING.has(name) ? "(changes)" : value;
    });
    return { status: response.status, headers: seen, body: await response.text() };
  };

  it("answers every kind of API call exactly as Express's router does", async () => {
    const calls: Call[] = [
      graphql(SEARCH, { input: { page: 0, pageSize: 20 } }),
      // Compressed as a browser asks (20 cards are well over 1 KB).
      { ...graphql(SEARCH, { input: { page: 0, pageSize: 20 } }), headers: { ...JSON_TYPE, "accept-encoding": "br" } },
      { ...graphql(SEARCH, { input: { page: 0, pageSize: 20 } }), headers: { ...JSON_TYPE, "accept-encoding": "gzip" } },
      graphql(`query ($id: ID!) { media(id: $id) { id title } }`, { id: mediaId }),
      graphql("{ nope }"),
      graphql(SEARCH, { input: { page: -1, pageSize: 20 } }),
      graphql("mutation { createMedia(input: {}) { id } }"),
      { method: "POST", path: "/graphql", headers: JSON_TYPE, body: "{ not json" },
      { method: "POST", path: "/graphql", headers: JSON_TYPE, body: JSON.stringify({ query: "x".repeat(3_200_000) }) },
      { method: "POST", path: "/graphql", headers: JSON_TYPE, body: "" },
      { method: "POST", path: "/api/media/search", headers: JSON_TYPE, body: JSON.stringify({ page: 0, pageSize: 5 }) },
      {
        method: "POST",
        path: "/api/media/search",
        headers: { ...JSON_TYPE, "accept-encoding": "gzip, br" },
        body: JSON.stringify({ page: 0, pageSize: 20, textQuery: "" }),
      },
      { method: "POST", path: "/api/media/search", headers: { "content-type": "text/plain" }, body: "{}" },
      { method: "POST", path: "/api/media/search", headers: JSON_TYPE, body: "{ not json" },
      { method: "POST", path: "/api/media/search", headers: JSON_TYPE, body: JSON.stringify({ pageSize: "x" }) },
      { method: "GET", path: `/api/media/current/${mediaId}` },
      { method: "GET", path: "/api/media/current/00000000-0000-4000-8000-000000000000" },
      { method: "GET", path: "/api/users/current" },
      {
        method: "POST",
        path: "/api/auth/login",
        headers: JSON_TYPE,
        body: JSON.stringify({ email: "personne@exemple.fr", password: "x" }),
      },
      // A write from another site's page is refused before anything is read.
      {
        method: "POST",
        path: "/api/users/join",
        headers: { ...JSON_TYPE, origin: "https://ailleurs.example" },
        body: JSON.stringify({ email: "x@exemple.fr" }),
      },
    ];
    for (const request of calls) {
      const label = `${request.method} ${request.path} ${request.body?.slice(0, 60) ?? ""}`;
      const [lane, express] = [await call(t.url, request), await call(routerUrl, request)];
      expect(lane, label).toEqual(express);
      expect(lane.headers["x-content-type-options"], label).toBe("nosniff");
      expect(lane.headers["ratelimit"], label).toBe("(changes)");
      if (request.headers?.["accept-encoding"]) expect(lane.headers["content-encoding"], label).toMatch(/^(br|gzip)$/);
    }
  });

  it("leaves Express's router out of the API's JSON calls, and only them", async () => {
    const handle = vi.spyOn(t.portal.app, "handle");
    try {
      await call(t.url, graphql(SEARCH, { input: { page: 0, pageSize: 5 } }));
      await call(t.url, { method: "GET", path: `/api/media/current/${mediaId}` });
      expect(handle).not.toHaveBeenCalled();
      await call(t.url, { method: "GET", path: "/healthz" });
      await call(t.url, { method: "GET", path: `/api/media/${mediaId}/agenda.ics` });
      expect(handle).toHaveBeenCalledTimes(2);
    } finally {
      handle.mockRestore();
    }
  });
});
