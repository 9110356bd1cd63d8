import { type Server } from "node:http";
import { type DataSource } from "typeorm";
import { createApp } from "./app";
import { type Config } from "./config";
import { openDatabase } from "./db/data-source";
import { seedDemoContent } from "./db/seed/demo-content";
import { logger } from "./logger";
import { loadTownData } from "./modules/geo/town-data";
import { ensureFirstAdmin } from "./modules/users/admin-bootstrap";
import { createServices, type Services } from "./container";

export interface RunningPortal {
  server: Server;
  dataSource: DataSource;
  services: Services;
  url: string;
  close: () => Promise<void>;
}

/** Start-up, in order: database and migrations, towns, demo content, first admin, HTTP. */
export async function startPortal(config: Config): Promise<RunningPortal> {
  const towns = loadTownData(config.departmentCode);
  const dataSource = await openDatabase(config);
  try {
    const services = createServices(dataSource, towns, config);
    const synced = await services.geo.syncTowns();
    if (synced.added || synced.removed) logger.info("towns.synced", { department: config.departmentCode, ...synced });
    if (config.demoContent) await seedDemoContent(dataSource, services, towns);
    await ensureFirstAdmin(dataSource, config.admin);

    const { app, apollo } = await createApp({ config, dataSource, services });
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(config.port, () => resolve(listening));
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
    return {
      server,
      dataSource,
      services,
      url: `http://localhost:${port}`,
      close: async () => {
        services.audit.stopRetention();
        services.publication.stop();
        await services.jobs.stop();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await apollo.stop();
        await dataSource.destroy();
      },
    };
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
}
