// The only module that reads process.env: everything else receives a parsed `Env`.
import { z } from 'zod';

const optionalUrl = z.url().optional();
/**
 * A base URL that paths are appended to (`${APP_URL}/saved`): its trailing slashes are removed
 * here, once, so no user of it strips them again. Webhook URLs are not bases and stay as given.
 */
const baseUrl = z.url().transform((url) => url.replace(/\/+$/, ''));
const optionalText = z.string().min(1).optional();

/** A variable that is on when set to anything but '', '0' or 'false'. */
const flag = z
  .string()
  .optional()
  .transform((value) => value !== undefined && value !== '' && value !== '0' && value !== 'false');

const EnvSchema = z
  .object({
    // A public deployment sets NODE_ENV=production; `npm start` on a laptop leaves it unset.
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    // Demo billing hands out paid plans for nothing: in production only when asked for explicitly.
    DEMO_BILLING: flag,
    // The built-in outbox in production (a demo site): e-mails kept as files under DATA_DIR/outbox, recipients left out and tokens redacted, never sent.
    EMAIL_OUTBOX_LOG: flag,
    // An http:// APP_URL in production: no Secure cookies, no HSTS. Only when asked for explicitly.
    ALLOW_INSECURE_APP_URL: flag,
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: flag,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    APP_URL: baseUrl.optional(),
    OFFER_WEBHOOK_URL: optionalUrl,
    CRM_WEBHOOK_URL: optionalUrl,
    SHEETS_WEBHOOK_URL: optionalUrl,
    // For tests only: users' own webhook addresses may be plain http and point at this machine or
    // its network. Never set on a public server (server-side request forgery).
    ALLOW_PRIVATE_WEBHOOK_URLS: flag,
    LEAD_FORM_URL: optionalUrl,
    LEADS_EMAIL: z.email().optional(),
    RESEND_API_KEY: optionalText,
    RESEND_API_URL: baseUrl.default('https://api.resend.com'),
    // The app's sender. Unset: a placeholder on localhost, which only the built-in outbox may use.
    EMAIL_FROM: optionalText,
    // Signs the e-mail provider's webhooks (Svix, whsec_…) at POST /api/email/webhook: bounces,
    // complaints and inbound replies stop follow-ups. Unset: the webhook refuses everything.
    RESEND_WEBHOOK_SECRET: optionalText,
    // For the end-to-end tests only: POST /api/test/follow-up-clock moves the follow-ups' clock
    // ahead, so a 30-day sequence runs without a real wait. Refused in production.
    FOLLOW_UP_TEST_CLOCK: flag,
    // Bulk offer e-mails go to the outbox in batches of 5, one per second (spec §7, §9). Keep the
    // rate (1000 / interval per second) within the provider's limit (Resend: 2 per second).
    BULK_EMAIL_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    BULK_EMAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(5),
    // How long an e-mail a worker took stays its own before another process may send it: a process
    // that died mid-send leaves its e-mails to the others after this (the provider's idempotency
    // key keeps a second attempt from making a second copy). Longer than a batch of sends may take.
    EMAIL_CLAIM_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
    // How long SIGTERM waits for the requests in flight (and the e-mail being sent) before the
    // process exits all the same (shutdown/shut-down-gracefully.ts). Keep it under the orchestrator's
    // own kill timeout (Kubernetes: 30 s; systemd: 90 s).
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // Bulk offer e-mails one user may send per UTC day; the rest of a job waits for the next day.
    BULK_EMAIL_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PERSONAL_PRICE_ID: optionalText,
    STRIPE_PRO_PRICE_ID: optionalText,
    STRIPE_API_URL: optionalUrl,
    GHL_API_URL: baseUrl.default('https://services.leadconnectorhq.com'),
    // Lob's print-and-mail API (v1); each workspace saves its own key (mail/lob). Tests point it at a fake.
    LOB_API_URL: baseUrl.default('https://api.lob.com/v1'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    // Where the sign-in provider's OpenID configuration is read (tests point it at a local fake).
    GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
    GOOGLE_MAPS_API_KEY: optionalText,
    // Where the ARV panel locates a property by its address (arv/geocode-address.ts): Google's
    // Geocoding API with GOOGLE_MAPS_API_KEY, else the U.S. Census Geocoder (free, no key). Tests point these at a fake.
    GOOGLE_GEOCODING_API_URL: baseUrl.default('https://maps.googleapis.com/maps/api/geocode'),
    CENSUS_GEOCODER_URL: baseUrl.default('https://geocoding.geo.census.gov/geocoder'),
    // Signs session cookies. Unset: generated once and kept in DATA_DIR/auth-secret; set it
    // when several server processes share one DATABASE_URL so they all accept the same cookies.
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // The server's log level: JSON lines in production, readable lines otherwise.
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The bearer token GET /metrics asks for (Prometheus text). Unset: the route does not exist.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // Photos and proof-of-funds files in an S3-compatible bucket (storage/create-file-storage.ts).
    // Unset: under DATA_DIR/files. S3_ENDPOINT unset: AWS's own S3 in S3_REGION.
    S3_ENDPOINT: baseUrl.optional(),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
  })
  .superRefine((env, ctx) => {
    // Links in e-mails and redirects point at APP_URL: a public site cannot guess its own address.
    if (env.NODE_ENV === 'production' && !env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'required in production (NODE_ENV=production)' });
    }
    // Over plain http the session cookie cannot be Secure and no browser keeps HSTS.
    if (env.NODE_ENV === 'production' && env.APP_URL?.startsWith('http://') && !env.ALLOW_INSECURE_APP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: 'must be https:// in production (set ALLOW_INSECURE_APP_URL=1 to allow http://)',
      });
    }
    // Without a provider, reset and verification links and offer tokens would only reach the log.
    if (env.NODE_ENV === 'production' && !env.RESEND_API_KEY && !env.EMAIL_OUTBOX_LOG) {
      ctx.addIssue({
        code: 'custom',
        path: ['RESEND_API_KEY'],
        message:
          'required in production to send e-mail (set EMAIL_OUTBOX_LOG=1 to only print e-mails to the log, on a demo site)',
      });
    }
    // A provider sends only from a domain it has verified: the localhost placeholder would be
    // refused by it (or land in spam), and inbound replies read the domain of EMAIL_FROM.
    if (env.NODE_ENV === 'production' && env.RESEND_API_KEY && !env.EMAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMAIL_FROM'],
        message:
          'required in production with an e-mail provider: an address on a domain the provider has verified, like "Offers <offers@your-domain.com>"',
      });
    }
    if (env.NODE_ENV === 'production' && env.FOLLOW_UP_TEST_CLOCK) {
      ctx.addIssue({
        code: 'custom',
        path: ['FOLLOW_UP_TEST_CLOCK'],
        message: 'is for tests only, never in production',
      });
    }
    // A bucket needs every setting to reach it, named when missing; an endpoint alone is a mistake.
    if (env.S3_BUCKET || env.S3_ENDPOINT) {
      const s3Required = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
      for (const name of s3Required.filter((name) => !env[name])) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'required to store files in an S3 bucket' });
      }
    }
    // A configured payment provider needs all of its settings, named when missing (spec §5).
    if (!env.STRIPE_SECRET_KEY) return;
    const required = [
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PERSONAL_PRICE_ID',
      'STRIPE_PRO_PRICE_ID',
    ] as const;
    const missing = required.filter((name) => !env[name]);
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Missing required configuration: ${missing.join(', ')}` });
    }
  })
  .transform(({ EMAIL_FROM = 'Cash Offer Calculator <offers@localhost>', ...env }) => ({
    ...env,
    EMAIL_FROM,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    production: env.NODE_ENV === 'production',
    billingMode: billingMode(env),
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    followUpInboundDomain: followUpInboundDomain({ ...env, EMAIL_FROM }),
  }));

/**
 * Where a homeowner's reply to a follow-up reaches the app as well as the sender: reply+{token}@ the
 * domain of EMAIL_FROM, which the provider receives for once its inbound webhook is set up (signed
 * with RESEND_WEBHOOK_SECRET); null without it, so no e-mail names an address nobody reads.
 */
function followUpInboundDomain(env: { EMAIL_FROM: string; RESEND_WEBHOOK_SECRET?: string }): string | null {
  if (!env.RESEND_WEBHOOK_SECRET) return null;
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(env.EMAIL_FROM)?.[1] ?? null;
}

/**
 * How paid plans are bought: through Stripe when it is configured; otherwise through the demo
 * checkout, except in production without DEMO_BILLING=1, where paid plans are unavailable.
 */
function billingMode(env: { STRIPE_SECRET_KEY?: string; NODE_ENV?: string; DEMO_BILLING: boolean }) {
  if (env.STRIPE_SECRET_KEY) return 'stripe' as const;
  if (env.NODE_ENV !== 'production' || env.DEMO_BILLING) return 'demo' as const;
  return 'unavailable' as const;
}

export type BillingMode = ReturnType<typeof billingMode>;

export type Env = z.infer<typeof EnvSchema>;

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** Parses the environment once; throws a ConfigurationError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means unset, as in most shells' `FOO= npm start`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw new ConfigurationError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}
