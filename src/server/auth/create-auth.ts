import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq, like } from 'drizzle-orm';
import {
  credentialMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLengthProblem,
} from '#domain/auth/credentials.ts';
import { textMessages } from '#domain/validation/bounded-text.ts';
import type { DatabaseConnection } from '../db/database';
import { account, invitation, member, organization, session, user, verification } from '../db/schema';
import { sendEmail } from '../email/enqueue-email';
import type { Env } from '../env';
import { describeErrorForLog, escapeForLog } from '../http/describe-error-for-log';
import type { RefusalCode } from '../http/refusal';
import { logger } from '../observability/logger';
import { claimAccountAfterPasswordReset } from './claim-account-after-password-reset';
import { isCommonPassword } from './common-passwords';
import { createPasswordHasher, type PasswordHasher } from './password-hasher';
import { passwordResetEmail } from './password-reset-email';
import { sendVerificationEmail, VERIFICATION_LINK_VALID_SECONDS } from './send-verification-email';
import { createSessionReader, type SessionReader } from './session-reader';
import { workspacePlugin } from './workspace-plugin';

/** Set by our auth routes from the socket or the trusted proxy (src/server/http/client-ip.ts); never taken from the client. */
export const CLIENT_IP_HEADER = 'x-cash-offer-client-ip';

/** The auth cookies' names begin with it (`cash-offer.session_token`). */
export const AUTH_COOKIE_PREFIX = 'cash-offer';

const RESET_LINK_VALID_SECONDS = 60 * 60;
const SESSION_DAYS = 7;
/** However active, a session ends this many days after its sign-in: then the password is asked again. */
export const ABSOLUTE_SESSION_DAYS = 30;
const ABSOLUTE_SESSION_MS = ABSOLUTE_SESSION_DAYS * 24 * 60 * 60 * 1000;

export interface CreateAuthOptions {
  env: Env;
  database: DatabaseConnection;
  secret: string;
  passwordHasher?: PasswordHasher;
}

/** The longest account name, in characters, at sign-up, on update-user and from Google. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;
export const accountNameTooLongMessage = `Name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`;

/**
 * An account name the database and every page can hold: without U+0000 (PostgreSQL text cannot
 * store it; the client's error, not a 500) and at most ACCOUNT_NAME_MAX_LENGTH characters.
 */
function assertAcceptableName(body: Record<string, unknown> | undefined) {
  const name = body?.name;
  if (typeof name !== 'string') return; // Better Auth's own validation answers that
  if (name.includes('\u0000')) {
    throw new APIError('BAD_REQUEST', {
      code: 'nul-character' satisfies RefusalCode,
      message: textMessages.nulCharacter,
    });
  }
  if (name.length > ACCOUNT_NAME_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', {
      code: 'name-too-long' satisfies RefusalCode,
      message: accountNameTooLongMessage,
    });
  }
}

/** Refuses a new password that is too short, too long or among the most common ones. */
function assertAcceptablePassword(password: unknown) {
  if (typeof password !== 'string') return; // Better Auth's own validation answers that
  const problem = passwordLengthProblem(password);
  if (problem) throw new APIError('BAD_REQUEST', { code: 'password-length' satisfies RefusalCode, message: problem });
  if (isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', {
      code: 'password-too-common' satisfies RefusalCode,
      message: credentialMessages.passwordTooCommon,
    });
  }
}

/** The provider id in Better Auth's routes (/api/auth/callback/google) and the account table. */
export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Sign in with Google as a generic OpenID Connect provider, so its endpoints and keys come from
 * GOOGLE_DISCOVERY_URL (Google's, or a local fake in tests). ID tokens must verify against the
 * discovered keys, issuer, client id and nonce.
 */
function googleSignIn(env: Env) {
  if (!env.googleSignIn) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          name: 'Google',
          clientId: env.GOOGLE_CLIENT_ID!,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          requireIdTokenVerification: true,
          scopes: ['openid', 'email', 'profile'],
          prompt: 'select_account',
          // Google's name is the account's name, within the same limit as one typed at sign-up.
          mapProfileToUser: (profile) =>
            typeof profile.name === 'string' ? { name: profile.name.slice(0, ACCOUNT_NAME_MAX_LENGTH) } : {},
        },
      ],
    }),
  ];
}

