/**
 * When a failed load is tried again by itself: 2, 4, 8 and 16 s after the failure, then every
 * 30 s. A portal coming back from an outage is not hammered by every phone that waits for it,
 * and a short outage is over for the family within seconds.
 */
export const retryDelaySeconds = (retries: number): number => Math.min(2 ** (retries + 1), 30);

/**
 * A failure shown this soon after an automatic retry is the same outage going on (the retry's
 * answer, or another part of the page failing meanwhile): its wait goes on growing.
 */
export const SAME_OUTAGE_MS = 60_000;

// The outage the page is in, shared by every message of the page: a list refetched shows its
// message anew after each failed retry when its page does not hold it (useLoadFailed), and the
// wait must grow all the same.
let retries = 0;
let lastRetryAt = -Infinity;

/** How long to wait before the next automatic retry, in seconds. */
export function nextRetrySeconds(now: number): number {
  if (now - lastRetryAt > SAME_OUTAGE_MS) retries = 0;
  return retryDelaySeconds(retries);
}

/** An automatic retry starts now. */
export function retryStarted(now: number): void {
  retries++;
  lastRetryAt = now;
}
