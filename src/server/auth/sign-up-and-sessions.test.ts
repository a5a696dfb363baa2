import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { credentialMessages } from '#domain/auth/credentials.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import {
  cookieFrom,
  postAuth,
  signInUser,
  signUpUser,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedInUser,
} from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { account, member, session, subscriptions, user } from '../db/schema';
import { optionalUser, requireUser, type AuthVariables, type OptionalAuthVariables } from './require-user';

/** The real app plus two routes behind requireUser / optionalUser, as other features mount them. */
function appWithProtectedRoutes(context: AppContext) {
  const protectedRoutes = new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', (c) => c.json({ user: c.var.user }));
  const optionalRoutes = new Hono<{ Variables: OptionalAuthVariables }>()
    .use(optionalUser(context))
    .get('/', (c) => c.json({ user: c.var.user }));
  return new Hono().route('/me', protectedRoutes).route('/maybe-me', optionalRoutes).route('/', createApp(context));
}

describeEachDatabase('sign-up, sessions and sign-out', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof appWithProtectedRoutes>;
  let ann: SignedInUser;

  beforeAll(async () => {
    context = createTestContext(database());
    app = appWithProtectedRoutes(context);
    ann = await signUpUser(app, { email: uniqueEmail('ann') });
  });

  it('signs up: the user, a scrypt-hashed password and a free subscription row', async () => {
    const { db } = database();
    const [row] = await db.select().from(user).where(eq(user.id, ann.userId));
    expect(row?.email).toBe(ann.email);
    const [credential] = await db.select().from(account).where(eq(account.userId, ann.userId));
    expect(credential?.providerId).toBe('credential');
    expect(credential?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(credential?.password).not.toContain(TEST_PASSWORD);
    // The plan belongs to the user's own workspace (issue 26), whose id is the user's, with them as its Owner.
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, ann.userId));
    expect(subscription).toMatchObject({ plan: 'free', currentPeriodEnd: null });
    expect(
      await db
        .select({ role: member.role, workspaceId: member.organizationId })
        .from(member)
        .where(eq(member.userId, ann.userId)),
    ).toEqual([{ role: 'owner', workspaceId: ann.userId }]);
  });

  it('creates the subscription row in the same transaction as the user: if it fails, there is no user', async () => {
    const { db } = database();
    // Make every new subscription row fail, as a broken insert would.
    await db.execute(sql`ALTER TABLE subscriptions ADD CONSTRAINT test_no_new_rows CHECK (false) NOT VALID`);
    vi.mocked(console.error).mockImplementation(() => {}); // Better Auth logs the failed insert
    try {
      const email = uniqueEmail('atomic');
      const response = await postAuth(app, '/sign-up/email', { email, password: TEST_PASSWORD, name: 'atomic' });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(await db.select().from(user).where(eq(user.email, email))).toEqual([]);
    } finally {
      await db.execute(sql`ALTER TABLE subscriptions DROP CONSTRAINT test_no_new_rows`);
    }
  });

  it('gives a user inserted any other way a free subscription too', async () => {
    const { db } = database();
    await db.insert(user).values({ id: 'direct-insert', name: 'Direct', email: uniqueEmail('direct') });
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, 'direct-insert'));
    expect(subscription?.plan).toBe('free');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, not Secure over http', async () => {
    const response = await postAuth(app, '/sign-in/email', { email: ann.email, password: ann.password });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    const sessionCookie = cookies.find((cookie) => cookie.startsWith('cash-offer.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; SameSite=Lax/i);
    expect(sessionCookie).toMatch(/; Path=\//i);
    expect(sessionCookie).toMatch(/; Max-Age=604800/i);
    expect(sessionCookie).not.toMatch(/; Secure/i);
  });

  it('refuses a duplicate e-mail', async () => {
    const response = await postAuth(app, '/sign-up/email', {
      email: ann.email.toUpperCase(),
      password: 'another good passphrase',
      name: 'x',
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe('User already exists. Use another email.');
  });

  it.each([
    ['shorter than 8 characters', 'Ab3$xyz', credentialMessages.passwordTooShort],
    ['longer than 128 characters', 'x'.repeat(129), credentialMessages.passwordTooLong],
    ['among the most common passwords', 'Password1', credentialMessages.passwordTooCommon],
    ['a common one in other letter case', 'QWERTYUIOP', credentialMessages.passwordTooCommon],
  ])('refuses a password %s, before hashing it', async (_, password, message) => {
    const before = context.auth.passwordHasher.counts.hashes;
    const email = uniqueEmail('weak');
    const response = await postAuth(app, '/sign-up/email', { email, password, name: 'weak' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
    expect(context.auth.passwordHasher.counts.hashes).toBe(before);
    expect(await database().db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('keeps the user signed in with the cookie: requireUser sets c.var.user', async () => {
    const response = await app.request('/me', { headers: { cookie: ann.cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: { id: ann.userId, email: ann.email, name: ann.email.split('@')[0] },
    });

    const session = await app.request('/api/auth/get-session', { headers: { cookie: ann.cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(ann.email);
  });

  it("answers 401 {error: 'Please sign in'} without a session, or with a forged cookie", async () => {
    for (const cookie of [undefined, 'cash-offer.session_token=forged.signature']) {
      const response = await app.request('/me', { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Please sign in' });
    }
  });

  it('optionalUser gives null without a session and the user with one', async () => {
    expect(await (await app.request('/maybe-me')).json()).toEqual({ user: null });
    expect(await (await app.request('/maybe-me', { headers: { cookie: ann.cookie } })).json()).toMatchObject({
      user: { id: ann.userId },
    });
  });

  it('extends a session that is used after a day, sending the refreshed cookie', async () => {
    const { db } = database();
    const cookie = await signInUser(app, ann.email, ann.password);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    // As if the session were six days old: one day of its week left.
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 24 * 3600_000) })
      .where(eq(session.token, token));

    const response = await app.request('/me', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(
      response.headers
        .getSetCookie()
        .some((c) => c.startsWith('cash-offer.session_token=') && /Max-Age=604800/.test(c)),
    ).toBe(true);
    const [row] = await db.select().from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
  });

  it('does not accept an expired session', async () => {
    const { db } = database();
    const cookie = await signInUser(app, ann.email, ann.password);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await app.request('/me', { headers: { cookie } })).status).toBe(401);
  });

  it('signing out ends the session on the server: the same cookie replayed gets 401', async () => {
    const { db } = database();
    const cookie = await signInUser(app, ann.email, ann.password);
    expect((await app.request('/me', { headers: { cookie } })).status).toBe(200);

    const signOut = await postAuth(app, '/sign-out', {}, { cookie });
    expect(signOut.status).toBe(200);
    // The browser is told to drop the cookie…
    expect(
      signOut.headers.getSetCookie().some((c) => c.startsWith('cash-offer.session_token=;') && /Max-Age=0/.test(c)),
    ).toBe(true);
    // …and a copy kept by anyone else no longer works, because the session row is gone.
    expect((await app.request('/me', { headers: { cookie } })).status).toBe(401);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    expect(await db.select().from(session).where(eq(session.token, token))).toEqual([]);
    // Other sessions of the same user (another browser) are not affected.
    expect((await app.request('/me', { headers: { cookie: ann.cookie } })).status).toBe(200);
  });
});

describe('cookies under https', () => {
  describeEachDatabase('APP_URL https', (database) => {
    it('are Secure (and __Secure- prefixed)', async () => {
      const app = createApp(createTestContext(database(), { APP_URL: 'https://offers.example.com' }));
      const response = await app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://offers.example.com' },
        body: JSON.stringify({ email: uniqueEmail('secure'), password: TEST_PASSWORD, name: 'secure' }),
      });
      expect(response.status).toBe(200);
      const sessionCookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith('__Secure-cash-offer.session_token='));
      expect(sessionCookie).toMatch(/; Secure/i);
      expect(sessionCookie).toMatch(/; HttpOnly/i);
      expect(sessionCookie).toMatch(/; SameSite=Lax/i);
      expect(cookieFrom(response)).toContain('__Secure-cash-offer.session_token=');
    });
  });
});
