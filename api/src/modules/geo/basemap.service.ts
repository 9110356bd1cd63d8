import { logger } from "../../logger";

/** How long an answer about the basemap holds before it is asked again. */
const RECHECK_MS = 5 * 60_000;
const PROBE_TIMEOUT_MS = 3000;

/**
 * Whether the basemap answers, checked from the server every few minutes. Pages load
 * the map library (about 270 KB) only when it does: without a basemap a family's phone
 * would download it for an empty frame, and log errors for every missing tile.
 */
export class BasemapService {
  private available = false;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;

  constructor(
    /** A URL the basemap answers with 200 when it works (one tile, or the style). */
    private readonly probeUrl: string | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** The last known answer; a stale one is refreshed in the background. */
  isAvailable(): boolean {
    if (this.now() - this.checkedAt > RECHECK_MS) void this.refresh();
    return this.available;
  }

  /** Asks the basemap now (one request at a time). */
  refresh(): Promise<void> {
    this.checking ??= this.probe().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async probe(): Promise<void> {
    const first = this.checkedAt === 0;
    const was = this.available;
    if (!this.probeUrl) {
      this.available = false;
    } else {
      try {
        const response = await fetch(this.probeUrl, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
        this.available = response.ok;
        await response.body?.cancel();
      } catch {
        this.available = false;
      }
    }
    this.checkedAt = this.now();
    if (first || was !== this.available) {
      logger[this.available ? "info" : "warn"]("maps.basemap_checked", { available: this.available });
    }
  }
}

/** The first tile of a template (the whole world at zoom 0). */
export const firstTile = (template: string) => template.replace("{z}", "0").replace("{x}", "0").replace("{y}", "0");
