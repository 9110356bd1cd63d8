import { logger } from "../../logger";
import { AuditAction, AuditItemType } from "../audit/audit-entry.entity";
import type { AuditService } from "../audit/audit.service";
import type { Media } from "./media.entity";
import type { MediaService } from "./media.service";

/** Who the history names for a publication the portal made at its scheduled time. */
export const SCHEDULED_PUBLICATION = "Publication programmée";

/**
 * Publishes scheduled articles when their time comes, from inside the portal: at start-up
 * (what fell due while it was stopped) and then every `intervalMs`. Each article is published
 * once, whichever instance of the portal takes it (MediaService.publishDue).
 */
export class PublicationScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Media[]> | null = null;

  constructor(
    private readonly media: MediaService,
    private readonly audit: AuditService,
    private readonly intervalMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Publishes what is due now; one run at a time. */
  run(): Promise<Media[]> {
    this.running ??= this.publishDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async publishDue(): Promise<Media[]> {
    const published = await this.media.publishDue(this.now());
    for (const media of published) {
      await this.audit.record(
        { portal: SCHEDULED_PUBLICATION },
        {
          itemType: AuditItemType.MEDIA,
          itemId: media.id,
          itemLabel: media.title,
          action: AuditAction.PUBLISH,
          fields: [],
        },
      );
      logger.info("media.published", { id: media.id });
    }
    return published;
  }

  start(): void {
    const tick = () =>
      void this.run().catch((error: unknown) => logger.warn("media.publication_failed", { error: String(error) }));
    tick();
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
