import { createHash } from "node:crypto";
import { type DataSource, type Repository } from "typeorm";
import { dateParameter } from "../common/search-page";
import { ThrottleEntry } from "./throttle.entity";

/** The key column holds 200 characters; a longer key (a 254-character e-mail) keeps its start and a hash. */
const KEY_LENGTH = 200;
const storedKey = (key: string): string =>
  key.length <= KEY_LENGTH ? key : `${key.slice(0, 120)}#${createHash("sha256").update(key).digest("hex")}`;

/**
 * No rule counts over a longer window (the reports' one day is the longest): a key whose window
 * started earlier and whose block is over counts nothing any more, and is purged (`purge`).
 */
export const LONGEST_WINDOW_MS = 2 * 86_400_000;

/** A limit: at most `max` failures per `windowMs`; past it, the key is refused for `blockMs`. */
export interface ThrottleRule {
  max: number;
  windowMs: number;
  blockMs: number;
}

/**
 * Counts failures per key in the database, so the limits hold across restarts
 * and replicas. Keys combine a purpose with an account and/or an address.
 */
export class ThrottleService {
  private readonly entries: Repository<ThrottleEntry>;

  constructor(private readonly dataSource: DataSource) {
    this.entries = dataSource.getRepository(ThrottleEntry);
  }

  /** How long (whole seconds) until none of the keys is blocked any more; null when none is. */
  async blockedSeconds(keys: string[], now = new Date()): Promise<number | null> {
    if (keys.length === 0) return null;
    const found = await this.entries.findBy(keys.map((key) => ({ key: storedKey(key) })));
    const until = Math.max(...found.map((entry) => entry.blockedUntil?.getTime() ?? 0));
    return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : null;
  }

  /** Records one failure under a key; blocks it when the rule's limit is reached. */
  async fail(rawKey: string, rule: ThrottleRule, now = new Date()): Promise<void> {
    if (rule.windowMs > LONGEST_WINDOW_MS) throw new Error("Fenêtre de limitation plus longue que LONGEST_WINDOW_MS");
    const key = storedKey(rawKey);
    const entry = await this.entries.findOneBy({ key });
    const windowOpen = entry && now.getTime() - entry.windowStart.getTime() < rule.windowMs;
    const hits = windowOpen ? entry.hits + 1 : 1;
    const blockedUntil =
      hits >= rule.max
        ? new Date(now.getTime() + rule.blockMs)
        : entry?.blockedUntil && entry.blockedUntil > now
          ? entry.blockedUntil
          : null;
    await this.entries.save({ key, hits, windowStart: windowOpen ? entry.windowStart : now, blockedUntil });
  }

  async clear(key: string): Promise<void> {
    await this.entries.delete({ key: storedKey(key) });
  }

  /**
   * Removes the keys that count nothing any more (their window is over for every rule, and they
   * are not blocked): without it, every address that ever failed a sign-in or sent a report
   * would stay a row. Returns how many.
   */
  async purge(now = new Date()): Promise<number> {
    const result = await this.entries
      .createQueryBuilder()
      .delete()
      .where("windowStart < :windowsOver AND (blockedUntil IS NULL OR blockedUntil <= :now)", {
        windowsOver: dateParameter(this.dataSource, new Date(now.getTime() - LONGEST_WINDOW_MS)),
        now: dateParameter(this.dataSource, now),
      })
      .execute();
    return result.affected ?? 0;
  }
}