/** Where Google sends the visitor whose address it has not verified (Better Auth's `error` query on /login). */
const GOOGLE_EMAIL_NOT_VERIFIED = 'email-not-verified' satisfies RefusalCode;

/**
 * Better Auth's user.validateUserInfo, run before it creates, links or signs in an account from
 * a provider: a Google identity is accepted only when Google says it verified the address
 * (`email_verified: true` in the verified ID token). Otherwise anyone could create an account for
 * someone else's address through a Google account that never proved it, and keep using it
 * after the owner took the account back.
 */
function refuseUnverifiedGoogleIdentity({
  source,
}: {
  source: { method: string; oauth?: { providerId: string; profile?: Record<string, unknown> } };
}) {
  if (source.method !== 'oauth' || source.oauth?.providerId !== GOOGLE_PROVIDER_ID) return;
  if (source.oauth.profile?.email_verified === true) return;
  return {
    error: GOOGLE_EMAIL_NOT_VERIFIED,
    errorDescription: 'Google has not verified this e-mail address, so it cannot be used to sign in here.',
  };
}

/** Whether Better Auth's callback runs for an e-mail and password sign-up. */
const isSignUp = (request: Request | undefined) =>
  request !== undefined && new URL(request.url).pathname.endsWith('/sign-up/email');

