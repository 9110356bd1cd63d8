import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BasemapService, firstTile } from "./basemap.service";

describe("basemap availability", () => {
  let server: Server;
  let status = 200;
  let hits = 0;
  let url = "";
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(status, { "content-type": "image/png" }).end("tile");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/0/0/0.png`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is unknown (no map) until the basemap has answered, then follows its answers", async () => {
    let now = 0;
    const basemap = new BasemapService(url, () => now);
    status = 200;
    expect(basemap.isAvailable()).toBe(false);
    await basemap.refresh();
    expect(basemap.isAvailable()).toBe(true);

    // A failing basemap is noticed once the answer is stale (5 minutes), not before.
    status = 503;
    const before = hits;
    now += 60_000;
    expect(basemap.isAvailable()).toBe(true);
    expect(hits).toBe(before);
    now += 5 * 60_000;
    basemap.isAvailable();
    await basemap.refresh();
    expect(basemap.isAvailable()).toBe(false);
  });

  it("asks once for concurrent refreshes, and reads an unreachable basemap as unavailable", async () => {
    status = 200;
    const basemap = new BasemapService(url);
    const before = hits;
    await Promise.all([basemap.refresh(), basemap.refresh(), basemap.refresh()]);
    expect(hits - before).toBe(1);
    const nowhere = new BasemapService("http://127.0.0.1:9/0/0/0.png");
    await nowhere.refresh();
    expect(nowhere.isAvailable()).toBe(false);
  });

  it("probes the first tile of a template", () => {
    expect(firstTile("https://tiles.example/{z}/{x}/{y}.png")).toBe("https://tiles.example/0/0/0.png");
  });
});
