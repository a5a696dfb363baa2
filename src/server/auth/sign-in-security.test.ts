import { eq, like } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { mailedTo } from '#tests/support/outbox.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { postAuth, signUpUser, uniqueEmail, type SignedInUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { emailOutbox, rateLimits } from '../db/schema';

const WRONG = 'not-the-right-password';
let ipCounter = 0;
/** A fresh client address for each call, so only the rule under test can refuse. */
const freshIp = () => {
  ipCounter++;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};
const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

async function message(response: Response) {
  return ((await response.json()) as { message: string }).message;
}

describeEachDatabase('sign-in security', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  let bob: SignedInUser;

  beforeAll(async () => {
    // Behind a proxy, so each test can pick the client address.
    context = createTestContext(database(), { TRUST_PROXY: '1' }, { passwordHashing: { maxConcurrent: 2 } });
    app = createApp(context);
    bob = await signUpUser(app, { email: uniqueEmail('bob'), headers: fromIp(freshIp()) });
  });

  it('answers an unknown e-mail and a wrong password alike, each after one scrypt run', async () => {
    const { counts } = context.auth.passwordHasher;
    const bodies = new Set<string>();
    for (let round = 0; round < 3; round++) {
      for (const kind of ['unknown', 'wrong'] as const) {
        const before = { ...counts };
        const email = kind === 'unknown' ? uniqueEmail('nobody') : bob.email;
        const response = await postAuth(app, '/sign-in/email', { email, password: WRONG }, fromIp(freshIp()));
        expect(response.status).toBe(401);
        bodies.add(await response.text());
        // Unknown e-mail: Better Auth hashes the password anyway; wrong password: it verifies.
        expect(counts.hashes + counts.verifications - before.hashes - before.verifications).toBe(1);
        expect(counts.verifications - before.verifications).toBe(kind === 'wrong' ? 1 : 0);
      }
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ message: 'Invalid email or password', code: 'invalid-email-or-password' }),
    ]);
    // One scrypt run each (counted above) is what makes their times alike; bench/sign-in-timing.ts measures them.
  });

  it('50 concurrent wrong passwords for one account (from 50 addresses) get at most 10 password checks', async () => {
    const victim = await signUpUser(app, { email: uniqueEmail('victim'), headers: fromIp(freshIp()) });
    const before = context.auth.passwordHasher.counts.verifications;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        postAuth(app, '/sign-in/email', { email: victim.email, password: WRONG }, fromIp(freshIp())),
      ),
    );
    const checks = context.auth.passwordHasher.counts.verifications - before;
    expect(checks).toBeLessThanOrEqual(10);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checks);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - checks);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await message(refused)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    // Locked for the window even with the right password, and without checking it.
    const right = await postAuth(
      app,
      '/sign-in/email',
      { email: victim.email, password: victim.password },
      fromIp(freshIp()),
    );
    expect(right.status).toBe(429);
    expect(context.auth.passwordHasher.counts.verifications - before).toBe(checks);
  });

  it('counts failures per account, not successes', async () => {
    const { db } = database();
    const carol = await signUpUser(app, { email: uniqueEmail('carol'), headers: fromIp(freshIp()) });
    expect(
      (await postAuth(app, '/sign-in/email', { email: carol.email, password: WRONG }, fromIp(freshIp()))).status,
    ).toBe(401);
    expect(
      (await postAuth(app, '/sign-in/email', { email: carol.email, password: carol.password }, fromIp(freshIp())))
        .status,
    ).toBe(200);
    // The failure counter of the account holds the one failure only (keys hold a digest of the e-mail).
    const counters = await db.select().from(rateLimits).where(like(rateLimits.key, 'sign-in-failures:account:%'));
    expect(counters.some((row) => row.count === 1)).toBe(true);
    expect(JSON.stringify(counters)).not.toContain(carol.email);
  });

  it('allows 10 sign-in attempts a minute per address, checked before any password work', async () => {
    const ip = freshIp();
    const before = { ...context.auth.passwordHasher.counts };
    const responses = [];
    // Unknown e-mails, so only the address limit applies.
    for (let i = 0; i < 11; i++)
      responses.push(
        await postAuth(app, '/sign-in/email', { email: uniqueEmail('scan'), password: WRONG }, fromIp(ip)),
      );
    expect(responses.map((r) => r.status)).toEqual([...Array<number>(10).fill(401), 429]);
    expect(await message(responses[10]!)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(context.auth.passwordHasher.counts.hashes - before.hashes).toBe(10);
    // Another address is not affected.
    expect(
      (await postAuth(app, '/sign-in/email', { email: bob.email, password: bob.password }, fromIp(freshIp()))).status,
    ).toBe(200);
  });

  it('allows 10 sign-ups a minute per address', async () => {
    const ip = freshIp();
    const statuses = [];
    // Too-short passwords are refused without hashing but still count as attempts.
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await postAuth(
            app,
            '/sign-up/email',
            { email: uniqueEmail('flood'), password: 'short', name: 'f' },
            fromIp(ip),
          )
        ).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it('allows 10 recovery requests a minute per client address, and 3 reset e-mails a day per e-mail address', async () => {
    const ip = freshIp();
    const perIp = [];
    for (let i = 0; i < 11; i++)
      perIp.push((await postAuth(app, '/request-password-reset', { email: uniqueEmail('r') }, fromIp(ip))).status);
    expect(perIp).toEqual([...Array<number>(10).fill(200), 429]);

    const perAccount = [];
    const { email } = await signUpUser(app, { email: uniqueEmail('mailbomb'), headers: fromIp(freshIp()) });
    for (let i = 0; i < 11; i++)
      perAccount.push((await postAuth(app, '/request-password-reset', { email }, fromIp(freshIp()))).status);
    expect(perAccount).toEqual([...Array<number>(3).fill(200), ...Array<number>(8).fill(429)]);
    const refused = await postAuth(app, '/request-password-reset', { email }, fromIp(freshIp()));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // Three reset e-mails reached the outbox, not eleven (beside the sign-up's verification link).
    const sent = await database().db.select().from(emailOutbox).where(mailedTo(email));
    expect(sent).toHaveLength(3);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For, so a client cannot escape the limit by forging it', async () => {
    const direct = createApp(createTestContext(database()));
    // Requests without a socket address count as one client ('unknown'); forged headers do not split it.
    await database().db.delete(rateLimits).where(eq(rateLimits.key, 'sign-up:ip:unknown'));
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await postAuth(
            direct,
            '/sign-up/email',
            { email: uniqueEmail('spoof'), password: 'short', name: 's' },
            fromIp(freshIp()),
          )
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('bounds how many password hashes run at once', async () => {
    const { counts } = context.auth.passwordHasher;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        postAuth(app, '/sign-in/email', { email: uniqueEmail('burst'), password: WRONG }, fromIp(freshIp())),
      ),
    );
    expect(counts.peakConcurrent).toBeLessThanOrEqual(2);
  });

  it('refuses mutating requests from another site, before Better Auth sees them', async () => {
    const before = { ...context.auth.passwordHasher.counts };
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const response = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...fromIp(freshIp()), ...headers },
        body: JSON.stringify({ email: bob.email, password: bob.password }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await message(response)).toBe('Requests from other sites are not allowed.');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(context.auth.passwordHasher.counts).toEqual(before);

    // Our own routes too: any mutating /api request.
    const own = await app.request('/api/anything', { method: 'DELETE', headers: { origin: 'https://evil.example' } });
    expect(own.status).toBe(403);
    // Reading is not refused, and the same origin passes.
    expect(
      (
        await app.request('/api/health', {
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        })
      ).status,
    ).toBe(200);
    const same = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        ...fromIp(freshIp()),
      },
      body: JSON.stringify({ email: bob.email, password: bob.password }),
    });
    expect(same.status).toBe(200);
  });

  it('refuses a cookie-carrying auth request without an Origin (Better Auth’s own check)', async () => {
    const response = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bob.cookie, ...fromIp(freshIp()) },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('never writes a password to the log', async () => {
    const secret = 'unique-secret-passphrase-31337';
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    );
    try {
      const user = await signUpUser(app, { email: uniqueEmail('quiet'), password: secret, headers: fromIp(freshIp()) });
      await postAuth(app, '/sign-in/email', { email: user.email, password: `${secret}-wrong` }, fromIp(freshIp()));
      await postAuth(app, '/sign-in/email', { email: uniqueEmail('ghost'), password: secret }, fromIp(freshIp()));
      await postAuth(app, '/sign-up/email', { email: user.email, password: secret, name: 'again' }, fromIp(freshIp()));
      await postAuth(
        app,
        '/sign-up/email',
        { email: uniqueEmail('weak'), password: 'password1', name: 'weak' },
        fromIp(freshIp()),
      );
      const logged = spies
        .flatMap((spy) => spy.mock.calls.flat())
        .map((arg) => (typeof arg === 'string' ? arg : (JSON.stringify(arg) ?? String(arg))));
      expect(logged.filter((text) => text.includes(secret) || text.includes('password1'))).toEqual([]);
    } finally {
      for (const spy of spies) if (spy !== vi.mocked(console.error)) spy.mockRestore();
    }
  });
});
