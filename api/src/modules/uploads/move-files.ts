import { createHash } from "node:crypto";
import { type Readable } from "node:stream";
import { type DataSource } from "typeorm";
import { type Storage } from "./storage";

export interface MoveReport {
  /** Files copied to the target and read back identical. */
  copied: number;
  /** Files the target already had (an earlier run). */
  alreadyThere: number;
  /** Files removed from the source once found identical in the target (--remove-source). */
  removedFromSource: number;
  /** Keys of uploaded files neither storage has (lost before the move). */
  missing: string[];
  /** Keys whose copy failed or did not read back identical: the source keeps them. */
  failed: string[];
}

/** The uploaded files are listed by key, so many at a time (keyset pages). */
const PAGE = 200;

/** A stream's bytes passed on unchanged, hashed on the way (SHA-256). */
async function* hashing(stream: Readable, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    yield chunk as Buffer;
  }
}

/** The SHA-256 of a stored file, read as a stream; null when the storage has no such file. */
export async function storedHash(storage: Storage, key: string): Promise<string | null> {
  const stream = await storage.read(key);
  if (!stream) return null;
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Copies every uploaded file (the `uploaded_file` rows) from one storage to the other, a file at
 * a time, as a stream: each copy is read back and compared (SHA-256) before it counts, and a
 * copy that differs is removed from the target. The source keeps everything unless
 * `removeSource` is asked, and then loses a file only once the target holds it identical.
 * Run it again after an interruption: what was copied is found there and skipped.
 */
export async function moveFiles(
  dataSource: DataSource,
  from: Storage,
  to: Storage,
  { removeSource = false, onFile }: { removeSource?: boolean; onFile?: (key: string, outcome: string) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, removedFromSource: 0, missing: [], failed: [] };
  let after = "";
  for (;;) {
    const rows: Array<{ storageKey: string }> = await dataSource.query(
      `SELECT storageKey FROM uploaded_file WHERE storageKey > ? ORDER BY storageKey LIMIT ${PAGE}`,
      [after],
    );
    for (const { storageKey: key } of rows) {
      const outcome = await moveOne(from, to, key, removeSource, report);
      onFile?.(key, outcome);
    }
    if (rows.length < PAGE) return report;
    after = rows[rows.length - 1].storageKey;
  }
}

async function moveOne(from: Storage, to: Storage, key: string, removeSource: boolean, report: MoveReport) {
  let sourceHash: string | null;
  if (await to.has(key)) {
    report.alreadyThere++;
    if (!removeSource || !(await from.has(key))) return "déjà présent";
    sourceHash = await storedHash(from, key);
  } else {
    const source = await from.read(key);
    if (!source) {
      report.missing.push(key);
      return "absent des deux stockages";
    }
    const hash = createHash("sha256");
    try {
      await to.put(key, hashing(source, hash));
    } catch {
      source.destroy();
      await to.remove(key).catch(() => undefined);
      report.failed.push(key);
      return "échec de la copie";
    }
    sourceHash = hash.digest("hex");
    if ((await storedHash(to, key)) !== sourceHash) {
      await to.remove(key);
      report.failed.push(key);
      return "copie différente, retirée de la cible";
    }
    report.copied++;
    if (!removeSource) return "copié";
  }
  // Removed from the source only when the target holds the very same bytes.
  if ((await storedHash(to, key)) !== sourceHash) {
    report.failed.push(key);
    return "différent dans la cible : gardé dans la source";
  }
  await from.remove(key);
  report.removedFromSource++;
  return "déplacé";
}
