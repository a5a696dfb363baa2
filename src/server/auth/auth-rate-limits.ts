import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/database';
import { knownSignInAddresses } from '../db/schema';
import type { RefusalCode } from '../http/refusal';
import { signInFailures, signInLockouts } from '../observability/metrics';
import {
  consumeRateLimit,
  pruneRateLimits,
  refundRateLimit,
  tooManyAttemptsMessage,
  type RateLimitRule,
} from '../rate-limit/consume-rate-limit';
import type { BetterAuth } from './create-auth';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Per client address: about 10 a minute for each kind of attempt. */
export const PER_IP_LIMIT = { limit: 10, windowMs: MINUTE };
/**
 * Per client address: 5 verification e-mails an hour, whichever addresses they go to. The limit per
 * address (send-verification-email.ts) alone let one client mail five links an hour to every
 * account it could name, and answers for unknown addresses cost it nothing.
 */
export const VERIFICATION_EMAILS_PER_IP_LIMIT = { limit: 5, windowMs: HOUR };
/** Per account: 10 failed sign-ins per 15 minutes (from addresses it never signed in from; and per address). */
export const PER_ACCOUNT_LIMIT = { limit: 10, windowMs: 15 * MINUTE };
/** Per address (e-mail): 3 password reset e-mails a day, so nobody can mail-bomb an inbox through us. */
export const RESET_EMAILS_PER_ADDRESS_LIMIT = { limit: 3, windowMs: DAY };
/** Per account: 5 password changes (each two scrypt runs) per 15 minutes. */
export const PASSWORD_CHANGES_PER_ACCOUNT_LIMIT = { limit: 5, windowMs: 15 * MINUTE };
/** The longest window above: counters older than this can be pruned. */
export const LONGEST_AUTH_WINDOW_MS = RESET_EMAILS_PER_ADDRESS_LIMIT.windowMs;
/** A known sign-in address is forgotten after this long without a sign-in from it. */
export const KNOWN_ADDRESS_RETENTION_MS = 90 * DAY;

type AttemptKind = 'sign-in' | 'sign-up' | 'recovery' | 'password-change' | 'verification-email';

/** What each kind may do per client address. */
const perIpLimits: Record<AttemptKind, { limit: number; windowMs: number }> = {
  'sign-in': PER_IP_LIMIT,
  'sign-up': PER_IP_LIMIT,
  recovery: PER_IP_LIMIT,
  'password-change': PER_IP_LIMIT,
  'verification-email': VERIFICATION_EMAILS_PER_IP_LIMIT,
};

/** Better Auth paths (under /api/auth) that try a password, start a sign-in or send mail, and what they count as. */
const limitedPaths: Record<string, AttemptKind> = {
  '/sign-in/email': 'sign-in',
  '/sign-in/social': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/request-password-reset': 'recovery',
  '/reset-password': 'recovery',
  '/change-password': 'password-change',
  '/verify-password': 'password-change',
  '/send-verification-email': 'verification-email',
};

const unsupportedMediaType = 'Requests to this address must be sent as JSON (Content-Type: application/json).';

/** A digest of the lower-cased e-mail (and client address): counter keys never hold either in clear. */
function digest(...parts: string[]) {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
}
const normalizedEmail = (email: string) => email.trim().toLowerCase();
const accountKey = (prefix: string, email: string) => `${prefix}:${digest(normalizedEmail(email))}`;
const accountAddressKey = (email: string, ip: string) => digest(normalizedEmail(email), ip);

/** Whether a request carries a body at all (a bodiless POST such as sign-out has nothing to parse). */
function hasBody(request: Request) {
  if (request.body === null) return false;
  return request.headers.get('content-length') !== '0' || request.headers.has('transfer-encoding');
}

/**
 * Only JSON bodies reach Better Auth. It would also parse url-encoded and multipart forms (with
 * any capitalisation of the type); the limiter must read the body exactly as Better Auth does,
 * and refusing every other type is the only way to be sure it does.
 */
function isJson(request: Request) {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json';
}

