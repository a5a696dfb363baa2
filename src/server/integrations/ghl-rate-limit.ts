/** GoHighLevel's burst limit: 100 requests per 10 seconds per location (its API v2 documentation). */
export const GHL_BURST_LIMIT = { limit: 100, windowMs: 10_000 };
/** Retries of a request answered 429, each after the wait the answer asks for. */
export const GHL_MAX_RETRIES = 3;
/** A 429 asking for a longer wait than this is not waited for: the export fails and says so. */
export const GHL_MAX_RETRY_WAIT_MS = 12_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps this process's requests per location within the burst limit: a request that would be
 * the 101st within 10 s waits until the oldest of them leaves the window.
 */
export function createGhlRateLimiter({
  limit = GHL_BURST_LIMIT.limit,
  windowMs = GHL_BURST_LIMIT.windowMs,
  now = Date.now,
  wait = sleep,
}: { limit?: number; windowMs?: number; now?: () => number; wait?: (ms: number) => Promise<unknown> } = {}) {
  const sent = new Map<string, number[]>();
  return {
    async acquire(locationId: string): Promise<void> {
      for (;;) {
        const recent = (sent.get(locationId) ?? []).filter((at) => now() - at < windowMs);
        if (recent.length < limit) {
          recent.push(now());
          sent.set(locationId, recent);
          return;
        }
        sent.set(locationId, recent);
        await wait(recent[0]! + windowMs - now());
      }
    },
  };
}

/** The one limiter of this process: the limit is the location's, whoever's request it is. */
export const ghlRateLimiter = createGhlRateLimiter();

/**
 * How long to wait before retrying a request GoHighLevel answered 429, from the answer's headers:
 * Retry-After when sent, else the burst interval (X-RateLimit-Interval-Milliseconds), else a
 * doubling second. Null when waiting cannot help: the day's limit is used up.
 */
export function ghlRetryDelayMs(headers: Headers, attempt: number): number | null {
  if (headers.get('x-ratelimit-daily-remaining') === '0') return null;
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  const interval = Number(headers.get('x-ratelimit-interval-milliseconds'));
  if (Number.isFinite(interval) && interval > 0) return interval;
  return 1000 * 2 ** attempt;
}
