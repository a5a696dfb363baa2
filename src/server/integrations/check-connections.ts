import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import type { AppContext } from '../app-context';
import type { Env } from '../env';
import { describeErrorForLog } from '../http/describe-error-for-log';
import { readLimitedText } from '../http/outbound/read-limited-text';
import { MAX_ANSWER_BYTES } from '../http/outbound/safe-fetch';
import {
  fetchUpstream,
  readUpstreamMessage,
  redact,
  UPSTREAM_TIMEOUT_MS,
  upstreamMessageOf,
  UpstreamError,
} from '../http/outbound/upstream-error';
import { logger } from '../observability/logger';

// An OpenID configuration is a page of JSON (Google's: under 2 KB); nothing past this is read.
const MAX_DISCOVERY_BYTES = 64 * 1024;

/** The four services the Connections page lists (spec §2). */
export const CONNECTION_SERVICES = ['backend', 'identity', 'payment', 'email'] as const;
export type ConnectionService = (typeof CONNECTION_SERVICES)[number];

export interface ConnectionCheck {
  service: ConnectionService;
  status: 'connected' | 'error';
  /** What was found; never a secret. */
  message: string;
  /** What the app does meanwhile (e.g. the built-in outbox), when that matters. */
  note?: string;
  checkedAt: string;
}

type Result = Omit<ConnectionCheck, 'service' | 'checkedAt'>;

async function checkBackend({ database }: Pick<AppContext, 'database'>): Promise<Result> {
  try {
    await database.db.execute(sql`select 1`);
    return {
      status: 'connected',
      message: `API and database answering (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`,
    };
  } catch (error) {
    logger.warn({ error: describeErrorForLog(error) }, 'connection check: the database did not answer');
    return { status: 'error', message: 'The database did not answer' };
  }
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown> | null;
  } catch {
    return null;
  }
}

/** Google sign-in: the client's settings, then the provider's OpenID configuration, fetched for real. */
async function checkIdentityProvider(env: Env): Promise<Result> {
  const note = 'Sign-in with e-mail and password works without it.';
  if (!env.GOOGLE_CLIENT_ID) return { status: 'error', message: integrationMessages.googleClientIdMissing, note };
  if (!env.GOOGLE_CLIENT_SECRET)
    return { status: 'error', message: integrationMessages.googleClientSecretMissing, note };
  try {
    const response = await fetchUpstream('Google', env.GOOGLE_DISCOVERY_URL, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok)
      return { status: 'error', message: `Google answered ${response.status}: ${await readUpstreamMessage(response)}` };
    const discovery = parseJson(await readLimitedText(response.body, MAX_DISCOVERY_BYTES).catch(() => ''));
    const required = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'];
    const missing = required.filter((field) => typeof discovery?.[field] !== 'string');
    if (missing.length > 0)
      return { status: 'error', message: `Google's OpenID configuration lacks ${missing.join(', ')}`, note };
    return { status: 'connected', message: `Google sign-in ready (OpenID provider ${String(discovery!.issuer)})` };
  } catch (error) {
    if (error instanceof UpstreamError) return { status: 'error', message: error.message, note };
    throw error;
  }
}

/** Describes a Stripe SDK error without the key (Stripe's own message masks all but its end; we redact it whole anyway). */
export function describeStripeError(error: unknown, secretKey: string | undefined): string {
  const stripeError = error as { statusCode?: unknown; message?: unknown; type?: unknown };
  const status = typeof stripeError.statusCode === 'number' ? ` ${stripeError.statusCode}` : '';
  const message = typeof stripeError.message === 'string' ? stripeError.message : String(error);
  const text =
    stripeError.type === 'StripeConnectionError'
      ? `Stripe could not be reached (${message})`
      : `Stripe answered${status}: ${message}`;
  return redact(text, [secretKey]).slice(0, 300);
}

/** A cheap real call with the secret key: the account's balance; one attempt, 10 s at most (a check must answer, not retry). */
export async function callStripe(stripe: Stripe, env: Pick<Env, 'STRIPE_SECRET_KEY'>): Promise<{ livemode: boolean }> {
  try {
    const balance = await stripe.balance.retrieve({}, { timeout: UPSTREAM_TIMEOUT_MS, maxNetworkRetries: 0 });
    return { livemode: balance.livemode };
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    throw new UpstreamError(
      'Stripe',
      describeStripeError(error, env.STRIPE_SECRET_KEY),
      typeof status === 'number' ? status : undefined,
    );
  }
}

async function checkPaymentProvider(env: Env, stripe: Stripe | undefined): Promise<Result> {
  const demo = 'Billing runs in demo mode: no payments are taken.';
  if (!env.STRIPE_PUBLISHABLE_KEY)
    return { status: 'error', message: integrationMessages.stripePublishableKeyMissing, note: demo };
  if (!stripe) return { status: 'error', message: 'Stripe secret key not configured', note: demo };
  try {
    const { livemode } = await callStripe(stripe, env);
    return { status: 'connected', message: `Stripe answered (${livemode ? 'live' : 'test'} mode)` };
  } catch (error) {
    if (error instanceof UpstreamError) return { status: 'error', message: error.message };
    throw error;
  }
}

async function checkEmailService(env: Env): Promise<Result> {
  const outbox = 'E-mails are kept in the built-in outbox, each in a file under DATA_DIR/outbox.';
  if (!env.RESEND_API_KEY) return { status: 'error', message: integrationMessages.resendApiKeyMissing, note: outbox };
  const secrets = [env.RESEND_API_KEY];
  try {
    const response = await fetchUpstream(
      'Resend',
      `${env.RESEND_API_URL}/domains`,
      { headers: { Authorization: `Bearer ${env.RESEND_API_KEY}` } },
      { secrets },
    );
    if (response.ok) {
      await response.body?.cancel().catch(() => {});
      return { status: 'connected', message: 'Resend answered' };
    }
    const text = await readLimitedText(response.body, MAX_ANSWER_BYTES).catch(() => '');
    // A sending-only key is valid but may not list domains: it is still a working key.
    if (response.status === 401 && text.includes('restricted_api_key')) {
      return { status: 'connected', message: 'Resend answered (sending-only API key)' };
    }
    return {
      status: 'error',
      message: redact(`Resend answered ${response.status}: ${upstreamMessageOf(text)}`, secrets),
    };
  } catch (error) {
    if (error instanceof UpstreamError) return { status: 'error', message: error.message };
    throw error;
  }
}

/** Runs one service's check for real: the database, configuration, and the provider's API where a key is set. */
export async function checkConnection(
  context: Pick<AppContext, 'env' | 'database' | 'stripe'>,
  service: ConnectionService,
): Promise<ConnectionCheck> {
  const checks: Record<ConnectionService, () => Result | Promise<Result>> = {
    backend: () => checkBackend(context),
    identity: () => checkIdentityProvider(context.env),
    payment: () => checkPaymentProvider(context.env, context.stripe),
    email: () => checkEmailService(context.env),
  };
  const result = await checks[service]();
  return { service, ...result, checkedAt: new Date().toISOString() };
}
