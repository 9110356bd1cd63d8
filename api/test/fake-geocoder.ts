import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";

export type FakeMode = "ok" | "slow" | "error" | "garbage";

interface FakeAddress {
  label: string;
  name: string;
  postcode: string;
  citycode: string;
  city: string;
  lon: number;
  lat: number;
  type: "housenumber" | "street" | "municipality";
}

/** Addresses the fake knows, in two departments, so that filtering shows. */
export const FAKE_ADDRESSES: FakeAddress[] = [
  {
    label: "12 Rue des Cordeliers 64000 Pau",
    name: "12 Rue des Cordeliers",
    postcode: "64000",
    citycode: "64445",
    city: "Pau",
    lon: -0.3696,
    lat: 43.2951,
    type: "housenumber",
  },
  {
    label: "14 Rue des Cordeliers 64000 Pau",
    name: "14 Rue des Cordeliers",
    postcode: "64000",
    citycode: "64445",
    city: "Pau",
    lon: -0.3694,
    lat: 43.2952,
    type: "housenumber",
  },
  {
    label: "3 Rue des Cordeliers 64100 Bayonne",
    name: "3 Rue des Cordeliers",
    postcode: "64100",
    citycode: "64102",
    city: "Bayonne",
    lon: -1.4738,
    lat: 43.4922,
    type: "housenumber",
  },
  {
    label: "8 Rue des Cordeliers 33000 Bordeaux",
    name: "8 Rue des Cordeliers",
    postcode: "33000",
    citycode: "33063",
    city: "Bordeaux",
    lon: -0.5713,
    lat: 44.8378,
    type: "housenumber",
  },
  {
    label: "Aast",
    name: "Aast",
    postcode: "64460",
    citycode: "64001",
    city: "Aast",
    lon: -0.0869,
    lat: 43.2886,
    type: "municipality",
  },
];

/**
 * A local stand-in for the outside geocoders (the only fake of the suite): it
 * speaks GeoCodeJSON like the national address API on /search, and Mapbox's
 * format on /geocoding/v5/mapbox.places/…; it can be slow, fail or answer garbage.
 */
export class FakeGeocoder {
  mode: FakeMode = "ok";
  readonly requests: URL[] = [];
  private server: Server | null = null;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    this.requests.push(url);
    if (this.mode === "slow") return void setTimeout(() => this.send(res, 200, { features: [] }), 2000);
    if (this.mode === "error") return this.send(res, 503, { error: "unavailable" });
    if (this.mode === "garbage") {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end("<html>not json");
    }
    if (url.pathname === "/search") return this.send(res, 200, this.geocodeJson(url));
    const mapbox = /^\/geocoding\/v5\/mapbox\.places\/(.+)\.json$/.exec(url.pathname);
    if (mapbox) return this.send(res, 200, this.mapbox(decodeURIComponent(mapbox[1]), url));
    this.send(res, 404, {});
  }

  private matches(text: string) {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    return FAKE_ADDRESSES.filter((a) => words.every((w) => a.label.toLowerCase().includes(w)));
  }

  private geocodeJson(url: URL) {
    const citycode = url.searchParams.get("citycode");
    const type = url.searchParams.get("type");
    const found = this.matches(url.searchParams.get("q") ?? "")
      .filter((a) => !citycode || a.citycode === citycode)
      .filter((a) => (type === "municipality" ? a.type === "municipality" : a.type !== "municipality"));
    return {
      type: "FeatureCollection",
      version: "draft",
      features: found.map((a) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [a.lon, a.lat] },
        properties: {
          label: a.label,
          score: 0.9,
          name: a.name,
          postcode: a.postcode,
          citycode: a.citycode,
          city: a.city,
          type: a.type,
          context: `${a.citycode.slice(0, 2)}, Département`,
        },
      })),
      query: url.searchParams.get("q"),
    };
  }

  private mapbox(query: string, url: URL) {
    const places = url.searchParams.get("types") === "place";
    const found = FAKE_ADDRESSES.filter((a) => (places ? a.type === "municipality" : a.type !== "municipality")).filter(
      (a) =>
        query
          .toLowerCase()
          .split(/\s+/)
          .filter((w) => !/^\d{5}$/.test(w))
          .every((w) => a.label.toLowerCase().includes(w)),
    );
    return {
      type: "FeatureCollection",
      features: found.map((a) => ({
        place_name: `${a.name}, ${a.postcode} ${a.city}, France`,
        text: a.name.replace(/^\d+\s/, ""),
        address: /^\d+/.exec(a.name)?.[0],
        center: [a.lon, a.lat],
        context: [
          { id: "postcode.1", text: a.postcode },
          { id: "place.1", text: a.city },
        ],
      })),
    };
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }
}
