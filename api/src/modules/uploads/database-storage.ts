import { Readable } from "node:stream";
import { type DataSource } from "typeorm";
import { assertSafeKey, type FileContent, SAFE_KEY, type Storage } from "./storage";

/** The size of the pieces a file is kept in (rows of stored_file_chunk). */
export const CHUNK_BYTES = 256 * 1024;

/** Regroups a stream of buffers of any size into pieces of `size` bytes (the last one shorter). */
export async function* inPieces(content: FileContent, size = CHUNK_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const buffer of content) {
    let rest = buffer;
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Files kept in the database itself (`stored_file_chunk`), so that every instance of the
 * portal serves every file with nothing shared but the database. A file is written in one
 * transaction, a piece at a time, and read back a piece at a time as the client takes it:
 * at most one piece of it is in memory.
 */
export function databaseStorage(dataSource: DataSource): Storage {
  const piece = async (key: string, seq: number): Promise<Buffer | null> => {
    const rows: Array<{ bytes: Buffer | Uint8Array }> = await dataSource.query(
      "SELECT bytes FROM stored_file_chunk WHERE storageKey = ? AND seq = ?",
      [key, seq],
    );
    return rows.length ? Buffer.from(rows[0].bytes) : null;
  };
  return {
    kind: "database",
    async put(key, content) {
      assertSafeKey(key);
      await dataSource.transaction(async (manager) => {
        let seq = 0;
        for await (const bytes of inPieces(content)) {
          await manager.query("INSERT INTO stored_file_chunk (storageKey, seq, bytes) VALUES (?, ?, ?)", [
            key,
            seq++,
            bytes,
          ]);
        }
        // An empty file is one empty piece: it exists.
        if (seq === 0) {
          await manager.query("INSERT INTO stored_file_chunk (storageKey, seq, bytes) VALUES (?, 0, ?)", [
            key,
            Buffer.alloc(0),
          ]);
        }
      });
    },
    async read(key) {
      if (!SAFE_KEY.test(key)) return null;
      const first = await piece(key, 0);
      if (!first) return null;
      return Readable.from(
        (async function* () {
          yield first;
          for (let seq = 1; ; seq++) {
            const next = await piece(key, seq);
            if (!next) return;
            yield next;
          }
        })(),
        { objectMode: false },
      );
    },
    async has(key) {
      if (!SAFE_KEY.test(key)) return false;
      const rows: unknown[] = await dataSource.query(
        "SELECT 1 AS found FROM stored_file_chunk WHERE storageKey = ? AND seq = 0",
        [key],
      );
      return rows.length > 0;
    },
    async remove(key) {
      assertSafeKey(key);
      await dataSource.query("DELETE FROM stored_file_chunk WHERE storageKey = ?", [key]);
    },
  };
}
