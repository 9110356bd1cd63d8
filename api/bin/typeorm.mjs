// The TypeORM CLI over the API's TypeScript sources: `npm run typeorm -- migration:show`.
// The entities need decorator metadata, which the plain CLI (`npx typeorm`) cannot get from
// TypeScript files: this runs it through @swc-node/register, the loader of `npm run dev -w api`,
// with the repository's tsconfig.json. Commands that read a data source get ormconfig.ts
// (SQLite in DATA_DIR, or DATABASE_URL) unless another one is named with -d.
import { createRequire } from "node:module";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);

process.env.SWC_NODE_PROJECT ??= join(root, "tsconfig.json");
require("@swc-node/register");

const DATA_SOURCE_COMMANDS = new Set([
  "cache:clear",
  "migration:generate",
  "migration:revert",
  "migration:run",
  "migration:show",
  "query",
  "schema:drop",
  "schema:log",
  "schema:sync",
]);
const args = process.argv.slice(2);
const named = args.some((arg) => /^(-d|--dataSource|--data-source)(=|$)/.test(arg));
if (DATA_SOURCE_COMMANDS.has(args[0]) && !named) process.argv.push("-d", join(root, "ormconfig.ts"));

require("typeorm/cli.js");
