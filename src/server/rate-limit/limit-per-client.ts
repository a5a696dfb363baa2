import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext } from '../app-context';
import { clientIp } from '../http/client-ip';
import type { RefusalCode } from '../http/refusal';
import { consumeRateLimit } from './consume-rate-limit';

/** 'Too many requests. Please try again in N seconds.' (N rounded up, at least 1). */
export function tooManyRequestsMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/**
 * Counts the request under `key` (shared by every server process through rate_limits) and, past
 * the rule, answers 429 with Retry-After and { error, code: 'rate-limited' } before any other work:
 * what limitPerClient, limitPerUser and limitPerWorkspace do, each with its own key.
 */
export function limitBy<Variables extends object = object>(
  { database }: Pick<AppContext, 'database'>,
  key: (c: Context<{ Variables: Variables }>) => string,
  rule: { limit: number; windowMs: number },
): MiddlewareHandler<{ Variables: Variables }> {
  return async (c, next) => {
    const decision = await consumeRateLimit(database.db, { key: key(c), ...rule });
    if (!decision.allowed) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
      return c.json(
        { error: tooManyRequestsMessage(decision.retryAfterMs), code: 'rate-limited' satisfies RefusalCode },
        429,
      );
    }
    return next();
  };
}

/**
 * Counts every request to the routes it guards against the client's address (shared by every
 * server process through rate_limits) and answers 429 with Retry-After once `limit` requests
 * were made in the window, before any other work: unknown tokens and bad bodies count too, so
 * the routes cannot be used to guess tokens or flood an inbox.
 */
export function limitPerClient(
  context: Pick<AppContext, 'env' | 'database'>,
  name: string,
  rule: { limit: number; windowMs: number },
): MiddlewareHandler {
  return limitBy(context, (c) => `${name}:ip:${clientIp(c, context.env.TRUST_PROXY)}`, rule);
}
