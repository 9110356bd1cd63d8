import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { access, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A file's bytes, read once, in order: a buffer list, a stream, any (async) iterable of buffers. */
export type FileContent = Iterable<Buffer> | AsyncIterable<Buffer>;

/**
 * The storage port: files by server-generated key. Two adapters: a directory (one instance, or
 * several sharing a network directory) and the database (any number of instances, nothing
 * shared but the database). Neither holds a whole file in memory: bytes come and go as streams.
 */
export interface Storage {
  /** `local` (a directory) or `database`: what the configuration names it. */
  readonly kind: StorageKind;
  /** Stores a new file under `key`; nothing is kept if it fails part-way. */
  put(key: string, content: FileContent): Promise<void>;
  /** The file's bytes, or null when this storage has no such file. */
  read(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removes the file; a key it does not have is no error. */
  remove(key: string): Promise<void>;
}

export type StorageKind = "local" | "database";

/** Keys are made by the upload service (random, with the detected extension): nothing else is a path. */
export const SAFE_KEY = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/**
 * Files in a directory (DATA_DIR/uploads, or UPLOADS_DIR): local to one instance, or shared by
 * several when it is a network directory (NFS and the like) mounted at the same path on each.
 * A file is written under a temporary name and renamed once complete, so a reader on another
 * instance never sees half of it.
 */
export function diskStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  const path = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  return {
    kind: "local",
    async put(key, content) {
      const target = path(key);
      const partial = `${target}.${process.pid}.partial`;
      try {
        await pipeline(Readable.from(content), createWriteStream(partial, { flags: "wx" }));
        if (await exists(target)) throw new Error(`Storage key already used: ${key}`);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      if (!SAFE_KEY.test(key) || !(await exists(path(key)))) return null;
      return createReadStream(path(key));
    },
    has: (key) => (SAFE_KEY.test(key) ? exists(path(key)) : Promise.resolve(false)),
    remove: (key) => rm(path(key), { force: true }),
  };
}
