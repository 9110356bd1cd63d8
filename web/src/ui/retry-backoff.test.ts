import { describe, expect, it } from "vitest";
import { nextRetrySeconds, retryDelaySeconds, retryStarted, SAME_OUTAGE_MS } from "./retry-backoff";

describe("the wait before a failed load is tried again by itself", () => {
  it("doubles from 2 s at each failed retry, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 12].map((retries) => retryDelaySeconds(retries))).toEqual([2, 4, 8, 16, 30, 30, 30]);
  });

  it("grows while failures follow retries, and starts again after a calm", () => {
    let now = 1_000_000;
    const waits: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const wait = nextRetrySeconds(now);
      waits.push(wait);
      now += wait * 1000;
      retryStarted(now);
      // The retry's answer (a failure) comes a moment later: the same outage.
      now += 500;
    }
    expect(waits).toEqual([2, 4, 8, 16]);
    // The portal answered; a failure long after is a new outage.
    expect(nextRetrySeconds(now + SAME_OUTAGE_MS + 1)).toBe(2);
  });
});
