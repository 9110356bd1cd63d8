// `npm start` runs this first: it builds the API and the web only when a source
// file is newer than the last build, so a fresh clone builds once and later starts are instant.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const stamp = join(root, "api", "dist", ".build-stamp");
const outputs = [
  join(root, "api", "dist", "server.js"),
  join(root, "web", "dist", "index.html"),
  join(root, "web", "dist-ssr", "entry-server.js"),
  stamp,
];
const sources = [
  "api/src",
  "web/src",
  "web/public",
  "web/index.html",
  "web/explorer.html",
  "web/vite.config.ts",
  "web/build",
  "package-lock.json",
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

const built = outputs.every(existsSync) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((source) => newest(join(root, source))));
if (built === 0 || changed > built) {
  console.log(
    built === 0 ? "Première construction du portail…" : "Des sources ont changé : reconstruction du portail…",
  );
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  writeFileSync(stamp, new Date().toISOString());
}
