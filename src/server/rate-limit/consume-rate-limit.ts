import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';

export interface RateLimitRule {
  /** What is counted, e.g. `sign-in:ip:203.0.113.7`. */
  key: string;
  /** Attempts allowed per window. */
  limit: number;
  /** Window length in milliseconds (a fixed window that starts at the first attempt). */
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Until the window ends (0 when allowed): how long the caller should wait. */
  retryAfterMs: number;
}

/**
 * Counts one attempt against `key` and says whether it is within `limit` for the current
 * window. One statement, atomic in PostgreSQL (the row lock of the upsert serialises
 * concurrent callers), so the count holds across every server process sharing the database.
 * `at` replaces the database clock, for tests. Pass a transaction as `db` to undo the count when
 * the transaction does not commit.
 */
export async function consumeRateLimit(
  db: Pick<Database, 'insert'>,
  rule: RateLimitRule & { at?: Date },
): Promise<RateLimitDecision> {
  const now = rule.at ? sql`${rule.at.toISOString()}::timestamptz` : sql`now()`;
  const windowExpired = sql`"rate_limits"."window_started_at" <= ${now} - (${rule.windowMs}::double precision * interval '1 millisecond')`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, count: 1, windowStartedAt: sql`${now}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${windowExpired} THEN 1 ELSE "rate_limits"."count" + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowExpired} THEN ${now} ELSE "rate_limits"."window_started_at" END`,
      },
    })
    .returning({
      count: rateLimits.count,
      msLeft:
        sql<number>`extract(epoch from (${rateLimits.windowStartedAt} + (${rule.windowMs}::double precision * interval '1 millisecond') - ${now})) * 1000`.mapWith(
          Number,
        ),
    });
  if (!row) throw new Error('rate limit upsert returned no row');
  const allowed = row.count <= rule.limit;
  return { allowed, count: row.count, retryAfterMs: allowed ? 0 : Math.max(0, Math.ceil(row.msLeft)) };
}

/**
 * Gives back one attempt counted by consumeRateLimit, e.g. when a sign-in counted as a
 * possible failure turned out to succeed.
 */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`GREATEST("rate_limits"."count" - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Deletes counters whose window started more than `olderThanMs` ago (longer than any rule's window). */
export async function pruneRateLimits(db: Database, olderThanMs: number): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, new Date(Date.now() - olderThanMs)))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** 'Too many attempts. Please try again in N minutes.' with N rounded up, at least 1. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * How long until `key` may count again under `rule`, without counting this look (0: now): for a
 * limit on failures only (short-code misses), asked before trying, so that once over the limit
 * a hit answers as a miss does and guessing learns nothing.
 */
export async function rateLimitWait(db: Pick<Database, 'select'>, rule: RateLimitRule): Promise<number> {
  const [row] = await db
    .select({
      count: rateLimits.count,
      msLeft:
        sql<number>`extract(epoch from (${rateLimits.windowStartedAt} + (${rule.windowMs}::double precision * interval '1 millisecond') - now())) * 1000`.mapWith(
          Number,
        ),
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, rule.key));
  if (!row || row.msLeft <= 0 || row.count < rule.limit) return 0;
  return Math.ceil(row.msLeft);
}
