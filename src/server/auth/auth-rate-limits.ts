import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/database';
import {
  consumeRateLimit,
  refundRateLimit,
  tooManyAttemptsMessage,
  type RateLimitRule,
} from '../rate-limit/consume-rate-limit';

const MINUTE = 60_000;

/** Per client address: about 10 a minute for each kind of attempt. */
export const PER_IP_LIMIT = { limit: 10, windowMs: MINUTE };
/** Per account: 10 failed sign-ins per 15 minutes; 10 reset e-mails per 15 minutes. */
export const PER_ACCOUNT_LIMIT = { limit: 10, windowMs: 15 * MINUTE };
/** The longest window above: counters older than this can be pruned. */
export const LONGEST_AUTH_WINDOW_MS = PER_ACCOUNT_LIMIT.windowMs;

type AttemptKind = 'sign-in' | 'sign-up' | 'recovery';

/** Better Auth paths (under /api/auth) that try a password or send mail, and what they count as. */
const limitedPaths: Record<string, AttemptKind> = {
  '/sign-in/email': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/request-password-reset': 'recovery',
  '/reset-password': 'recovery',
};

/** Counter keys hold a digest of the e-mail, not the address itself. */
function accountKey(prefix: string, email: string) {
  return `${prefix}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

async function emailInBody(request: Request): Promise<string | undefined> {
  try {
    const type = request.headers.get('content-type') ?? '';
    const clone = request.clone();
    const body: unknown = type.includes('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(await clone.text()))
      : await clone.json();
    const email = (body as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email.trim() !== '' ? email : undefined;
  } catch {
    return undefined; // not JSON: Better Auth answers 400 itself
  }
}

/**
 * Rate limits in front of Better Auth, counted in the database so they hold across server
 * processes, and checked before any password is hashed or verified:
 * - every sign-in, sign-up and recovery request counts against the client address;
 * - every sign-in counts against the account's e-mail up front, and a successful one gives
 *   its count back, so what remains counted is failures. Counting before verifying is what
 *   bounds the password checks: 50 concurrent wrong passwords against a limit of 10 get 10.
 * Refused requests get 429 with 'Too many attempts. Please try again in N minutes.'
 */
export function authRateLimits({
  db,
  clientIp,
}: {
  db: Database;
  clientIp: (c: Parameters<MiddlewareHandler>[0]) => string;
}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const path = c.req.path.replace(/^\/api\/auth/, '').replace(/\/+$/, '');
    const kind = limitedPaths[path];
    if (!kind) return next();

    const rules: RateLimitRule[] = [{ key: `${kind}:ip:${clientIp(c)}`, ...PER_IP_LIMIT }];
    const email = kind === 'sign-in' || path === '/request-password-reset' ? await emailInBody(c.req.raw) : undefined;
    const failureKey = email && kind === 'sign-in' ? accountKey('sign-in-failures:account', email) : undefined;
    if (failureKey) rules.push({ key: failureKey, ...PER_ACCOUNT_LIMIT });
    if (email && path === '/request-password-reset')
      rules.push({ key: accountKey('recovery:account', email), ...PER_ACCOUNT_LIMIT });

    for (const rule of rules) {
      const decision = await consumeRateLimit(db, rule);
      if (!decision.allowed) {
        const message = tooManyAttemptsMessage(decision.retryAfterMs);
        c.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
        return c.json({ code: 'TOO_MANY_ATTEMPTS', message, error: message }, 429);
      }
    }

    await next();
    if (failureKey && c.res.status === 200) await refundRateLimit(db, failureKey);
  };
}
