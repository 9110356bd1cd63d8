// The node flags `npm start` gives the server (package.json's start script). Whatever else starts
// the built server (the benches, the browser tests) starts it with these, as it runs in
// production; the Dockerfile's CMD has the same ones (api/src/start-command.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const packageJson = join(import.meta.dirname, "..", "..", "package.json");

/** The flags between `node` and `api/dist/server.js` in the start script. */
export function serverNodeFlags() {
  const { start } = JSON.parse(readFileSync(packageJson, "utf8")).scripts;
  const command = /(?:^|&&\s*)node\s+((?:--\S+\s+)*)api\/dist\/server\.js/.exec(start);
  if (!command) throw new Error(`package.json : le script start ne lance pas api/dist/server.js (${start})`);
  return command[1].split(/\s+/).filter(Boolean);
}
