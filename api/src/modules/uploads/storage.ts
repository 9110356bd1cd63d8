import { createReadStream, existsSync, mkdirSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Readable } from "node:stream";

/** The storage port: files by server-generated key (local disk now; object storage later). */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Readable | null;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}$/;

export function diskStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  const path = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return join(root, key);
  };
  return {
    put: (key, bytes) => writeFile(path(key), bytes, { flag: "wx" }),
    read: (key) => (SAFE_KEY.test(key) && existsSync(path(key)) ? createReadStream(path(key)) : null),
    remove: (key) => rm(path(key), { force: true }),
  };
}
