/**
 * Fills a database with a département's years of generated content, for measuring:
 *
 *   npm run seed:scale -- --media 100000 --services 20000 --users 2000 [--years 8] [--fresh]
 *
 * The database is the portal's own (DATABASE_URL, else the SQLite file in DATA_DIR), migrated
 * first. Generated content is marked (« [Généré] »); --fresh removes earlier generated content
 * first, otherwise the command refuses to add to it. Statistics are refreshed at the end.
 */
import "reflect-metadata";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/data-source";
import { removeScaleContent, seedScaleContent } from "../db/seed/scale-content";
import { loadTownData } from "../modules/geo/town-data";
import { GeoService } from "../modules/geo/geo.service";
import { refreshStatistics } from "../db/statistics";

const count = (value: string | undefined, fallback: number, name: string) => {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} attend un nombre entier positif.`);
  return parsed;
};

async function main() {
  // npm runs workspace scripts in api/: relative paths (DATA_DIR) mean the caller's directory.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { values } = parseArgs({
    options: {
      media: { type: "string" },
      services: { type: "string" },
      users: { type: "string" },
      years: { type: "string" },
      fresh: { type: "boolean", default: false },
    },
  });
  const options = {
    media: count(values.media, 100_000, "media"),
    services: count(values.services, 20_000, "services"),
    users: count(values.users, 2_000, "users"),
    years: count(values.years, 8, "years"),
  };
  const config = loadConfig({ ...process.env, DEMO_CONTENT: "false" });
  const towns = loadTownData(config.departmentCode);
  const dataSource = await openDatabase(config);
  try {
    await new GeoService(dataSource, towns).syncTowns();
    const [{ generated }] = await dataSource.query(
      `SELECT COUNT(*) AS generated FROM media WHERE title LIKE '[Généré]%'`,
    );
    if (Number(generated) > 0) {
      if (!values.fresh) {
        console.error(
          `La base contient déjà ${generated} articles générés : relancez avec --fresh pour les remplacer.`,
        );
        process.exitCode = 1;
        return;
      }
      await removeScaleContent(dataSource);
    }
    const started = Date.now();
    let last = 0;
    const done: Record<string, number> = {};
    const counts = await seedScaleContent(dataSource, towns, options, (step, written, total) => {
      done[step] = (done[step] ?? 0) + written;
      if (Date.now() - last > 10_000) {
        last = Date.now();
        console.log(`… ${step} : ${done[step]} / ${total}`);
      }
    });
    await refreshStatistics(dataSource);
    console.log(
      `Écrit : ${counts.media} articles, ${counts.services} services, ${counts.users} comptes en ${Math.round((Date.now() - started) / 1000)} s.`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
