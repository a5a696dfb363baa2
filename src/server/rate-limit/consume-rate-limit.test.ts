import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { rateLimits } from '../db/schema';
import {
  consumeRateLimit,
  pruneRateLimits,
  rateLimitWait,
  refundRateLimit,
  tooManyAttemptsMessage,
} from './consume-rate-limit';

describeEachDatabase('consumeRateLimit', (database) => {
  it('allows `limit` attempts per window, then refuses with the time left in the window', async () => {
    const { db } = database();
    const start = new Date('2030-01-01T00:00:00Z');
    const rule = { key: 'test:sequential', limit: 3, windowMs: 60_000 };
    const decisions = [];
    for (let second = 0; second < 5; second++) {
      decisions.push(await consumeRateLimit(db, { ...rule, at: new Date(start.getTime() + second * 1000) }));
    }
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.map((d) => d.count)).toEqual([1, 2, 3, 4, 5]);
    expect(decisions[3]?.retryAfterMs).toBe(57_000);
    expect(decisions[4]?.retryAfterMs).toBe(56_000);
    expect(decisions[0]?.retryAfterMs).toBe(0);
  });

  it('starts a new window once the old one has passed', async () => {
    const { db } = database();
    const start = new Date('2030-01-01T00:00:00Z');
    const rule = { key: 'test:window', limit: 1, windowMs: 60_000 };
    expect((await consumeRateLimit(db, { ...rule, at: start })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...rule, at: new Date(start.getTime() + 59_999) })).allowed).toBe(false);
    const fresh = await consumeRateLimit(db, { ...rule, at: new Date(start.getTime() + 60_000) });
    expect(fresh).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it('says how long until a key may count again, without counting the look (rateLimitWait)', async () => {
    const { db } = database();
    const rule = { key: 'test:wait', limit: 2, windowMs: 15 * 60_000 };
    expect(await rateLimitWait(db, rule)).toBe(0);
    await consumeRateLimit(db, rule);
    expect(await rateLimitWait(db, rule)).toBe(0);
    await consumeRateLimit(db, rule);
    const wait = await rateLimitWait(db, rule);
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000);
    // Looking counted nothing.
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, rule.key));
    expect(row?.count).toBe(2);
  });

  it('uses the database clock when no time is given', async () => {
    const { db } = database();
    const rule = { key: 'test:db-clock', limit: 1, windowMs: 15 * 60_000 };
    await consumeRateLimit(db, rule);
    const refused = await consumeRateLimit(db, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(14 * 60_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(15 * 60_000);
  });

  it('counts 50 concurrent attempts exactly: 10 allowed, 40 refused', async () => {
    const { db } = database();
    const rule = { key: 'test:concurrent', limit: 10, windowMs: 60_000 };
    const decisions = await Promise.all(Array.from({ length: 50 }, () => consumeRateLimit(db, rule)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('keeps keys apart', async () => {
    const { db } = database();
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await consumeRateLimit(db, { ...rule, key: 'test:a' })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...rule, key: 'test:b' })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...rule, key: 'test:a' })).allowed).toBe(false);
  });

  it('gives an attempt back on refund, never below zero', async () => {
    const { db } = database();
    const rule = { key: 'test:refund', limit: 1, windowMs: 60_000 };
    await consumeRateLimit(db, rule);
    await refundRateLimit(db, rule.key);
    await refundRateLimit(db, rule.key);
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, rule.key));
    expect(row?.count).toBe(0);
    expect((await consumeRateLimit(db, rule)).allowed).toBe(true);
    await refundRateLimit(db, 'test:no-such-key');
  });

  it('prunes counters older than the longest window', async () => {
    const { db } = database();
    await consumeRateLimit(db, { key: 'test:old', limit: 1, windowMs: 1000, at: new Date(Date.now() - 3 * 3_600_000) });
    await consumeRateLimit(db, { key: 'test:recent', limit: 1, windowMs: 1000 });
    expect(await pruneRateLimits(db, 3_600_000)).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('test:recent');
    expect(keys).not.toContain('test:old');
  });
});

describe('tooManyAttemptsMessage', () => {
  it.each([
    [0, 'Too many attempts. Please try again in 1 minute.'],
    [59_000, 'Too many attempts. Please try again in 1 minute.'],
    [60_001, 'Too many attempts. Please try again in 2 minutes.'],
    [15 * 60_000, 'Too many attempts. Please try again in 15 minutes.'],
  ])('%d ms -> %s', (ms, message) => {
    expect(tooManyAttemptsMessage(ms)).toBe(message);
  });
});
