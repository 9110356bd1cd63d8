import "reflect-metadata";
import { ConfigError, loadConfig } from "./config";
import { logger } from "./logger";
import { startPortal } from "./portal";

async function main() {
  const config = loadConfig();
  const portal = await startPortal(config);
  logger.info("portal.started", {
    url: config.publicUrl,
    database: config.databaseUrl ? "mysql" : "sqlite",
    department: config.departmentCode,
  });
  const shutdown = (signal: string) => {
    logger.info("portal.stopping", { signal });
    portal.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
    console.error(`Le port est déjà utilisé : choisissez-en un autre avec PORT.`);
  } else if (
    error instanceof Error &&
    "code" in error &&
    ["ECONNREFUSED", "ER_ACCESS_DENIED_ERROR", "ER_BAD_DB_ERROR", "ENOTFOUND"].includes(String(error.code))
  ) {
    console.error(`Impossible de se connecter à la base de données indiquée par DATABASE_URL (${String(error.code)}).`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
