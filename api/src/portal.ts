import { createServer, type Server } from "node:http";
import { type DataSource } from "typeorm";
import { createApp, type Lifecycle } from "./http/app";
import { type Config } from "./config";
import { limitStatements, openDatabase, openReadDatabase, withDatabaseLock } from "./db/data-source";
import { seedDemoContent } from "./db/seed/demo-content";
import { logger } from "./logger";
import { loadTownData } from "./modules/geo/town-data";
import { checkSharedSecret } from "./modules/instances/shared-secret";
import { ensureFirstAdmin } from "./modules/users/admin-bootstrap";
import { createServices, type Services } from "./container";

export interface RunningPortal {
  server: Server;
  dataSource: DataSource;
  /** The replica of DATABASE_READ_URL, if any. */
  readSource: DataSource | null;
  services: Services;
  url: string;
  lifecycle: Lifecycle;
  /**
   * Stops the instance: /healthz answers 503 at once (the load balancer stops sending), new
   * connections are still taken for `drainMs` (what was already on its way), then none; the
   * requests in flight get their answers (for at most `timeoutMs`, then their connections are
   * cut); the background work stops, the pools close.
   */
  close: (options?: { timeoutMs?: number; drainMs?: number }) => Promise<{ cut: boolean }>;
}

/** Start-up, in order: database and migrations, towns, demo content, first admin, HTTP. */
export async function startPortal(config: Config): Promise<RunningPortal> {
  const towns = loadTownData(config.departmentCode);
  const dataSource = await openDatabase(config);
  let readSource: DataSource | null = null;
  try {
    await checkSharedSecret(dataSource, config.databaseUrl, config.sessionSecret, {
      rotate: config.sessionSecretRotate,
    });
    if (config.databaseReadUrl) readSource = await openReadDatabase(config.databaseReadUrl, config.dataDir);
    const services = createServices(dataSource, towns, config, readSource);
    // Instances started together write these one after the other (the next finds them done).
    await withDatabaseLock(dataSource, "start-up", async () => {
      const synced = await services.geo.syncTowns();
      if (synced.added || synced.removed) logger.info("towns.synced", { department: config.departmentCode, ...synced });
      if (config.demoContent) await seedDemoContent(dataSource, services, towns);
      await ensureFirstAdmin(dataSource, config.admin);
    });
    // Started: from now on every statement has its time limit (the start-up's may wait long).
    for (const source of [dataSource, readSource]) {
      if (source) limitStatements(source, config.databaseStatementTimeoutMs);
    }

    const lifecycle: Lifecycle = { draining: false };
    const { listener, apollo, health } = await createApp({ config, dataSource, readSource, services, lifecycle });
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = createServer(listener).listen(config.port, () => resolve(listening));
      listening.once("error", reject);
    });
    void services.basemap.refresh();
    // The audit trail keeps one year.
    services.audit.startRetention();
    // Scheduled articles are published from here: what fell due while stopped, then every minute.
    services.publication.start();
    // Background jobs (the daily sheet reminders): what fell due while stopped, then when due.
    services.jobs.start();
    // Towns the list left without coordinates are geocoded once, in the background.
    if (config.geocoder.fillTowns) void services.addresses.fillTownCoordinates();
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    let closing: Promise<{ cut: boolean }> | null = null;
    return {
      server,
      dataSource,
      readSource,
      services,
      url: `http://localhost:${port}`,
      lifecycle,
      close: ({ timeoutMs = config.shutdownTimeoutSeconds * 1000, drainMs = 0 } = {}) => {
        closing ??= (async () => {
          lifecycle.draining = true;
          services.audit.stopRetention();
          services.publication.stop();
          if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
          const cut = await drain(server, timeoutMs);
          await services.jobs.stop();
          await apollo.stop();
          health.close();
          await readSource?.destroy();
          await dataSource.destroy();
          return { cut };
        })();
        return closing;
      },
    };
  } catch (error) {
    await readSource?.destroy();
    await dataSource.destroy();
    throw error;
  }
}

/** How often a stopping instance closes the kept-alive connections that fell idle. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops taking connections and waits for the requests in flight: kept-alive connections close
 * as soon as they are idle (at once, or once their answer is sent). Past `timeoutMs`, what is
 * left is cut; the answer says whether anything was.
 */
function drain(server: Server, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const timer = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      resolve(true);
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve(false);
    });
    server.closeIdleConnections();
  });
}
