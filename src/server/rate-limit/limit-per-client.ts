import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../app-context';
import { clientIp } from '../http/client-ip';
import { consumeRateLimit } from './consume-rate-limit';

/** 'Too many requests. Please try again in N seconds.' (N rounded up, at least 1). */
export function tooManyRequestsMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/**
 * Counts every request to the routes it guards against the client's address (shared by every
 * server process through rate_limits) and answers 429 with Retry-After once `limit` requests
 * were made in the window, before any other work: unknown tokens and bad bodies count too, so
 * the routes cannot be used to guess tokens or flood an inbox.
 */
export function limitPerClient(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  name: string,
  rule: { limit: number; windowMs: number },
): MiddlewareHandler {
  return async (c, next) => {
    const decision = await consumeRateLimit(database.db, {
      key: `${name}:ip:${clientIp(c, env.TRUST_PROXY)}`,
      ...rule,
    });
    if (!decision.allowed) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
      return c.json({ error: tooManyRequestsMessage(decision.retryAfterMs), code: 'rate-limited' }, 429);
    }
    return next();
  };
}
