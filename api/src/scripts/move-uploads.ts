import "reflect-metadata";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../db/data-source";
import { databaseStorage } from "../modules/uploads/database-storage";
import { moveFiles } from "../modules/uploads/move-files";
import { diskStorage, type Storage, type StorageKind } from "../modules/uploads/storage";

/**
 * `npm run uploads:move -- --to database [--remove-source]`: copies the uploaded files from
 * one storage to the other (local: UPLOADS_DIR or DATA_DIR/uploads; database: DATABASE_URL),
 * each read back and compared before it counts. Safe to run again; see moveFiles.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      to: { type: "string" },
      from: { type: "string" },
      "remove-source": { type: "boolean", default: false },
    },
  });
  const kinds: StorageKind[] = ["local", "database"];
  const to = values.to as StorageKind | undefined;
  if (!to || !kinds.includes(to)) throw new ConfigError("Précisez la cible : --to database ou --to local.");
  const from = (values.from ?? kinds.find((kind) => kind !== to)) as StorageKind;
  if (!kinds.includes(from) || from === to) throw new ConfigError("--from doit être l'autre stockage que --to.");

  const config = loadConfig();
  const dataSource = await openDatabase(config);
  const storages: Record<StorageKind, Storage> = {
    local: diskStorage(config.uploadsDir),
    database: databaseStorage(dataSource),
  };
  const where = (kind: StorageKind) => (kind === "local" ? `répertoire ${config.uploadsDir}` : "base de données");
  console.log(`Fichiers déposés : de « ${where(from)} » vers « ${where(to)} »`);
  try {
    let seen = 0;
    const report = await moveFiles(dataSource, storages[from], storages[to], {
      removeSource: values["remove-source"],
      onFile: () => {
        if (++seen % 100 === 0) console.log(`… ${seen} fichiers`);
      },
    });
    console.log(
      `Copiés : ${report.copied} · déjà présents : ${report.alreadyThere} · retirés de la source : ` +
        `${report.removedFromSource} · introuvables : ${report.missing.length} · en échec : ${report.failed.length}`,
    );
    for (const key of report.missing) console.log(`introuvable dans les deux stockages : ${key}`);
    for (const key of report.failed) console.log(`en échec (gardé dans la source) : ${key}`);
    if (report.failed.length > 0 || report.missing.length > 0) process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
