// Issue 16, findings 1, 7, 8 and 9: the account endpoints as an attacker uses them.
import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import {
  postAuth,
  signInUser,
  signUpUser,
  TEST_ORIGIN,
  uniqueEmail,
  type SignedInUser,
} from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { emailOutbox, session, user } from '../db/schema';
import { ABSOLUTE_SESSION_DAYS } from './create-auth';

const WRONG = 'not-the-right-password';
let ipCounter = 0;
/** A fresh client address for each call, so only the rule under test can refuse. */
const freshIp = () => {
  ipCounter++;
  return `192.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};
const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('account endpoints under attack', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;

  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1' }, { passwordHashing: { maxConcurrent: 2 } });
    app = createApp(context);
  });

  /** Wrong passwords from `count` different addresses, until the account is locked for strangers. */
  async function lockOut(email: string, count = 12) {
    for (let i = 0; i < count; i++)
      await postAuth(app, '/sign-in/email', { email, password: WRONG }, fromIp(freshIp()));
    const locked = await postAuth(app, '/sign-in/email', { email, password: WRONG }, fromIp(freshIp()));
    expect(locked.status).toBe(429);
  }

  it('a locked account stays locked whatever the Content-Type says (finding 1)', async () => {
    const owner = await signUpUser(app, { email: uniqueEmail('locked'), headers: fromIp(freshIp()) });
    await lockOut(owner.email);
    const form = new URLSearchParams({ email: owner.email, password: owner.password }).toString();
    const boundary = 'xyz';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${owner.email}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${owner.password}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const attempts: [string, string][] = [
      ['Application/X-WWW-Form-Urlencoded', form],
      ['application/x-www-form-urlencoded; charset=UTF-8', form],
      [`multipart/form-data; boundary=${boundary}`, multipart],
      ['text/plain', JSON.stringify({ email: owner.email, password: owner.password })],
      ['application/vnd.api+json', JSON.stringify({ email: owner.email, password: owner.password })],
    ];
    const before = context.auth.passwordHasher.counts.verifications;
    for (const [type, body] of attempts) {
      const response = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': type, origin: TEST_ORIGIN, ...fromIp(freshIp()) },
        body,
      });
      expect(response.status, type).toBe(415);
      expect(((await response.json()) as { message: string }).message).toMatch(/JSON/);
      expect(response.headers.getSetCookie(), type).toEqual([]);
    }
    // JSON in any capitalisation is read, counted and refused as locked.
    const upper = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'APPLICATION/JSON; charset=utf-8', origin: TEST_ORIGIN, ...fromIp(freshIp()) },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(upper.status).toBe(429);
    expect(context.auth.passwordHasher.counts.verifications).toBe(before);
  });

  it('a stranger’s failed sign-ins do not lock the owner out of an address they signed in from (finding 8)', async () => {
    const home = freshIp();
    const owner = await signUpUser(app, { email: uniqueEmail('owner'), headers: fromIp(home) });
    await lockOut(owner.email, 30);
    // From a new address the account is locked, even with the right password...
    expect(
      (await postAuth(app, '/sign-in/email', { email: owner.email, password: owner.password }, fromIp(freshIp())))
        .status,
    ).toBe(429);
    // ...but the owner signs in from home.
    expect(
      (await postAuth(app, '/sign-in/email', { email: owner.email, password: owner.password }, fromIp(home))).status,
    ).toBe(200);
    // Home still has its own limit: 10 failures there lock home too.
    const fromHome = [];
    for (let i = 0; i < 11; i++)
      fromHome.push(
        (await postAuth(app, '/sign-in/email', { email: owner.email, password: WRONG }, fromIp(home))).status,
      );
    expect(fromHome.at(-1)).toBe(429);
  });

  it('change-password is limited per account, before the hasher (finding 8)', async () => {
    const victim = await signUpUser(app, { email: uniqueEmail('changer'), headers: fromIp(freshIp()) });
    const before = { ...context.auth.passwordHasher.counts };
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const response = await app.request('/api/auth/change-password', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_ORIGIN,
          cookie: victim.cookie,
          ...fromIp(freshIp()),
        },
        body: JSON.stringify({ currentPassword: `${WRONG}-${i}`, newPassword: 'a fresh passphrase 77' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(5)).toEqual(Array<number>(7).fill(429));
    const { counts } = context.auth.passwordHasher;
    expect(counts.verifications + counts.hashes - before.verifications - before.hashes).toBeLessThanOrEqual(10);
  });

  it('change-password is limited per client address too (finding 8)', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const response = await app.request('/api/auth/change-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...fromIp(ip) },
        body: JSON.stringify({ currentPassword: WRONG, newPassword: 'a fresh passphrase 77' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('a successful reset makes every older reset link useless (finding 9)', async () => {
    const owner = await signUpUser(app, { email: uniqueEmail('resetter'), headers: fromIp(freshIp()) });
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await postAuth(app, '/request-password-reset', { email: owner.email }, fromIp(freshIp()))).status).toBe(
        200,
      );
      const [message] = await database()
        .db.select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, owner.email))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      links.push(/token=([^\s]+)/.exec(message!.text)![1]!);
    }
    expect(new Set(links).size).toBe(2);
    const [older, newer] = links as [string, string];
    const reset = await postAuth(
      app,
      '/reset-password',
      { token: newer, newPassword: 'the owner’s new passphrase 5' },
      fromIp(freshIp()),
    );
    expect(reset.status).toBe(200);
    // Whoever held the older link (a mailbox read earlier) cannot set the password now.
    const stale = await postAuth(
      app,
      '/reset-password',
      { token: older, newPassword: 'the attacker’s passphrase 6' },
      fromIp(freshIp()),
    );
    expect(stale.status).toBe(400);
    expect(await signInUser(app, owner.email, 'the owner’s new passphrase 5', fromIp(freshIp()))).toContain(
      'session_token',
    );
  });

  it(`a session ends ${ABSOLUTE_SESSION_DAYS} days after sign-in, however active (finding 9)`, async () => {
    const active: SignedInUser = await signUpUser(app, { email: uniqueEmail('active'), headers: fromIp(freshIp()) });
    const { db } = database();
    const [row] = await db.select().from(session).where(eq(session.userId, active.userId));
    const headers = { cookie: active.cookie };

    // Signed in 29½ days ago, used every day since: the next refresh stops at the 30-day mark.
    const signedInAt = new Date(Date.now() - (ABSOLUTE_SESSION_DAYS - 0.5) * DAY_MS);
    await db
      .update(session)
      .set({ createdAt: signedInAt, expiresAt: new Date(Date.now() + 5 * DAY_MS) })
      .where(eq(session.id, row!.id));
    expect((await app.request('/api/properties', { headers })).status).toBe(200);
    const [refreshed] = await db.select().from(session).where(eq(session.id, row!.id));
    expect(refreshed!.expiresAt.getTime()).toBeLessThanOrEqual(signedInAt.getTime() + ABSOLUTE_SESSION_DAYS * DAY_MS);

    // Signed in 31 days ago: refused at once, even though the row says it expires later.
    await db
      .update(session)
      .set({
        createdAt: new Date(Date.now() - (ABSOLUTE_SESSION_DAYS + 1) * DAY_MS),
        expiresAt: new Date(Date.now() + 5 * DAY_MS),
      })
      .where(eq(session.id, row!.id));
    expect((await app.request('/api/properties', { headers })).status).toBe(401);
    expect(await (await app.request('/api/auth/get-session', { headers })).json()).toBeNull();
  });

  it('refuses a NUL character in an account name with a 400, not a 500 (finding 7)', async () => {
    const response = await postAuth(
      app,
      '/sign-up/email',
      { email: uniqueEmail('nul'), password: 'a decent passphrase 3', name: 'Eve\u0000il' },
      fromIp(freshIp()),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('Text cannot contain NUL characters');

    const member = await signUpUser(app, { email: uniqueEmail('rename'), headers: fromIp(freshIp()) });
    const rename = await app.request('/api/auth/update-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: member.cookie },
      body: JSON.stringify({ name: 'Mallory\u0000' }),
    });
    expect(rename.status).toBe(400);
    const [stored] = await database().db.select().from(user).where(eq(user.id, member.userId));
    expect(stored!.name).not.toContain('\u0000');
  });
});
