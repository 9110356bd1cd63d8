import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { graphqlUpload, png, restUpload } from "../../../test/files";
import { useTestPortal } from "../../../test/portal";
import { Role } from "../reference/reference.data";
import { CHUNK_BYTES, databaseStorage, inPieces } from "./database-storage";
import { moveFiles, storedHash } from "./move-files";
import { diskStorage, type Storage } from "./storage";
import { UploadedFile } from "./uploaded-file.entity";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const key = (n: number, extension = "bin") => `${String(n).padStart(4, "0")}${"k".repeat(18)}.${extension}`;

/** A storage's file, whole (tests only: the portal streams it). */
async function bytesOf(storage: Storage, name: string): Promise<Buffer | null> {
  const stream = await storage.read(name);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("inPieces", () => {
  it("regroups buffers of any size into pieces of the given size, the last one shorter", async () => {
    const source = randomBytes(1000);
    const parts = [source.subarray(0, 3), source.subarray(3, 700), source.subarray(700, 701), source.subarray(701)];
    const pieces: Buffer[] = [];
    for await (const piece of inPieces(parts, 256)) pieces.push(piece);
    expect(pieces.map((piece) => piece.length)).toEqual([256, 256, 256, 232]);
    expect(Buffer.concat(pieces).equals(source)).toBe(true);
  });
});

describe("file storages", () => {
  const t = useTestPortal();

  it("keeps a file in the database in pieces and streams it back a piece at a time", async () => {
    const storage = databaseStorage(t.portal.dataSource);
    const file = randomBytes(2 * CHUNK_BYTES + 12_345);
    // Sent as a stream of odd-sized buffers, as a network would.
    await storage.put(key(1), [file.subarray(0, 1000), file.subarray(1000, 400_000), file.subarray(400_000)]);
    const rows: Array<{ seq: number; size: number }> = await t.portal.dataSource.query(
      "SELECT seq, LENGTH(bytes) AS size FROM stored_file_chunk WHERE storageKey = ? ORDER BY seq",
      [key(1)],
    );
    expect(rows.map((row) => [Number(row.seq), Number(row.size)])).toEqual([
      [0, CHUNK_BYTES],
      [1, CHUNK_BYTES],
      [2, 12_345],
    ]);
    const stream = await storage.read(key(1));
    const sizes: number[] = [];
    const received: Buffer[] = [];
    for await (const chunk of stream!) {
      sizes.push((chunk as Buffer).length);
      received.push(chunk as Buffer);
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CHUNK_BYTES);
    expect(Buffer.concat(received).equals(file)).toBe(true);
    expect(await storage.has(key(1))).toBe(true);

    await storage.remove(key(1));
    expect(await storage.has(key(1))).toBe(false);
    expect(await storage.read(key(1))).toBeNull();
  });

  it("refuses a key that is not the upload service's, and keeps nothing of a failed write", async () => {
    for (const storage of [databaseStorage(t.portal.dataSource), diskStorage(mkdtempSync(join(tmpdir(), "up-")))]) {
      await expect(storage.put("../portail.sqlite", [Buffer.from("x")])).rejects.toThrow(/Invalid storage key/);
      expect(await storage.read("../portail.sqlite")).toBeNull();
      // A source that fails part-way (a client gone, a disk error).
      async function* broken() {
        yield randomBytes(CHUNK_BYTES + 10);
        throw new Error("coupure");
      }
      await expect(storage.put(key(2), broken())).rejects.toThrow("coupure");
      expect(await storage.has(key(2)), storage.kind).toBe(false);
      // And the same key is then free for a whole file.
      await storage.put(key(2), [Buffer.from("entier")]);
      expect((await bytesOf(storage, key(2)))!.toString()).toBe("entier");
    }
    const leftovers = await t.portal.dataSource.query("SELECT COUNT(*) AS n FROM stored_file_chunk WHERE seq > 0");
    expect(Number(leftovers[0].n)).toBe(0);
  });

  it("moves 100 files from a directory to the database and back, identical, and can run again", async () => {
    const ds = t.portal.dataSource;
    const first = diskStorage(mkdtempSync(join(tmpdir(), "uploads-a-")));
    const database = databaseStorage(ds);
    const hashes = new Map<string, string>();
    for (let n = 0; n < 100; n++) {
      // Sizes from a few bytes to several pieces.
      const bytes = randomBytes(n % 10 === 0 ? CHUNK_BYTES * 2 + n : 10 + n * 97);
      await first.put(key(n), [bytes]);
      hashes.set(key(n), sha256(bytes));
      await ds.getRepository(UploadedFile).insert({
        id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
        storageKey: key(n),
        originalName: `fichier-${n}.bin`,
        mimeType: "application/pdf",
        size: bytes.length,
        uploadedBy: "00000000-0000-4000-8000-000000000000",
        createdAt: new Date(),
      });
    }

    const toDatabase = await moveFiles(ds, first, database);
    expect(toDatabase).toEqual({ copied: 100, alreadyThere: 0, removedFromSource: 0, missing: [], failed: [] });
    for (const [name, hash] of hashes) expect(await storedHash(database, name), name).toBe(hash);
    // Run again: everything is found there, nothing is copied twice.
    expect(await moveFiles(ds, first, database)).toMatchObject({ copied: 0, alreadyThere: 100 });

    const secondDir = mkdtempSync(join(tmpdir(), "uploads-b-"));
    const second = diskStorage(secondDir);
    const back = await moveFiles(ds, database, second, { removeSource: true });
    expect(back).toEqual({ copied: 100, alreadyThere: 0, removedFromSource: 100, missing: [], failed: [] });
    for (const [name, hash] of hashes) expect(await storedHash(second, name), name).toBe(hash);
    expect(readdirSync(secondDir).sort()).toEqual([...hashes.keys()].sort());
    const [{ n }] = await ds.query("SELECT COUNT(*) AS n FROM stored_file_chunk");
    expect(Number(n)).toBe(0);
  });

  it("reports a file no storage has, and keeps the source of a copy that did not arrive whole", async () => {
    const ds = t.portal.dataSource;
    const source = diskStorage(mkdtempSync(join(tmpdir(), "uploads-c-")));
    await source.put(key(7), [Buffer.from("gardé")]);
    for (const [n, storageKey] of [
      [1, key(7)],
      [2, key(8)],
    ] as const) {
      await ds.getRepository(UploadedFile).insert({
        id: `00000000-0000-4000-8000-00000000000${n}`,
        storageKey,
        originalName: "f.pdf",
        mimeType: "application/pdf",
        size: 5,
        uploadedBy: "00000000-0000-4000-8000-000000000000",
        createdAt: new Date(),
      });
    }
    // A target whose writes are lost on the way (a flaky network share).
    const database = databaseStorage(ds);
    const lossy: Storage = {
      ...database,
      put: (name, content) =>
        database.put(
          name,
          (async function* () {
            for await (const chunk of content) yield chunk.subarray(1);
          })(),
        ),
    };
    const report = await moveFiles(ds, source, lossy, { removeSource: true });
    expect(report).toEqual({ copied: 0, alreadyThere: 0, removedFromSource: 0, missing: [key(8)], failed: [key(7)] });
    expect((await bytesOf(source, key(7)))!.toString()).toBe("gardé");
    expect(await database.has(key(7))).toBe(false);
  });
});

describe("npm run uploads:move", () => {
  const t = useTestPortal();

  it("moves the portal's files into the database, says what it did, and finds them there when run again", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const sent = await Promise.all([1, 2, 3].map((n) => restUpload(agent, { name: `${n}.png`, bytes: png(n * 1000) })));
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ["-r", "@swc-node/register", "src/scripts/move-uploads.ts", "--to", "database"],
        {
          cwd: join(__dirname, "..", "..", ".."),
          env: {
            ...process.env,
            DATABASE_URL: (t.portal.dataSource.options as { url?: string }).url ?? "",
            DATA_DIR: t.dataDir,
          },
        },
      );
    const first = await run();
    expect(first.stdout).toMatch(
      /Copiés : 3 · déjà présents : 0 · retirés de la source : 0 · introuvables : 0 · en échec : 0/,
    );
    const database = databaseStorage(t.portal.dataSource);
    for (const answer of sent) {
      const name = answer.result!.link.slice("/uploads/".length);
      expect(await storedHash(database, name)).toBe(await storedHash(diskStorage(join(t.dataDir, "uploads")), name));
    }
    expect((await run()).stdout).toMatch(/Copiés : 0 · déjà présents : 3/);
  });

  it("refuses a missing or unknown target, in French", async () => {
    const refused = promisify(execFile)(process.execPath, ["-r", "@swc-node/register", "src/scripts/move-uploads.ts"], {
      cwd: join(__dirname, "..", "..", ".."),
      env: { ...process.env, DATA_DIR: t.dataDir },
    });
    await expect(refused).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("Précisez la cible") });
  });
});

describe("uploads kept in the database (UPLOAD_STORAGE=database)", () => {
  const t = useTestPortal({ UPLOAD_STORAGE: "database" });

  it("stores what GraphQL and REST receive in the database, not on disk, and serves it with the same headers", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    for (const upload of [restUpload, graphqlUpload]) {
      const bytes = png(CHUNK_BYTES + 5000);
      const answer = await upload(agent, { name: "affiche.png", bytes });
      expect(answer.error).toBeNull();
      const name = answer.result!.link.slice("/uploads/".length);
      const [{ n }] = await t.portal.dataSource.query(
        "SELECT COUNT(*) AS n FROM stored_file_chunk WHERE storageKey = ?",
        [name],
      );
      expect(Number(n)).toBe(2);
      const served = await fetch(`${t.url}${answer.result!.link}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("content-length")).toBe(String(bytes.length));
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(readdirSync(t.dataDir)).not.toContain("uploads");
  });
});