/** The e-mail in a JSON body, parsed as Better Auth parses it (Request.json()), or undefined. */
async function emailInBody(request: Request): Promise<string | undefined> {
  try {
    const body: unknown = await request.clone().json();
    const email = (body as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email.trim() !== '' ? email : undefined;
  } catch {
    return undefined; // not JSON: Better Auth answers 400 itself
  }
}

async function isKnownAddress(db: Database, email: string, ip: string) {
  const [row] = await db
    .select({ key: knownSignInAddresses.key })
    .from(knownSignInAddresses)
    .where(eq(knownSignInAddresses.key, accountAddressKey(email, ip)));
  return row !== undefined;
}

async function rememberAddress(db: Database, email: string, ip: string) {
  await db
    .insert(knownSignInAddresses)
    .values({ key: accountAddressKey(email, ip) })
    .onConflictDoUpdate({ target: knownSignInAddresses.key, set: { lastSignedInAt: sql`now()` } });
}

function tooManyAttempts(c: Context, retryAfterMs: number) {
  const message = tooManyAttemptsMessage(retryAfterMs);
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return c.json({ code: 'too-many-attempts' satisfies RefusalCode, message, error: message }, 429);
}

/**
 * Rate limits in front of Better Auth, counted in the database so they hold across server
 * processes, and checked before any password is hashed or verified:
 * - a POST with a body that is not JSON is refused with 415 (see isJson);
 * - every sign-in, sign-up, recovery and password change counts against the client address,
 *   before the body is read;
 * - a sign-in counts against the account from that address (10 failures per 15 minutes), and,
 *   unless the account signed in from that address before, against the account from unknown
 *   addresses (10 per 15 minutes): guessing from many addresses gets 10 password checks, yet a
 *   stranger cannot lock the owner out of the addresses they use. A successful sign-in gives
 *   its counts back (what remains counted is failures) and remembers the address;
 * - a password reset e-mail: 3 a day per address; a password change: 5 per 15 minutes per account;
 * - a verification e-mail: 5 an hour per client address (and 5 an hour per address, where it is sent).
 * Refused requests get 429 with 'Too many attempts. Please try again in N minutes.'
 */
export function authRateLimits({
  db,
  betterAuth,
  clientIp,
}: {
  db: Database;
  betterAuth: BetterAuth;
  clientIp: (c: Context) => string;
}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    if (hasBody(c.req.raw) && !isJson(c.req.raw)) {
      return c.json(
        {
          code: 'unsupported-media-type' satisfies RefusalCode,
          message: unsupportedMediaType,
          error: unsupportedMediaType,
        },
        415,
      );
    }
    const path = c.req.path.replace(/^\/api\/auth/, '').replace(/\/+$/, '');
    const kind = limitedPaths[path];
    if (!kind) return next();

    const ip = clientIp(c);
    const consume = async (rule: RateLimitRule) => {
      const decision = await consumeRateLimit(db, rule);
      if (decision.allowed) return undefined;
      if (kind === 'sign-in') signInLockouts.inc();
      return tooManyAttempts(c, decision.retryAfterMs);
    };

    // The address first, before anything is read or looked up.
    const refusedForAddress = await consume({ key: `${kind}:ip:${ip}`, ...perIpLimits[kind] });
    if (refusedForAddress) return refusedForAddress;

    const rules: RateLimitRule[] = [];
    let email: string | undefined;
    if (kind === 'sign-in' || kind === 'sign-up' || path === '/request-password-reset') {
      email = await emailInBody(c.req.raw);
    }
    const refundOnSuccess: string[] = [];
    if (email && kind === 'sign-in') {
      const perAddress = `sign-in-failures:account-address:${accountAddressKey(email, ip)}`;
      rules.push({ key: perAddress, ...PER_ACCOUNT_LIMIT });
      refundOnSuccess.push(perAddress);
      if (!(await isKnownAddress(db, email, ip))) {
        const fromUnknownAddresses = accountKey('sign-in-failures:account', email);
        rules.push({ key: fromUnknownAddresses, ...PER_ACCOUNT_LIMIT });
        refundOnSuccess.push(fromUnknownAddresses);
      }
    }
    if (email && path === '/request-password-reset') {
      rules.push({ key: accountKey('recovery:account-day', email), ...RESET_EMAILS_PER_ADDRESS_LIMIT });
    }
    if (kind === 'password-change') {
      const session = await betterAuth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
      // Without a session Better Auth answers 401 itself.
      if (session)
        rules.push({ key: `password-change:user:${session.user.id}`, ...PASSWORD_CHANGES_PER_ACCOUNT_LIMIT });
    }

    for (const rule of rules) {
      const refused = await consume(rule);
      if (refused) return refused;
    }

    await next();
    // Better Auth answers a wrong e-mail or password with 401.
    if (kind === 'sign-in' && c.res.status === 401) signInFailures.inc();
    if (c.res.status !== 200 || !email) return;
    for (const key of refundOnSuccess) await refundRateLimit(db, key);
    if (kind === 'sign-in' || kind === 'sign-up') await rememberAddress(db, email, ip);
  };
}

/** Deletes expired counters and known addresses unused for KNOWN_ADDRESS_RETENTION_MS. */
export async function pruneAuthRecords(db: Database): Promise<void> {
  await pruneRateLimits(db, LONGEST_AUTH_WINDOW_MS);
  await db
    .delete(knownSignInAddresses)
    .where(lt(knownSignInAddresses.lastSignedInAt, new Date(Date.now() - KNOWN_ADDRESS_RETENTION_MS)));
}
