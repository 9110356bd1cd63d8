import { type Request, type Response, Router } from "express";
import { type DataSource } from "typeorm";
import { logger } from "../../logger";
import type { GeoService } from "../geo/geo.service";
import { openDataBatches } from "../search/open-data-export";
import {
  LICENCE,
  type OpenDataSheet,
  SERVICE_COLUMNS,
  STRUCTURE_COLUMNS,
  toService,
  toStructure,
} from "./data-inclusion";

/** The client left before the end of the export: nothing more is read or written. */
class ClientGone extends Error {}

const EXPORTS = {
  structures: { record: toStructure, columns: STRUCTURE_COLUMNS as readonly string[], schema: "structure" },
  services: { record: toService, columns: SERVICE_COLUMNS as readonly string[], schema: "service" },
} as const;

/** A CSV cell for French spreadsheets: `;` separated, quoted when needed; lists joined with « , ». */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * `GET /api/open-data/structures` and `/api/open-data/services` (JSON; `.csv` for a CSV file):
 * the directory's sheets in the data·inclusion schema, under the Licence Ouverte 2.0. The
 * answer is written as its rows are read (keyset batches), so that 100,000 sheets never sit in
 * memory together. Only what a service's page shows leaves: no account, no owner. A sheet's
 * `code_insee` is its town's, from the committed town list (in memory: no query per row).
 */
export function openDataRouter(
  dataSource: DataSource,
  publicUrl: string,
  towns: Pick<GeoService, "inseeCodeOf">,
): Router {
  const router = Router();
  /** The sheets, a batch at a time: planned and read by the search module (search/open-data-export.ts). */
  const batches = () => openDataBatches(dataSource).batches;

  const send = (kind: keyof typeof EXPORTS, format: "json" | "csv") => async (_req: Request, res: Response) => {
    const { columns, schema } = EXPORTS[kind];
    const record = (service: OpenDataSheet) =>
      EXPORTS[kind].record(service, publicUrl, towns.inseeCodeOf(service.city, { postcode: service.zip }));
    // Waits while the client (or the network) has not taken what was written: memory stays flat.
    // One `drain` listener for the whole answer: the compression stream takes the answer's
    // `drain` listeners and never hands back those a one-time wait would remove (they piled up,
    // one per wait). A client gone stops the export.
    let resume: (() => void) | null = null;
    const resumeWriting = () => {
      resume?.();
      resume = null;
    };
    res.on("drain", resumeWriting);
    res.on("close", resumeWriting);
    const write = async (text: string) => {
      if (res.destroyed) throw new ClientGone();
      if (!res.write(text)) await new Promise<void>((resolve) => (resume = resolve));
      if (res.destroyed) throw new ClientGone();
    };
    res.setHeader("Link", `<${LICENCE.url}>; rel="license"`);
    res.setHeader("Cache-Control", "public, max-age=3600");
    try {
      if (format === "csv") {
        res.type("text/csv; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="${kind}-data-inclusion.csv"`);
        // The BOM tells French spreadsheets the file is UTF-8.
        await write(`\uFEFF${columns.join(";")}\r\n`);
        for await (const batch of batches()) {
          const rows = batch.map((service) => record(service) as Record<string, unknown>);
          await write(rows.map((row) => `${columns.map((column) => cell(row[column])).join(";")}\r\n`).join(""));
        }
      } else {
        res.type("application/json; charset=utf-8");
        await write(
          `{"licence":${JSON.stringify(LICENCE.name)},"licence_url":${JSON.stringify(LICENCE.url)},` +
            `"schema":${JSON.stringify(`data·inclusion v1, ${schema}`)},"source":${JSON.stringify(publicUrl)},"data":[`,
        );
        let first = true;
        for await (const batch of batches()) {
          await write(`${first ? "" : ","}\n${batch.map((service) => JSON.stringify(record(service))).join(",\n")}`);
          first = false;
        }
        await write("\n]}\n");
      }
      res.end();
    } catch (error) {
      if (error instanceof ClientGone) {
        logger.info("open_data.client_gone", { kind });
        return;
      }
      logger.error("open_data.failed", { kind, error: String(error) });
      res.destroy(error as Error);
    }
  };

  router.get("/structures", send("structures", "json"));
  router.get("/structures.csv", send("structures", "csv"));
  router.get("/services", send("services", "json"));
  router.get("/services.csv", send("services", "csv"));
  return router;
}
