import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../test/portal";
import { UNSUPPORTED_CHARSET_MESSAGE, UNSUPPORTED_ENCODING_MESSAGE } from "./api-http";
import { TOO_DEEP_MESSAGE } from "../errors";

const explorerDir = mkdtempSync(join(tmpdir(), "portail-explorer-"));
writeFileSync(join(explorerDir, "explorer.html"), "<!doctype html><title>Explorateur GraphQL</title>");

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as received (still encoded when compressed). */
  bytes: Buffer;
}

/** A request sent as a client writes it, without fetch's own headers and decoding. */
function send(
  base: string,
  {
    method = "POST",
    path = "/graphql",
    headers = {},
    body,
  }: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const json = (answer: RawAnswer) => {
  const encoding = answer.headers["content-encoding"];
  const bytes =
    encoding === "br"
      ? brotliDecompressSync(answer.bytes)
      : encoding === "gzip"
        ? gunzipSync(answer.bytes)
        : answer.bytes;
  return JSON.parse(bytes.toString("utf8"));
};

const JSON_TYPE = { "content-type": "application/json" };
const TYPENAME = JSON.stringify({ query: "{ __typename }" });
// Every enumeration and its French labels: an answer of several KB.
const REFERENCE = JSON.stringify({
  query:
    "{ referenceData { ages { value label } categories { value label } thematics { value label } networks { value label } serviceTypes { value label } } }",
});

const errorOf = (message: string, code = "BAD_USER_INPUT") => ({ errors: [{ message, extensions: { code } }] });

describe("the /graphql endpoint", () => {
  const t = useTestPortal({ WEB_DIST: explorerDir, API_RATE_LIMIT: "1000" });

  it("answers with the security headers, the rate limit's count and JSON, whatever the path's case or query string", async () => {
    for (const path of ["/graphql", "/GraphQL", "/graphql/", "/graphql?source=test"]) {
      const answer = await send(t.url, { path, headers: JSON_TYPE, body: TYPENAME });
      expect(answer.status, path).toBe(200);
      expect(json(answer)).toEqual({ data: { __typename: "Query" } });
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(answer.headers["ratelimit-policy"]).toBe("1000;w=60");
      expect(answer.headers["ratelimit"]).toMatch(/^limit=1000, remaining=\d+, reset=\d+$/);
      expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
    }
  });

  it("compresses an answer of 1 KB or more as the client accepts it, and says it varies with it", async () => {
    const plain = await send(t.url, { headers: JSON_TYPE, body: REFERENCE });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toContain("Accept-Encoding");
    for (const [accepted, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
    ]) {
      const answer = await send(t.url, { headers: { ...JSON_TYPE, "accept-encoding": accepted }, body: REFERENCE });
      expect(answer.headers["content-encoding"], accepted).toBe(encoding);
      expect(answer.bytes.length).toBeLessThan(plain.bytes.length);
      expect(json(answer)).toEqual(json(plain));
    }
    // A small answer goes as it is.
    const small = await send(t.url, { headers: { ...JSON_TYPE, "accept-encoding": "br" }, body: TYPENAME });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("reads a compressed body, and refuses in French what it cannot read, then keeps serving", async () => {
    const gzipped = await send(t.url, {
      headers: { ...JSON_TYPE, "content-encoding": "gzip" },
      body: gzipSync(TYPENAME),
    });
    expect(json(gzipped)).toEqual({ data: { __typename: "Query" } });

    const refusals: Array<[string, Record<string, string>, string | Buffer, number, unknown]> = [
      [
        "a body that is not JSON",
        JSON_TYPE,
        "{ query: ",
        400,
        errorOf("Requête invalide : le contenu envoyé est illisible."),
      ],
      ["a JSON number", JSON_TYPE, "123", 400, errorOf("Requête invalide : le contenu envoyé est illisible.")],
      [
        "variables nested thousands deep",
        JSON_TYPE,
        `{"query":"{ __typename }","variables":{"x":${"[".repeat(5000)}${"]".repeat(5000)}}}`,
        400,
        errorOf(TOO_DEEP_MESSAGE),
      ],
      [
        "a JSON string",
        JSON_TYPE,
        '"{ __typename }"',
        400,
        errorOf("Requête invalide : le contenu envoyé est illisible."),
      ],
      [
        "a broken gzip body",
        { ...JSON_TYPE, "content-encoding": "gzip" },
        "not gzip",
        400,
        errorOf("Requête invalide : le contenu envoyé est illisible."),
      ],
      [
        "another charset",
        { "content-type": "application/json; charset=iso-8859-1" },
        TYPENAME,
        415,
        errorOf(UNSUPPORTED_CHARSET_MESSAGE),
      ],
      [
        "bytes that are not UTF-8 (Latin-1), no charset said",
        JSON_TYPE,
        Buffer.from('{"query":"{ __typename }","variables":{"q":"cr\xe8che"}}', "latin1"),
        400,
        errorOf(UNSUPPORTED_CHARSET_MESSAGE),
      ],
      [
        "another compression",
        { ...JSON_TYPE, "content-encoding": "compress" },
        TYPENAME,
        415,
        errorOf(UNSUPPORTED_ENCODING_MESSAGE),
      ],
      [
        "a body over 3 MB",
        JSON_TYPE,
        JSON.stringify({ query: "{ __typename }", variables: { x: "x".repeat(3 * 1024 * 1024) } }),
        413,
        errorOf("La requête est trop volumineuse."),
      ],
      [
        "a simple request (CSRF)",
        { "content-type": "text/plain" },
        TYPENAME,
        400,
        {
          errors: [
            expect.objectContaining({
              message:
                "Requête refusée : ajoutez l'en-tête « Apollo-Require-Preflight: true » (protection contre les requêtes intersites).",
            }),
          ],
        },
      ],
    ];
    for (const [label, headers, body, status, expected] of refusals) {
      const answer = await send(t.url, { headers, body });
      expect(answer.status, label).toBe(status);
      expect(json(answer), label).toEqual(expected);
    }
    // A body over the limit, told as it goes (no Content-Length): cut at the limit, the same answer.
    const chunked = await send(t.url, {
      headers: { ...JSON_TYPE, "transfer-encoding": "chunked" },
      body: JSON.stringify({ query: "{ __typename }", variables: { x: "x".repeat(4 * 1024 * 1024) } }),
    });
    expect(chunked.status).toBe(413);

    const put = await send(t.url, { method: "PUT", headers: JSON_TYPE, body: TYPENAME });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, POST");

    expect(json(await send(t.url, { headers: JSON_TYPE, body: TYPENAME }))).toEqual({ data: { __typename: "Query" } });
  });

  it("serves the explorer page to a browser, and a GET query to a client that asks for JSON", async () => {
    const page = await send(t.url, { method: "GET", headers: { accept: "text/html,application/xhtml+xml" } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.bytes.toString()).toContain("Explorateur GraphQL");

    const query = await send(t.url, {
      method: "GET",
      path: `/graphql?query=${encodeURIComponent("{ __typename }")}`,
      headers: { accept: "application/json", "apollo-require-preflight": "true" },
    });
    expect(query.status).toBe(200);
    expect(json(query)).toEqual({ data: { __typename: "Query" } });
  });
});

describe("the /graphql endpoint without the explorer", () => {
  const t = useTestPortal({ WEB_DIST: explorerDir, GRAPHQL_EXPLORER: "false" });

  it("answers a browser's visit as GraphQL does, and the schema to nobody", async () => {
    const page = await send(t.url, { method: "GET", headers: { accept: "text/html" } });
    expect(page.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(page.status).toBe(400);
    const introspection = await t.graphql("{ __schema { types { name } } }");
    expect(introspection.errors?.[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});
