import { describe, expect, it } from 'vitest';
import { createGhlRateLimiter, ghlRetryDelayMs } from './ghl-rate-limit';

describe('createGhlRateLimiter', () => {
  it('lets the limit through per window and location, then waits for the oldest to leave it', async () => {
    let clock = 0;
    const waits: number[] = [];
    const limiter = createGhlRateLimiter({
      limit: 3,
      windowMs: 10_000,
      now: () => clock,
      wait: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    for (const at of [0, 1000, 2000]) {
      clock = at;
      await limiter.acquire('loc-a');
    }
    await limiter.acquire('loc-b'); // another location has its own window
    expect(waits).toEqual([]);
    clock = 2500;
    await limiter.acquire('loc-a');
    expect(waits).toEqual([7500]);
    expect(clock).toBe(10_000);
  });
});

describe('ghlRetryDelayMs', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it('waits as the answer says: Retry-After, else the burst interval, else doubling seconds', () => {
    expect(ghlRetryDelayMs(headers({ 'retry-after': '2', 'x-ratelimit-interval-milliseconds': '10000' }), 0)).toBe(
      2000,
    );
    expect(ghlRetryDelayMs(headers({ 'x-ratelimit-interval-milliseconds': '1500' }), 0)).toBe(1500);
    expect(ghlRetryDelayMs(headers({}), 0)).toBe(1000);
    expect(ghlRetryDelayMs(headers({}), 2)).toBe(4000);
  });

  it('does not wait when the day’s limit is used up', () => {
    expect(ghlRetryDelayMs(headers({ 'x-ratelimit-daily-remaining': '0', 'retry-after': '1' }), 0)).toBeNull();
  });
});