function createBetterAuth({ env, database, secret, passwordHasher }: Required<CreateAuthOptions>) {
  const appOrigin = new URL(env.APP_URL).origin;
  return betterAuth({
    appName: 'Cash Offer Calculator',
    baseURL: appOrigin,
    basePath: '/api/auth',
    secret,
    // Sessions, users and accounts in our own database (PGlite or PostgreSQL), through Drizzle.
    // No adapter transactions: Better Auth would hold one open across the password hash, which
    // on PGlite's single connection stalls every other query. The user's free subscription is
    // created atomically with the user by a trigger instead (migration 0004).
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user, session, account, verification, organization, member, invitation },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      password: { hash: passwordHasher.hash, verify: passwordHasher.verify },
      resetPasswordTokenExpiresIn: RESET_LINK_VALID_SECONDS,
      // A reset ends every session: whoever knew the old password is signed out.
      revokeSessionsOnPasswordReset: true,
      // ...and every other reset link of the account: an older e-mail read by someone else is useless.
      // The link proved the mailbox: an unverified account is verified now and loses the other
      // sign-in methods someone added before the owner proved the address.
      onPasswordReset: async ({ user: { id } }) => {
        await database.db
          .delete(verification)
          .where(and(eq(verification.value, id), like(verification.identifier, 'reset-password:%')));
        await claimAccountAfterPasswordReset(database.db, id);
      },
      sendResetPassword: async ({ user: recipient, token }) => {
        const link = `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
        await sendEmail(
          { env, database },
          passwordResetEmail({ to: recipient.email, link, validForMinutes: RESET_LINK_VALID_SECONDS / 60 }),
        );
      },
    },
    // Issue 16: a new account is signed in at once and may use the app unverified; verifying its
    // e-mail (a link through the outbox) gates bulk sending and the use of the address as Reply-To.
    // Issue 42 §6: the link is mailed at sign-up, and again where it is needed when asked.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_LINK_VALID_SECONDS,
      sendVerificationEmail: async ({ user: recipient, url }, request) => {
        const reason = isSignUp(request) ? 'sign-up' : 'asked';
        try {
          await sendVerificationEmail({ env, database }, { email: recipient.email, url, reason });
        } catch (error) {
          // The account exists by now: an address already sent its hourly links gets none more,
          // and the sign-up still succeeds (the link can be asked for later).
          if (!(reason === 'sign-up' && error instanceof APIError)) throw error;
          logger.warn('no verification e-mail at sign-up: the address was sent its hourly links already');
        }
      },
    },
    plugins: [workspacePlugin(), ...googleSignIn(env)],
    user: { validateUserInfo: refuseUnverifiedGoogleIdentity },
    account: {
      // A Google sign-in joins an existing account of the same e-mail only when Google says the
      // address is verified and the account verified it with us too: otherwise whoever registered
      // someone else's address with a password would share that person's account later.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // A session used after a day is extended to a full week again: active users stay signed in.
      updateAge: 24 * 60 * 60,
      // No cookie cache: every request reads the session row, so signing out ends it everywhere at once.
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      session: {
        update: {
          // An absolute lifetime: a refresh never extends a session past ABSOLUTE_SESSION_DAYS
          // from its sign-in, and a session already past it ends (deleted, the request refused).
          before: async (data, endpoint) => {
            const current = (endpoint?.context as { session?: { session: { token: string; createdAt: Date } } | null })
              ?.session?.session;
            if (!current || !(data.expiresAt instanceof Date)) return;
            const end = new Date(current.createdAt).getTime() + ABSOLUTE_SESSION_MS;
            if (end <= Date.now()) {
              await database.db.delete(session).where(eq(session.token, current.token));
              return false;
            }
            if (data.expiresAt.getTime() > end) return { data: { ...data, expiresAt: new Date(end) } };
          },
        },
      },
    },
    // Replaced by our database-backed limiter in front of the handler (auth-rate-limits.ts):
    // Better Auth's own counts in process memory.
    rateLimit: { enabled: false },
    // Callback URLs and Origin headers are checked against these. In production only APP_URL: the
    // request's own origin comes from its Host header, which the client chooses. Locally the
    // address typed in the browser (127.0.0.1 for localhost) is accepted too.
    trustedOrigins: env.production
      ? [appOrigin]
      : (request) => [appOrigin, ...(request ? [new URL(request.url).origin] : [])],
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: appOrigin.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Explicit, because Better Auth skips its Origin checks when NODE_ENV is 'test' and the
      // tests must see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') assertAcceptableName(body);
        if (ctx.path === '/sign-up/email') assertAcceptablePassword(body?.password);
        if (ctx.path === '/reset-password' || ctx.path === '/change-password')
          assertAcceptablePassword(body?.newPassword);
      }),
    },
    // A refused request (wrong password, weak password, bad token) is the client's doing and
    // answered as such; only server faults go to the error log.
    onAPIError: {
      // A failed Google sign-in comes back to the sign-in page, which says what went wrong.
      errorURL: `${appOrigin}/login`,
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        logger.error({ error: describeErrorForLog(error) }, '[auth] request failed');
      },
    },
    logger: {
      level: 'error',
      log: (level, message, ...args) => {
        // Errors as describeErrorForLog puts them: a database error's parameters hold account data.
        // Text escaped: Better Auth logs what a client sent ('Invalid callbackURL: …'), line breaks and all.
        const details = args.map((arg) =>
          arg instanceof Error ? describeErrorForLog(arg) : typeof arg === 'string' ? escapeForLog(arg) : arg,
        );
        // Better Auth also logs a client's mistakes at error level ('State not found', a bad
        // callbackURL, a replayed or carried-off Google callback): only a message that carries
        // an error is a fault for the error log, and a state that does not match is not one.
        const clientMistake = message.startsWith('Failed to parse state');
        if (level === 'error' && !clientMistake && args.some((arg) => arg instanceof Error))
          logger.error({ details }, `[auth] ${escapeForLog(message)}`);
        else logger.warn({ details }, `[auth] ${escapeForLog(message)}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;

/** Accounts and sessions: the Better Auth instance (handler and server API) and its password hasher. */
export interface Auth {
  betterAuth: BetterAuth;
  passwordHasher: PasswordHasher;
  /** A request's session and membership, mostly in one query (session-reader.ts). */
  readSession: SessionReader;
}

export function createAuth({ passwordHasher = createPasswordHasher(), ...options }: CreateAuthOptions): Auth {
  const betterAuth = createBetterAuth({ ...options, passwordHasher });
  return { betterAuth, passwordHasher, readSession: createSessionReader(betterAuth, options.database.db) };
}
