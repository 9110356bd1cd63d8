import { beforeEach, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { wholeSeconds } from "../common/clock";
import { JobLease } from "../jobs/job-lease.entity";
import { JobRunner } from "../jobs/job-runner";
import { REPORT_LIMITS } from "../reports/report.service";
import { LOGIN_LIMITS } from "./auth.service";
import { expiredRowsJob } from "./expired-rows.job";
import { LinkTokenService } from "./link-token.service";
import { RESET_LIMITS } from "./password.service";
import { ThrottleEntry } from "./throttle.entity";
import { LONGEST_WINDOW_MS, ThrottleService } from "./throttle.service";
import { UserToken } from "./user-token.entity";

const HOUR = 3600_000;

/** The daily purge of throttle keys and set-password links, on the engine DATABASE_URL selects (see the twins). */
export function expiredRowsSuite() {
  describe("rows nothing reads any more: throttle keys and set-password links", () => {
    // The portal's own runner checks once at start-up; the tests drive a runner of their own.
    const t = useTestPortal({ JOB_CHECK_SECONDS: "3600" });
    /** Whole seconds, as both engines store them. */
    const now = wholeSeconds(new Date());
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const throttle = () => new ThrottleService(t.portal.dataSource);
    const tokens = () => new LinkTokenService(t.portal.dataSource, t.url);
    const run = () => {
      const jobs = new JobRunner(t.portal.dataSource, HOUR, { now: () => now }, "test");
      jobs.register(expiredRowsJob(throttle(), tokens()));
      return jobs.runDue();
    };

    beforeEach(async () => {
      // The portal's start-up pass runs in the background: wait for it (and stop its timer),
      // or it may take the job after the DELETE and leave it not due for these tests.
      await t.portal.services.jobs.stop();
      await t.portal.dataSource.query("DELETE FROM job_lease");
    });

    it("removes the throttle keys whose window and block are over, and keeps those that still count", async () => {
      const entries = t.portal.dataSource.getRepository(ThrottleEntry);
      const longAgo = ago(LONGEST_WINDOW_MS + HOUR);
      await entries.insert([
        { key: "login:old", hits: 3, windowStart: longAgo, blockedUntil: null },
        { key: "login:block-over", hits: 5, windowStart: longAgo, blockedUntil: ago(HOUR) },
        { key: "login:still-blocked", hits: 5, windowStart: longAgo, blockedUntil: new Date(now.getTime() + HOUR) },
        // A report's window lasts a day: one opened 23 hours ago still counts.
        { key: "report:recent", hits: 1, windowStart: ago(23 * HOUR), blockedUntil: null },
      ]);
      expect(await run()).toEqual(["expired-rows"]);
      const kept = await entries.find({ order: { key: "ASC" } });
      expect(kept.map((entry) => entry.key)).toEqual(["login:still-blocked", "report:recent"]);
      // What is kept still blocks, and a purged key counts from the start again.
      expect(await throttle().blockedSeconds(["login:still-blocked"], now)).toBe(HOUR / 1000);
      await throttle().fail("login:old", LOGIN_LIMITS.pair, now);
      expect(await entries.findOneByOrFail({ key: "login:old" })).toMatchObject({ hits: 1, blockedUntil: null });
    });

    it("keeps every rule's window within the purge's, and refuses a longer one", async () => {
      const rules = [...Object.values(LOGIN_LIMITS), ...Object.values(RESET_LIMITS), ...Object.values(REPORT_LIMITS)];
      for (const rule of rules) expect(rule.windowMs).toBeLessThanOrEqual(LONGEST_WINDOW_MS);
      await expect(
        throttle().fail("login:x", { max: 3, windowMs: LONGEST_WINDOW_MS + 1, blockMs: HOUR }, now),
      ).rejects.toThrow(/LONGEST_WINDOW_MS/);
      expect(await t.portal.dataSource.getRepository(ThrottleEntry).countBy({ key: "login:x" })).toBe(0);
    });

    it("removes the set-password links past their end, used or not; a link still valid opens", async () => {
      const [late, used, waiting] = await Promise.all(
        ["late@asso.test", "used@asso.test", "waiting@asso.test"].map((email) =>
          buildUser(t.portal.dataSource, { email }),
        ),
      );
      await tokens().issue(late.id, "SET_PASSWORD", ago(25 * HOUR));
      await tokens().issue(used.id, "RESET_PASSWORD", ago(30 * HOUR));
      const links = t.portal.dataSource.getRepository(UserToken);
      await links.update({ userId: used.id }, { usedAt: ago(29 * HOUR) });
      const valid = await tokens().issue(waiting.id, "SET_PASSWORD", ago(HOUR));

      expect(await run()).toEqual(["expired-rows"]);
      expect((await links.find()).map((link) => link.userId)).toEqual([waiting.id]);
      await expect(tokens().check(waiting.id, valid, now)).resolves.toMatchObject({ userId: waiting.id });
    });

    it("is one of the portal's jobs", async () => {
      await t.portal.services.jobs.runDue();
      const lease = await t.portal.dataSource.getRepository(JobLease).findOneBy({ name: "expired-rows" });
      expect(lease?.lastRunAt).toBeInstanceOf(Date);
    });
  });
}
