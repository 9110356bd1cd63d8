import { logger } from "../../logger";
import type { Job } from "../jobs/job-runner";
import type { LinkTokenService } from "./link-token.service";
import type { ThrottleService } from "./throttle.service";

const DAY_MS = 86_400_000;

/**
 * The daily job that removes rows nothing reads any more (run through JobRunner): the throttle's
 * keys whose windows and blocks are over, and the set-password links past their end. Sessions
 * past their end go at each sign-in (SessionService.open), the audit trail after a year.
 */
export const expiredRowsJob = (throttle: ThrottleService, tokens: LinkTokenService): Job => ({
  name: "expired-rows",
  everyMs: DAY_MS,
  run: async (now) => {
    const throttleKeys = await throttle.purge(now);
    const linkTokens = await tokens.purgeExpired(now);
    if (throttleKeys + linkTokens > 0) logger.info("expired_rows.purged", { throttleKeys, linkTokens });
  },
});
