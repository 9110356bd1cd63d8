import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { actor, type Agent } from "../../../test/agent";
import {
  DISGUISED,
  graphqlUpload,
  multipart,
  png,
  restUpload,
  SAMPLES,
  storedKeys,
  UPLOAD_ROUTES,
  type UploadAnswer,
} from "../../../test/files";
import { useTestPortal } from "../../../test/portal";
import { Role } from "../reference/reference.data";
import { MAX_UPLOAD_BYTES, UPLOAD_REFUSED, UPLOAD_TOO_LARGE } from "./file-type";
import { cleanFileName } from "./upload.service";
import { notMultipartMessage } from "../../http/rest/router";
import { UploadedFile } from "./uploaded-file.entity";

describe("file uploads", () => {
  const t = useTestPortal();
  const rows = () => t.portal.dataSource.getRepository(UploadedFile).find();
  const partner = async () => (await actor(t, Role.NEWS_PARTNER)).agent;

  /** Sends a file the portal must refuse, and checks that nothing was kept. */
  const expectRefused = async (
    send: () => Promise<UploadAnswer>,
    expected: { status: number; code: string; message: string },
  ) => {
    const keysBefore = storedKeys(t);
    const rowsBefore = await rows();
    const answer = await send();
    expect({ status: answer.status, ...answer.error }).toEqual(expected);
    expect(answer.result).toBeNull();
    expect(await rows()).toEqual(rowsBefore);
    expect(storedKeys(t)).toEqual(keysBefore);
  };

  describe.each(UPLOAD_ROUTES)("through %s", (route, upload, statusFor) => {
    it("accepts every supported format, keeps it and serves it with its real type", async () => {
      const { agent, user } = await actor(t, Role.NEWS_PARTNER);
      const keysBefore = storedKeys(t);
      for (const [kind, sample] of Object.entries(SAMPLES)) {
        const answer = await upload(agent, sample);
        expect(answer.error, kind).toBeNull();
        expect(answer.status, kind).toBe(200);
        const { link, name, type } = answer.result!;
        expect(type, kind).toBe(sample.mime);
        expect(name, kind).toBe(sample.name);
        expect(link, kind).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]{22}\\.${sample.extension}$`));

        const key = link.slice("/uploads/".length);
        const row = await t.portal.dataSource.getRepository(UploadedFile).findOneByOrFail({ storageKey: key });
        expect(row, kind).toMatchObject({
          originalName: sample.name,
          mimeType: sample.mime,
          size: sample.bytes.length,
          uploadedBy: user!.id,
        });
        expect(readFileSync(join(t.dataDir, "uploads", key)).equals(sample.bytes), kind).toBe(true);

        // Served to anyone (visitors included), with headers that keep browsers from running it.
        const served = await fetch(`${t.url}${link}`);
        expect(served.status, kind).toBe(200);
        expect(served.headers.get("content-type"), kind).toBe(sample.mime);
        expect(served.headers.get("content-length"), kind).toBe(String(sample.bytes.length));
        expect(served.headers.get("x-content-type-options"), kind).toBe("nosniff");
        expect(served.headers.get("content-security-policy"), kind).toContain("sandbox");
        expect(served.headers.get("content-disposition"), kind).toBe(
          `${sample.inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(sample.name)}`,
        );
        expect(Buffer.from(await served.arrayBuffer()).equals(sample.bytes), kind).toBe(true);
      }
      expect(await rows()).toHaveLength(Object.keys(SAMPLES).length);
      expect(storedKeys(t)).toHaveLength(keysBefore.length + Object.keys(SAMPLES).length);
    });

    it("reads the type from the bytes, never from the name or the declared type", async () => {
      const agent = await partner();
      const answer = await upload(agent, { name: "page.html", type: "text/html", bytes: png() });
      expect(answer.result).toMatchObject({ name: "page.html", type: "image/png" });
      expect(answer.result!.link).toMatch(/\.png$/);
      const served = await fetch(`${t.url}${answer.result!.link}`);
      expect(served.headers.get("content-type")).toBe("image/png");
    });

    it.each(Object.entries(DISGUISED))("refuses %s renamed as an accepted format", async (_kind, file) => {
      const agent = await partner();
      await expectRefused(() => upload(agent, { ...file, type: "image/png" }), {
        status: statusFor("BAD_USER_INPUT"),
        code: "BAD_USER_INPUT",
        message: UPLOAD_REFUSED,
      });
    });

    it("refuses an empty file", async () => {
      const agent = await partner();
      await expectRefused(() => upload(agent, { name: "vide.png", bytes: Buffer.alloc(0) }), {
        status: statusFor("BAD_USER_INPUT"),
        code: "BAD_USER_INPUT",
        message: "Le fichier est vide.",
      });
    });

    it("refuses a file one byte over 10 Mo", async () => {
      const agent = await partner();
      await expectRefused(() => upload(agent, { name: "grande.png", bytes: png(MAX_UPLOAD_BYTES + 1) }), {
        // REST answers 413 (Payload Too Large), GraphQL its usual 200 with BAD_USER_INPUT.
        status: route === "REST" ? 413 : statusFor("BAD_USER_INPUT"),
        code: "BAD_USER_INPUT",
        message: UPLOAD_TOO_LARGE,
      });
      expect(UPLOAD_TOO_LARGE).toBe("Échec de l'import du fichier, la taille maximum d'un fichier est : 10 Mo");
    });

    it("refuses a visitor's file", async () => {
      const { agent } = await actor(t, "visitor");
      await expectRefused(() => upload(agent, SAMPLES.png), {
        status: statusFor("UNAUTHENTICATED"),
        code: "UNAUTHENTICATED",
        message: "Vous devez être connecté pour effectuer cette action.",
      });
    });

    it("keeps the name without path parts or control characters, and its accents", async () => {
      const agent = await partner();
      const answer = await upload(agent, {
        // Raw control characters other than tabs make the multipart itself malformed (see cleanFileName below).
        name: "../../secret/Compte-rendu\t réunion\t été.pdf",
        bytes: SAMPLES.pdf.bytes,
      });
      expect(answer.error).toBeNull();
      expect(answer.result?.name).toBe("Compte-rendu réunion été.pdf");
      const served = await fetch(`${t.url}${answer.result!.link}`);
      expect(served.headers.get("content-disposition")).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent("Compte-rendu réunion été.pdf")}`,
      );
    });
  });

  it("accepts a file of exactly 10 Mo", async () => {
    const agent = await partner();
    const answer = await restUpload(agent, { name: "limite.png", bytes: png(MAX_UPLOAD_BYTES) });
    expect(answer.status).toBe(200);
    expect(answer.result?.type).toBe("image/png");
  });

  it("refuses a file well over 10 Mo through GraphQL, whose stream is cut at the limit", async () => {
    const agent = await partner();
    await expectRefused(() => graphqlUpload(agent, { name: "enorme.png", bytes: png(MAX_UPLOAD_BYTES + 2_000_000) }), {
      status: 200,
      code: "BAD_USER_INPUT",
      message: UPLOAD_TOO_LARGE,
    });
  });

  it("refuses a GraphQL multipart request without the Apollo-Require-Preflight header", async () => {
    const agent = await partner();
    await expectRefused(() => graphqlUpload(agent, SAMPLES.png, { preflight: false }), {
      status: 400,
      code: "BAD_USER_INPUT",
      message:
        "Requête refusée : ajoutez l'en-tête « Apollo-Require-Preflight: true » (protection contre les requêtes intersites).",
    });
  });

  it("answers a clear 400 when the REST request has no `file` field", async () => {
    const agent = await partner();
    const { body, contentType } = multipart([{ name: "document", filename: "photo.png", bytes: png() }]);
    const response = await agent.fetch("POST", "/api/upload", body, { "content-type": contentType });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Aucun fichier reçu : envoyez-le dans le champ « file ».",
      code: "BAD_USER_INPUT",
    });
    expect(await rows()).toEqual([]);
  });

  it("answers 415 to an upload sent as JSON or without a body, and keeps nothing", async () => {
    const agent = await partner();
    const message = notMultipartMessage("file");
    for (const [body, headers] of [
      [JSON.stringify({ file: "photo.png" }), { "content-type": "application/json" }],
      [png(), { "content-type": "image/png" }],
      [undefined, {}],
    ] as const) {
      const response = await agent.fetch("POST", "/api/upload", body, headers);
      expect(response.status, headers["content-type"]).toBe(415);
      expect(await response.json()).toEqual({ message, code: "BAD_USER_INPUT" });
    }
    expect(await rows()).toEqual([]);
  });

  it("answers 400 to a body cut inside its file (signed in or not), keeps nothing and keeps serving", async () => {
    const agent = await partner();
    const cut = Buffer.from('--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
    const headers = { "content-type": "multipart/form-data; boundary=XX" };
    for (const send of [
      () => agent.fetch("POST", "/api/upload", cut, headers),
      () => fetch(`${t.url}/api/upload`, { method: "POST", body: cut, headers }),
    ]) {
      const response = await send();
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "Requête invalide : le contenu envoyé est illisible.",
        code: "BAD_USER_INPUT",
      });
    }
    expect(await rows()).toEqual([]);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it("answers 404 for an unknown or malformed key, and for a file whose record is gone", async () => {
    const agent: Agent = await partner();
    const { link } = (await restUpload(agent, SAMPLES.pdf)).result!;
    const notFound = { message: "Ce fichier est introuvable.", code: "NOT_FOUND" };
    for (const path of [
      "/uploads/AAAAAAAAAAAAAAAAAAAAAA.png",
      "/uploads/..%2Fportail.sqlite",
      "/uploads/portail.sqlite",
      "/uploads/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    ]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual(notFound);
    }
    // The bytes alone are not enough: a key the database does not know is never served.
    await t.portal.dataSource.getRepository(UploadedFile).delete({ storageKey: link.slice("/uploads/".length) });
    expect((await fetch(`${t.url}${link}`)).status).toBe(404);
  });

  it("cleans file names: no folders, no control characters, no markup, at most 255 characters", () => {
    expect(cleanFileName("C:\\Users\\luc\\Documents\\bilan.pdf")).toBe("bilan.pdf");
    expect(cleanFileName("/etc/passwd")).toBe("passwd");
    expect(cleanFileName("a\tb\r\nc\u0000d\u007f.png")).toBe("abcd.png");
    expect(cleanFileName('<img src=x onerror="alert(1)">.png')).toBe("img src=x onerror=alert(1).png");
    expect(cleanFileName("../")).toBe("fichier");
    expect(cleanFileName(`${"é".repeat(300)}.pdf`)).toHaveLength(255);
  });
});
