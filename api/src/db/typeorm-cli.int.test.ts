import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { scratchDatabase } from "../../test/database";
import { isMysql } from "./column-types";
import { migrations } from "./migrations";

const ROOT = join(__dirname, "..", "..", "..");
/** One CLI run's time limit: it compiles the sources first, up to a minute on a loaded machine. */
const CLI_RUN_MS = 60_000;
/** A test's time limit: its CLI runs one after the other, and a margin. */
const RUNS = (count: number) => count * CLI_RUN_MS + 10_000;
const NAMES = migrations.map((Migration) => new Migration().name ?? Migration.name);

/** The command the README and docs/testing.md document, run from the repository's root as a developer would. */
async function typeorm(command: string, env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<string> {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "typeorm", "--", command], {
    cwd: ROOT,
    // No colours: under CI=true the CLI underlines its lines.
    env: { ...process.env, DATABASE_URL: "", FORCE_COLOR: "0", NO_COLOR: "1", ...env },
    encoding: "utf8",
    timeout: CLI_RUN_MS,
  });
  return stdout;
}

/** `[ ] Name` (pending) or `[X] 1 Name` (run), one line per migration. */
const listed = (output: string) =>
  output
    .split("\n")
    // eslint-disable-next-line no-control-regex -- colour codes, should a terminal setting force them
    .map((line) => /^\[( |X)\] (?:\d+ )?(\w+)$/.exec(line.replace(/\x1b\[[0-9;]*m/g, "").trim()))
    .filter((match) => match !== null)
    .map(([, mark, name]) => ({ name, run: mark === "X" }));

const mysqlUrl = process.env.DATABASE_URL && isMysql(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;

describe("the TypeORM CLI (npm run typeorm -- migration:show, with ormconfig.ts)", () => {
  it(
    "lists every migration of a fresh SQLite database as pending, then as run",
    async () => {
      const env = { DATA_DIR: mkdtempSync(join(tmpdir(), "portail-cli-")) };
      expect(listed(await typeorm("migration:show", env))).toEqual(NAMES.map((name) => ({ name, run: false })));
      await typeorm("migration:run", env);
      expect(listed(await typeorm("migration:show", env))).toEqual(NAMES.map((name) => ({ name, run: true })));
    },
    RUNS(3),
  );

  it.runIf(mysqlUrl)(
    "lists them on MySQL/MariaDB with DATABASE_URL",
    async () => {
      const { databaseUrl, dataDir } = await scratchDatabase("cli");
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl! };
      expect(listed(await typeorm("migration:show", env))).toEqual(NAMES.map((name) => ({ name, run: false })));
    },
    RUNS(1),
  );
});
