// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the
// production build, once, at the highest levels: the server then sends them as they
// are (express-static-gzip), without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? join(import.meta.dirname, "..", "dist");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|wasm)$/;
// Below this size the headers cost more than compression saves.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(directory) {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) {
      if (name !== ".vite") walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    files++;
    before += bytes.length;
    after += brotli.length;
  }
}
walk(root);
console.log(
  `precompressed ${files} files: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB with brotli`,
);
