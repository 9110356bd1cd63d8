import express from "express";
import { type Server } from "node:http";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { type AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD, compressAnswers, SMALL_ANSWER, WHOLE_ANSWER_LIMIT } from "./compression";

/** A JSON text of about `size` bytes (varied enough that it does not shrink to nothing). */
const jsonOf = (size: number) =>
  JSON.stringify(
    Array.from({ length: Math.ceil(size / 60) }, (_, i) => ({ id: i, title: `Atelier n° ${i * 7919} à Pau` })),
  ).slice(0, size - 2) + '"]';

describe("compression of answers", () => {
  let server: Server;
  let base: string;
  const medium = jsonOf(6_000);
  const large = jsonOf(WHOLE_ANSWER_LIMIT + 50_000);
  const page = jsonOf(SMALL_ANSWER + 30_000);
  // A REST page of 15 services with their hours: about 22 KB.
  const services = jsonOf(22_000);
  beforeAll(async () => {
    const app = express();
    app.use(compressAnswers());
    app.get("/tiny", (_req, res) => res.json({ ok: true }));
    app.get("/medium", (_req, res) => res.type("application/json").send(medium));
    app.get("/medium-buffer", (_req, res) => res.type("application/json").send(Buffer.from(medium)));
    app.get("/large", (_req, res) => res.type("application/json").send(large));
    app.get("/page", (_req, res) => res.type("application/json").send(page));
    app.get("/services", (_req, res) => res.type("application/json").send(services));
    app.get("/written", (_req, res) => {
      res.type("text/plain");
      res.write(medium.slice(0, 3000));
      res.end(medium.slice(3000));
    });
    app.get("/no-transform", (_req, res) => res.set("Cache-Control", "no-transform").type("json").send(medium));
    app.get("/image", (_req, res) => res.type("image/png").send(Buffer.alloc(5000, 7)));
    app.get("/empty", (_req, res) => res.status(204).end());
    app.get("/callback", (_req, res) => {
      res.type("application/json");
      res.end(medium, () => undefined);
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = (path: string, acceptEncoding?: string, method = "GET") =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const req = httpRequest(
        `${base}${path}`,
        { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject).end();
    });
  const decoded = ({ headers, bytes }: { headers: IncomingHttpHeaders; bytes: Buffer }) =>
    (headers["content-encoding"] === "br"
      ? brotliDecompressSync(bytes)
      : headers["content-encoding"] === "gzip"
        ? gunzipSync(bytes)
        : bytes
    ).toString();

  it("compresses an answer sent whole at once, with its exact length, as the client prefers", async () => {
    for (const [accept, expected] of [
      ["br, gzip", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
    ] as const) {
      for (const path of ["/medium", "/medium-buffer", "/callback"]) {
        const answer = await get(path, accept);
        expect(answer.headers["content-encoding"], `${path} ${accept}`).toBe(expected);
        expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
        expect(answer.headers["transfer-encoding"]).toBeUndefined();
        expect(answer.headers.vary).toMatch(/Accept-Encoding/);
        expect(answer.bytes.length).toBeLessThan(medium.length / 2);
        expect(decoded(answer)).toBe(medium);
      }
    }
  });

  it("compresses an API answer faster (brotli quality 3) and a page smaller (quality 5)", async () => {
    const brotli = (text: string, quality: number) =>
      brotliCompressSync(Buffer.from(text), {
        params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
      });
    for (const [path, text, quality, other] of [
      ["/medium", medium, 3, 5],
      ["/services", services, 3, 5],
      ["/page", page, 5, 3],
    ] as const) {
      const answer = await get(path, "br");
      expect(answer.bytes.equals(brotli(text, quality)), `${path} at quality ${quality}`).toBe(true);
      expect(answer.bytes.equals(brotli(text, other)), `${path} not at quality ${other}`).toBe(false);
    }
  });

  it("leaves alone what is small, unwanted, not compressible, marked no-transform or bodiless", async () => {
    const tiny = await get("/tiny", "br, gzip");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD);
    for (const accept of [undefined, "identity"]) {
      const plain = await get("/medium", accept);
      expect(plain.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(plain.bytes.toString()).toBe(medium);
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    }
    const noTransform = await get("/no-transform", "br");
    expect(noTransform.headers["content-encoding"]).toBeUndefined();
    expect(noTransform.bytes.toString()).toBe(medium);
    const image = await get("/image", "br, gzip");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.bytes.length).toBe(5000);
    expect((await get("/empty", "br")).status).toBe(204);
    const head = await get("/medium", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.bytes.length).toBe(0);
  });

  it("streams large answers, answers written in pieces and deflate through the compression stream", async () => {
    const big = await get("/large", "br, gzip");
    expect(big.headers["content-encoding"]).toBe("br");
    expect(big.headers["transfer-encoding"]).toBe("chunked");
    expect(decoded(big)).toBe(large);
    // deflate alone (no client of today's asks only for it) is left to the stream.
    const deflate = await get("/medium", "deflate");
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    expect(inflateSync(deflate.bytes).toString()).toBe(medium);
    const written = await get("/written", "gzip");
    expect(written.headers["content-encoding"]).toBe("gzip");
    expect(written.headers["transfer-encoding"]).toBe("chunked");
    expect(decoded(written)).toBe(medium);
  });
});
