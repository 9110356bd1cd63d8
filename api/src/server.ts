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
    logger.info("portal.stopping", {
      signal,
      drainSeconds: config.shutdownDrainSeconds,
      timeoutSeconds: config.shutdownTimeoutSeconds,
    });
    portal.close({ drainMs: config.shutdownDrainSeconds * 1000 }).then(
      ({ cut }) => {
        logger.info("portal.stopped", { cutRequests: cut });
        process.exit(0);
      },
      (error: unknown) => {
        logger.error("portal.stop_failed", { error: String(error) });
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a library that watches signals (signal-exit) kills the process again when it
  // sees no other listener left, which would cut the requests being answered. A second signal
  // while stopping changes nothing (close() runs once).
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
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
