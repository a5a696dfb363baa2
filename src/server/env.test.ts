import { describe, expect, it } from 'vitest';
import { ConfigurationError, parseEnv } from './env';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  STRIPE_PERSONAL_PRICE_ID: 'price_personal',
  STRIPE_PRO_PRICE_ID: 'price_pro',
};

function configurationError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('parseEnv accepted the configuration');
}

describe('parseEnv: payment provider settings (§5 Required configuration)', () => {
  it('starts in demo billing with no Stripe settings at all', () => {
    const env = parseEnv({});
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('accepts a secret key with all four companions, and an API URL for a fake', () => {
    const env = parseEnv({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(env).toMatchObject({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' });
  });

  it("refuses a secret key without the others, naming every missing one after 'Missing required configuration: '", () => {
    expect(configurationError({ STRIPE_SECRET_KEY: 'sk_test_123' })).toContain(
      'Missing required configuration: STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PERSONAL_PRICE_ID, STRIPE_PRO_PRICE_ID',
    );
  });

  it('names only what is missing, and treats an empty variable as missing', () => {
    const message = configurationError({ ...stripe, STRIPE_WEBHOOK_SECRET: '', STRIPE_PRO_PRICE_ID: '' });
    expect(message).toContain('Missing required configuration: STRIPE_WEBHOOK_SECRET, STRIPE_PRO_PRICE_ID');
    expect(message).not.toContain('STRIPE_PUBLISHABLE_KEY');
  });

  it('does not require the others without a secret key (demo billing ignores them)', () => {
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' })).not.toThrow();
  });

  it('refuses a malformed STRIPE_API_URL', () => {
    expect(configurationError({ ...stripe, STRIPE_API_URL: 'not a url' })).toContain('STRIPE_API_URL');
  });
});

describe('parseEnv: base URLs', () => {
  it('strips trailing slashes from APP_URL and the API base URLs once, keeping any path', () => {
    const env = parseEnv({
      APP_URL: 'https://offers.example.com/app/',
      RESEND_API_URL: 'http://127.0.0.1:4010//',
      GHL_API_URL: 'https://crm.example.com/',
    });
    expect(env).toMatchObject({
      APP_URL: 'https://offers.example.com/app',
      RESEND_API_URL: 'http://127.0.0.1:4010',
      GHL_API_URL: 'https://crm.example.com',
    });
  });

  it('leaves a webhook URL exactly as given', () => {
    expect(parseEnv({ CRM_WEBHOOK_URL: 'https://hooks.example.com/crm/' }).CRM_WEBHOOK_URL).toBe(
      'https://hooks.example.com/crm/',
    );
  });
});

describe('parseEnv: production mode', () => {
  it('is local (demo billing) unless NODE_ENV=production', () => {
    expect(parseEnv({})).toMatchObject({ production: false, billingMode: 'demo' });
    expect(parseEnv({ NODE_ENV: 'development' })).toMatchObject({ production: false, billingMode: 'demo' });
  });

  it('sells no paid plan in production without a payment provider, unless DEMO_BILLING=1', () => {
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://offers.example.com',
      RESEND_API_KEY: 're_x',
      EMAIL_FROM: 'Offers <offers@offers.example.com>',
    };
    expect(parseEnv(production)).toMatchObject({ production: true, billingMode: 'unavailable' });
    expect(parseEnv({ ...production, DEMO_BILLING: '0' })).toMatchObject({ billingMode: 'unavailable' });
    expect(parseEnv({ ...production, DEMO_BILLING: '1' })).toMatchObject({ billingMode: 'demo' });
    expect(parseEnv({ ...production, ...stripe })).toMatchObject({ billingMode: 'stripe' });
  });

  it('needs the public address in production', () => {
    expect(configurationError({ NODE_ENV: 'production' })).toContain('APP_URL: required in production');
  });

  // Issue 25, finding 5: without a provider every reset link and offer token went to the log.
  it('needs an e-mail provider in production, unless EMAIL_OUTBOX_LOG=1 asks for the log-only outbox', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://offers.example.com' };
    for (const source of [production, { ...production, EMAIL_OUTBOX_LOG: '0' }, { ...production, RESEND_API_KEY: '' }])
      expect(configurationError(source)).toContain(
        'RESEND_API_KEY: required in production to send e-mail (set EMAIL_OUTBOX_LOG=1',
      );
    expect(parseEnv({ ...production, RESEND_API_KEY: 're_x', EMAIL_FROM: 'offers@offers.example.com' })).toMatchObject({
      production: true,
    });
    expect(parseEnv({ ...production, EMAIL_OUTBOX_LOG: '1' })).toMatchObject({ production: true });
    expect(parseEnv({}).RESEND_API_KEY).toBeUndefined();
  });

  // The README's production section asks for EMAIL_FROM: a provider refuses (or spams) mail from
  // the localhost placeholder, so production with a provider does not start without it.
  it('needs EMAIL_FROM in production with an e-mail provider; the log-only outbox and local runs keep the placeholder', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://offers.example.com' };
    for (const source of [
      { ...production, RESEND_API_KEY: 're_x' },
      { ...production, RESEND_API_KEY: 're_x', EMAIL_OUTBOX_LOG: '1' },
    ]) {
      expect(configurationError(source)).toContain('EMAIL_FROM: required in production with an e-mail provider');
    }
    expect(configurationError({ ...production, RESEND_API_KEY: 're_x', EMAIL_FROM: '' })).toContain('EMAIL_FROM');
    expect(
      parseEnv({ ...production, RESEND_API_KEY: 're_x', EMAIL_FROM: 'Offers <offers@offers.example.com>' }),
    ).toMatchObject({ EMAIL_FROM: 'Offers <offers@offers.example.com>' });
    const placeholder = 'Cash Offer Calculator <offers@localhost>';
    expect(parseEnv({ ...production, EMAIL_OUTBOX_LOG: '1' })).toMatchObject({ EMAIL_FROM: placeholder });
    expect(parseEnv({ RESEND_API_KEY: 're_x' })).toMatchObject({ production: false, EMAIL_FROM: placeholder });
    expect(parseEnv({})).toMatchObject({ EMAIL_FROM: placeholder });
  });

  // Issue 25, finding 10: an http APP_URL means no Secure cookies and no HSTS.
  it('needs an https APP_URL in production, unless ALLOW_INSECURE_APP_URL=1', () => {
    const production = { NODE_ENV: 'production', RESEND_API_KEY: 're_x', EMAIL_FROM: 'offers@offers.example.com' };
    expect(configurationError({ ...production, APP_URL: 'http://offers.example.com' })).toContain(
      'APP_URL: must be https:// in production (set ALLOW_INSECURE_APP_URL=1 to allow http://)',
    );
    expect(
      parseEnv({ ...production, APP_URL: 'http://offers.example.com', ALLOW_INSECURE_APP_URL: '1' }),
    ).toMatchObject({ APP_URL: 'http://offers.example.com' });
    expect(parseEnv({ ...production, APP_URL: 'https://offers.example.com' })).toMatchObject({ production: true });
    expect(parseEnv({ APP_URL: 'http://localhost:3000' })).toMatchObject({ production: false });
  });

  it('names every production problem at once', () => {
    const message = configurationError({ NODE_ENV: 'production', APP_URL: 'http://offers.example.com' });
    expect(message).toContain('APP_URL: must be https://');
    expect(message).toContain('RESEND_API_KEY: required in production');
  });

  it('refuses an unknown NODE_ENV', () => {
    expect(configurationError({ NODE_ENV: 'prod' })).toContain('NODE_ENV');
  });
});

describe('parseEnv: SHUTDOWN_GRACE_MS', () => {
  it('waits 10 s for requests in flight by default, and takes a whole number of milliseconds', () => {
    expect(parseEnv({}).SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(parseEnv({ SHUTDOWN_GRACE_MS: '25000' }).SHUTDOWN_GRACE_MS).toBe(25_000);
    expect(parseEnv({ SHUTDOWN_GRACE_MS: '0' }).SHUTDOWN_GRACE_MS).toBe(0);
  });

  it('refuses a negative, fractional, too long or non-numeric grace, naming the variable', () => {
    for (const value of ['-1', '1.5', '600001', 'ten seconds']) {
      expect(configurationError({ SHUTDOWN_GRACE_MS: value })).toContain('SHUTDOWN_GRACE_MS');
    }
  });
});

describe('parseEnv: logs and metrics (issue 40)', () => {
  it('logs at info unless LOG_LEVEL says otherwise, and has no metrics token by default', () => {
    expect(parseEnv({}).LOG_LEVEL).toBe('info');
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(parseEnv({ LOG_LEVEL: 'silent' }).LOG_LEVEL).toBe('silent');
  });

  it('refuses a level pino does not have, and a metrics token short enough to guess, naming each', () => {
    const message = configurationError({ LOG_LEVEL: 'verbose', METRICS_TOKEN: 'short' });
    expect(message).toContain('LOG_LEVEL:');
    expect(message).toContain('METRICS_TOKEN: must be at least 16 characters');
  });
});

describe('parseEnv: file storage', () => {
  it('keeps files under DATA_DIR with no S3 setting', () => {
    const env = parseEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_ENDPOINT).toBeUndefined();
  });

  it('accepts a bucket with its region and keys, the endpoint normalised', () => {
    const env = parseEnv({
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'photos',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(env).toMatchObject({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'photos' });
  });

  it('names every missing bucket setting', () => {
    const message = configurationError({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'photos' });
    expect(message).toContain('S3_REGION: required to store files in an S3 bucket');
    expect(message).toContain('S3_ACCESS_KEY_ID: required to store files in an S3 bucket');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: required to store files in an S3 bucket');
    expect(message).not.toContain('S3_BUCKET:');
  });
});
