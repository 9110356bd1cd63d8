import { randomBytes } from "node:crypto";
import { type DataSource, type EntityManager, LessThan, type Repository } from "typeorm";
import { requireAdmin } from "../../policies/account.policy";
import type { Viewer } from "../../policies/viewer";
import { logger } from "../../logger";
import { type AuditAction, AuditEntry, type AuditItemType } from "./audit-entry.entity";

/** How long the trail is kept. */
export const AUDIT_RETENTION_DAYS = 365;
const DAY_MS = 86_400_000;
/** The most entries one item's history shows (newest first). */
const HISTORY_LIMIT = 200;

let lastMillisecond = 0;
let sameMillisecond = 0;

/**
 * An id that sorts in write order (MySQL's datetime keeps whole seconds): the millisecond in
 * base 36, a counter within it, then random bits so that instances never collide.
 */
export function sortableId(now = Date.now()): string {
  sameMillisecond = now === lastMillisecond ? sameMillisecond + 1 : 0;
  lastMillisecond = now;
  return `${now.toString(36).padStart(9, "0")}-${sameMillisecond.toString(36).padStart(4, "0")}-${randomBytes(8).toString("hex")}`;
}

/** The fields of `after` whose value differs from `before` (compared as JSON: lists and dates too). */
export function changedFields<T extends object>(before: T | null, after: T, keys: readonly (keyof T)[]): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const empty = (value: unknown) =>
    value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
  return keys.filter((key) => (before ? !same(before[key], after[key]) : !empty(after[key]))).map((key) => String(key));
}

/** The audit trail: one entry per write of a media, a service sheet or an account. */
export class AuditService {
  private readonly entries: Repository<AuditEntry>;
  private timer: NodeJS.Timeout | null = null;

  constructor(dataSource: DataSource) {
    this.entries = dataSource.getRepository(AuditEntry);
  }

  /**
   * Records a write by the viewer, or by the portal itself (`viewer` is then what it did, e.g.
   * « Publication programmée »); with `manager`, in the transaction of the write it records.
   */
  async record(
    viewer: Viewer | { portal: string },
    entry: { itemType: AuditItemType; itemId: string; itemLabel: string; action: AuditAction; fields: string[] },
    manager?: EntityManager,
  ): Promise<void> {
    const actor = "portal" in viewer ? null : viewer.user;
    const now = Date.now();
    await (manager ? manager.getRepository(AuditEntry) : this.entries).insert({
      id: sortableId(now),
      at: new Date(now),
      actorId: actor?.id ?? null,
      actorName:
        "portal" in viewer ? viewer.portal : actor ? `${actor.surname} ${actor.name}`.slice(0, 150) : "Visiteur",
      ...entry,
      itemLabel: entry.itemLabel.slice(0, 255),
    });
  }

  /** An item's history, newest first (administrators). */
  async historyOf(viewer: Viewer, itemType: AuditItemType, itemId: string): Promise<AuditEntry[]> {
    requireAdmin(viewer);
    return this.entries.find({
      where: { itemType, itemId },
      order: { at: "DESC", id: "DESC" },
      take: HISTORY_LIMIT,
    });
  }

  /** What one account wrote, newest first, a page at a time (administrators). */
  async byActor(
    viewer: Viewer,
    actorId: string,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; entries: AuditEntry[] }> {
    requireAdmin(viewer);
    const [entries, total] = await this.entries.findAndCount({
      where: { actorId },
      order: { at: "DESC", id: "DESC" },
      skip: page * pageSize,
      take: pageSize,
    });
    return { total, entries };
  }

  /** Removes the entries older than the retention period; returns how many. */
  async purge(now = new Date()): Promise<number> {
    const result = await this.entries.delete({ at: LessThan(new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS)) });
    return result.affected ?? 0;
  }

  /** Purges at start-up, then daily, in this process (every instance may: a DELETE is idempotent). */
  startRetention(): void {
    const run = () =>
      void this.purge().then(
        (removed) => removed > 0 && logger.info("audit.purged", { removed }),
        (error: unknown) => logger.warn("audit.purge_failed", { error: String(error) }),
      );
    run();
    this.timer = setInterval(run, DAY_MS);
    this.timer.unref();
  }

  stopRetention(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
