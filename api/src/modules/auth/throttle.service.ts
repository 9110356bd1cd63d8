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
    const entry = await this.count(rawKey, rule, now);
    if (entry.hits >= rule.max) await this.block(entry.key, new Date(now.getTime() + rule.blockMs));
  }

  /**
   * Counts one attempt under each key before it is let through, so that requests sent together
   * cannot all pass a check made before any of them was counted. Returns the seconds to wait
   * when a key is blocked, or when this attempt goes past a key's limit (the key is then
   * blocked for the rule's time): the attempt is to be refused. Null: it may go.
   */
  async attempt(keys: ReadonlyArray<[string, ThrottleRule]>, now = new Date()): Promise<number | null> {
    const ends = await Promise.all(
      keys.map(async ([rawKey, rule]) => {
        const entry = await this.count(rawKey, rule, now);
        if (entry.hits <= rule.max) return entry.blockedUntil?.getTime() ?? 0;
        const until = now.getTime() + rule.blockMs;
        await this.block(entry.key, new Date(until));
        return Math.max(until, entry.blockedUntil?.getTime() ?? 0);
      }),
    );
    const until = Math.max(...ends);
    // Counted from when the answer is given, not from when this attempt began: a request sent
    // together with the one that set the block may read it after it, and would otherwise tell
    // a wait longer than the rule's block.
    const answeredAt = Math.max(now.getTime(), Date.now());
    return until > answeredAt ? Math.ceil((until - answeredAt) / 1000) : null;
  }

  /**
   * One more hit under a key, in its window or in a new one. Each step is one statement, so that
   * parallel requests and instances never lose a count (a read, then a write, would): the row is
   * made if missing, then raised. Returns the key's row after it.
   */
  private async count(rawKey: string, rule: ThrottleRule, now: Date): Promise<ThrottleEntry> {
    if (rule.windowMs > LONGEST_WINDOW_MS) throw new Error("Fenêtre de limitation plus longue que LONGEST_WINDOW_MS");
    const key = storedKey(rawKey);
    await this.entries
      .createQueryBuilder()
      .insert()
      .orIgnore()
      .values({ key, hits: 0, windowStart: now, blockedUntil: null })
      .execute();
    const [table, hits, windowStart, keyColumn] = ["throttle", "hits", "windowStart", "key"].map((name) =>
      this.dataSource.driver.escape(name),
    );
    const windowOpen = `${windowStart} > ?`;
    const since = dateParameter(this.dataSource, new Date(now.getTime() - rule.windowMs));
    // `hits` first: MySQL assigns left to right, each assignment seeing those before it.
    await this.dataSource.query(
      `UPDATE ${table} SET ${hits} = CASE WHEN ${windowOpen} THEN ${hits} + 1 ELSE 1 END,
         ${windowStart} = CASE WHEN ${windowOpen} THEN ${windowStart} ELSE ? END
       WHERE ${keyColumn} = ?`,
      [since, since, dateParameter(this.dataSource, now), key],
    );
    return this.entries.findOneByOrFail({ key });
  }

  /** Blocks a stored key until `until`, unless it already is for longer. */
  private async block(key: string, until: Date): Promise<void> {
    await this.entries
      .createQueryBuilder()
      .update()
      .set({ blockedUntil: until })
      .where({ key })
      .andWhere("(blockedUntil IS NULL OR blockedUntil < :until)", { until: dateParameter(this.dataSource, until) })
      .execute();
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
