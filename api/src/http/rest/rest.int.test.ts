import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { Age, buildMedia, buildSheet, Category, Network, Role, ServiceType } from "../../../test/factories";
import { actor, newAgent } from "../../../test/agent";
import { useTestPortal } from "../../../test/portal";
import { Media } from "../../modules/media/media.entity";
import { Sheet } from "../../modules/sheets/sheet.entity";
import { Thematic } from "../../modules/reference/reference.data";
import { User } from "../../modules/users/user.entity";
import { UNSUPPORTED_CHARSET_MESSAGE } from "../api-http";
import { NOT_AN_OBJECT_MESSAGE, NOT_FOUND_MESSAGE, NOT_JSON_MESSAGE } from "./router";
import { TOO_DEEP_MESSAGE } from "../../errors";

describe("REST adapter", () => {
  const t = useTestPortal();

  it("answers {count: 0, results: []} on an empty database", async () => {
    const media = await t.rest("POST", "/api/media/search", { categories: ["new", "event"], page: 0, pageSize: 15 });
    expect(media).toMatchObject({ status: 200, body: { count: 0, results: [] } });
    const services = await t.rest("POST", "/api/services/search", {});
    expect(services).toMatchObject({ status: 200, body: { count: 0, results: [] } });
  });

  it("searches media with the legacy payload and answers the legacy shape", async () => {
    const ds = t.portal.dataSource;
    const event = await buildMedia(ds, {
      title: "Fête des familles",
      categories: [Category.EVENT],
      ages: [Age.FAMMILY],
      thematics: [Thematic.HOLIDAYS_LEISURE],
      city: ["Pau"],
      epci: ["CA Pau Béarn Pyrénées"],
      eventFrom: new Date("2030-06-01T08:00:00Z"),
      latitude: 43.3,
      longitude: -0.37,
    });
    await buildMedia(ds, { title: "Ressource", categories: [Category.RESOURCE] });

    const { status, body } = await t.rest("POST", "/api/media/search", {
      textQuery: "fete",
      categories: ["new", "event"],
      locations: ["Pau"],
      ages: ["FAMMILY"],
      thematic: ["HOLIDAYS_LEISURE"],
      networks: [],
      pageSize: 15,
      page: 0,
    });
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      id: event.id,
      title: "Fête des familles",
      categories: ["event"],
      thematics: ["HOLIDAYS_LEISURE"],
      city: ["Pau"],
      epci: ["CA Pau Béarn Pyrénées"],
      locations: ["CA Pau Béarn Pyrénées", "Pau"],
      eventFrom: "2030-06-01T08:00:00.000Z",
      location: { lat: 43.3, lon: -0.37 },
      files: [],
    });
    expect(body.results[0].creation).toEqual(expect.any(String));
  });

  it("reads one media, and hides restricted or unknown ones behind a 404", async () => {
    const media = await buildMedia(t.portal.dataSource, { title: "Visible" });
    const restricted = await buildMedia(t.portal.dataSource, { networks: [Network.RPE] });
    const found = await t.rest("GET", `/api/media/current/${media.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: media.id, title: "Visible", categories: ["new"], networks: [] });

    for (const id of [restricted.id, "inconnu"]) {
      const missing = await t.rest("GET", `/api/media/current/${id}`);
      expect(missing).toMatchObject({
        status: 404,
        body: { code: "NOT_FOUND", message: "Cet article est introuvable." },
      });
    }
  });

  it("searches services with `type` and answers the mobile number as `fax`", async () => {
    const ds = t.portal.dataSource;
    const laep = await buildSheet(ds, { serviceName: "LAEP", types: [ServiceType.LAEP], mobile: "06 00 00 00 00" });
    await buildSheet(ds, { serviceName: "Crèche", types: [ServiceType.CRECHE] });
    const { status, body } = await t.rest("POST", "/api/services/search", { type: ["LAEP"], page: 0, pageSize: 15 });
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({ id: laep.id, serviceName: "LAEP", fax: "06 00 00 00 00", type: ["LAEP"] });
    expect(body.results[0]).not.toHaveProperty("mobile");

    const current = await t.rest("GET", `/api/services/current/${laep.id}`);
    expect(current).toMatchObject({ status: 200, body: { id: laep.id, fax: "06 00 00 00 00" } });
    expect((await t.rest("GET", "/api/services/current/inconnu")).status).toBe(404);
  });

  it("refuses bad input with a 400 and a French message, and changes nothing", async () => {
    await buildMedia(t.portal.dataSource);
    const before = await t.portal.dataSource.getRepository(Media).count();

    const wrongType = await t.rest("POST", "/api/media/search", { page: "deux" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^Requête invalide/);

    const tooLarge = await t.rest("POST", "/api/media/search", { pageSize: 500 });
    expect(tooLarge).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT" } });
    expect(tooLarge.body.message).toBe("La taille de page doit être comprise entre 1 et 100.");

    const longText = await t.rest("POST", "/api/services/search", { textQuery: "x".repeat(201) });
    expect(longText.status).toBe(400);
    expect(longText.body.message).toBe("Le texte recherché ne doit pas dépasser 200 caractères.");

    const malformed = await t.rest("POST", "/api/media/search", "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Le corps JSON est illisible/);

    // Nested thousands deep (10 KB, anonymous): refused as such, not a 500 of a stack exhausted
    // where the body is walked (a search's list, an article sent as an object).
    const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    for (const [path, field] of [
      ["/api/media/search", "categories"],
      ["/api/media/add", "article"],
      ["/api/services/add", "description"],
    ]) {
      const deep = await t.rest("POST", path, `{"${field}":${nested(5000)}}`);
      expect(deep.status, path).toBe(400);
      expect(deep.body).toMatchObject({ code: "BAD_USER_INPUT", message: TOO_DEEP_MESSAGE });
    }
    // A string holding brackets is no nesting.
    const bracketsInText = await t.rest("POST", "/api/media/search", { textQuery: "[".repeat(100) });
    expect(bracketsInText.status).toBe(200);

    expect(await t.portal.dataSource.getRepository(Media).count()).toBe(before);
  });

  it("refuses a body that is not JSON with a 415 instead of reading it as no body", async () => {
    await buildSheet(t.portal.dataSource, { types: [ServiceType.RPE] });
    const body = JSON.stringify({ type: ["CRECHE"] });
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const search = await newAgent(t).rest("POST", "/api/services/search", body, { "content-type": type });
      expect(search, type).toMatchObject({ status: 415, body: { code: "BAD_USER_INPUT", message: NOT_JSON_MESSAGE } });
    }
    const join = await newAgent(t).rest(
      "POST",
      "/api/users/join",
      JSON.stringify({
        email: "texte@example.org",
        name: "Durand",
        surname: "Luc",
        phone: "05 59 00 00 01",
        justify: "x",
      }),
      { "content-type": "text/plain" },
    );
    expect(join.status).toBe(415);
    expect(await t.portal.dataSource.getRepository(User).countBy({ email: "texte@example.org" })).toBe(0);
    // JSON with its charset is JSON; a POST without a body needs no type.
    const withCharset = await newAgent(t).rest("POST", "/api/services/search", body, {
      "content-type": "application/json; charset=utf-8",
    });
    expect(withCharset).toMatchObject({ status: 200, body: { count: 0 } });
    const noBody = await newAgent(t).rest("POST", "/api/services/search");
    expect(noBody).toMatchObject({ status: 200, body: { count: 1 } });
    // An empty JSON body sent as it goes (no Content-Length) is no body, as Express read it.
    const empty = await fetch(`${t.url}/api/services/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({ start: (controller) => controller.close() }),
      duplex: "half",
    } as RequestInit);
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as { count: number }).count).toBe(1);
  });

  it("answers 404 in JSON for an unknown API path", async () => {
    const response = await t.rest("GET", "/api/nothing-here");
    expect(response).toMatchObject({ status: 404, body: { code: "NOT_FOUND", message: NOT_FOUND_MESSAGE } });
    // A known path with another method: 405, with the methods it takes.
    const wrongMethod = await t.rest("DELETE", "/api/media/search");
    expect(wrongMethod).toMatchObject({
      status: 405,
      body: {
        code: "METHOD_NOT_ALLOWED",
        message: "Cette adresse d'API ne prend pas cette méthode : utilisez POST.",
      },
    });
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    const put = await t.rest("PUT", `/api/users/profile/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`);
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD");
    // An unknown path under open data (Express's part of /api).
    expect(await t.rest("GET", "/api/open-data/nothing-here")).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", message: NOT_FOUND_MESSAGE },
    });
  });

  it("matches its paths as Express's router did, and answers with the portal's headers", async () => {
    const service = await buildSheet(t.portal.dataSource, { serviceName: "Crèche Les Lutins" });
    for (const path of [
      `/api/services/current/${service.id}`,
      `/API/Services/Current/${service.id}`,
      `/api/services/current/${service.id}/`,
      `/api/services/current/${encodeURIComponent(service.id)}?source=test`,
    ]) {
      const answer = await t.rest("GET", path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.serviceName).toBe("Crèche Les Lutins");
      expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(answer.headers.get("ratelimit-policy")).toMatch(/;w=60$/);
    }
    // HEAD is answered as GET, without a body.
    const head = await fetch(`${t.url}/api/services/current/${service.id}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
    // A GET answer carries a weak ETag of its content; a client that has it gets 304, no body.
    // (Raw requests: fetch turns a conditional request into a reload, `Cache-Control: no-cache`.)
    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; etag?: string; body: string }>((resolve, reject) => {
        const url = new URL(t.url);
        httpRequest({ host: url.hostname, port: url.port, path, headers }, (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode!, etag: response.headers.etag, body }));
        })
          .on("error", reject)
          .end();
      });
    const first = await raw(`/api/services/current/${service.id}`);
    expect(first.etag).toMatch(/^W\/"/);
    expect(await raw(`/api/services/current/${service.id}`, { "if-none-match": first.etag! })).toEqual({
      status: 304,
      etag: first.etag,
      body: "",
    });
    // A request sent the way a proxy is (an absolute URL as its target) reaches the same row.
    expect((await raw(`${t.url}/api/services/current/${service.id}`)).status).toBe(200);
    // A malformed escape in a parameter is the client's error.
    expect(await t.rest("GET", "/api/services/current/%E0%A4%A")).toMatchObject({
      status: 400,
      body: { code: "BAD_USER_INPUT" },
    });
  });

  it("names a refused field as the client sent it (fax, type, thematic, status), and refuses a list as a body", async () => {
    const admin = await actor(t, Role.ADMIN);
    const owner = await actor(t, Role.FULL_PARTNER);
    const sheet = {
      serviceName: "Crèche Les Lutins",
      serviceManager: "Ainhoa Etchegaray",
      email: "lutins@example.org",
      phone: "05 59 12 34 56",
      fullAddress: "12 Rue des Cordeliers 64000 Pau",
      city: "Pau",
      zip: "64000",
      location: { lat: 43.2951, lon: -0.3696 },
      type: ["CRECHE"],
      ages: ["PETITE_ENFANCE"],
      userIds: [owner.user!.id],
    };
    const badFax = await admin.agent.rest("POST", "/api/services/add", { ...sheet, fax: "abc" });
    expect(badFax.status).toBe(400);
    expect(Object.keys(badFax.body.fields)).toEqual(["fax"]);
    const noType = await admin.agent.rest("POST", "/api/services/add", { ...sheet, type: ["NURSERY"] });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toContain("« type »");
    expect(noType.body.message).not.toContain("« types »");
    // The schema's own names are named as such when the client used them.
    const asSchema = await admin.agent.rest("POST", "/api/services/add", {
      ...sheet,
      type: undefined,
      types: ["NURSERY"],
    });
    expect(asSchema.body.message).toContain("« types »");
    const media = await owner.agent.rest("POST", "/api/media/add", {
      title: "Atelier",
      article: { ops: [{ insert: "Un atelier.\n" }] },
      categories: ["resource"],
      ages: ["ENFANCE"],
      thematic: ["GARDENING"],
    });
    expect(media.status).toBe(400);
    expect(media.body.message).toContain("« thematic »");
    const users = await admin.agent.rest("GET", "/api/users/search?status=SOMEWHERE");
    expect(users.status).toBe(400);
    expect(users.body.message).toContain("« status »");
    expect(await t.portal.dataSource.getRepository(Sheet).count()).toBe(0);

    // What a field takes is said: an enum's values (as REST answers write them), a date's form.
    expect((await t.rest("POST", "/api/media/search", { categories: ["nouvelles"] })).body.message).toBe(
      "Requête invalide : « nouvelles » n'est pas une valeur du champ « categories » (valeurs acceptées : new, event, resource).",
    );
    expect((await t.rest("POST", "/api/media/search", { eventFrom: "1er mars" })).body.message).toMatch(
      /^Format de date invalide : le champ « eventFrom » attend une date et une heure ISO 8601/,
    );

    // A list is no search: refused, not read as « everything ».
    const list = await fetch(`${t.url}/api/media/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[1, 2]",
    });
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ message: NOT_AN_OBJECT_MESSAGE, code: "BAD_USER_INPUT" });

    // Bytes that are not UTF-8 (« crèche » in Latin-1) are refused, not searched as other words.
    const latin1 = await fetch(`${t.url}/api/media/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.from('{"textQuery":"cr\xe8che"}', "latin1"),
    });
    expect(latin1.status).toBe(400);
    expect(await latin1.json()).toEqual({ message: UNSUPPORTED_CHARSET_MESSAGE, code: "BAD_USER_INPUT" });
  });
});
