import { randomUUID } from 'node:crypto';
import { desc, eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { credentialMessages } from '#domain/auth/credentials.ts';
import { mailedTo } from '#tests/support/outbox.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { postAuth, signInUser, signUpUser, uniqueEmail, type SignedInUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import { account, emailOutbox, rateLimits, user, verification } from '../db/schema';

let ipCounter = 0;

describeEachDatabase('password recovery', (database) => {
  let app: ReturnType<typeof createApp>;
  let dora: SignedInUser;
  // Each request from its own address, so the per-address limits (tested elsewhere) stay out of the way.
  const post = (path: string, body: unknown) =>
    postAuth(app, path, body, { 'x-forwarded-for': `203.0.113.${++ipCounter % 250}` });

  beforeAll(async () => {
    app = createApp(
      createTestContext(database(), {
        APP_URL: 'http://localhost:3000',
        EMAIL_FROM: 'Offers <offers@example.com>',
        TRUST_PROXY: '1',
      }),
    );
    dora = await signUpUser(app, { email: uniqueEmail('dora') });
  });

  // Dora asks for more links here than the 3 a day one address gets (tested in sign-in-security.test.ts).
  beforeEach(async () => {
    await database().db.delete(rateLimits).where(like(rateLimits.key, 'recovery:account-day:%'));
  });

  async function requestResetLink(email: string): Promise<string> {
    const response = await post('/request-password-reset', { email });
    expect(response.status).toBe(200);
    const [message] = await database()
      .db.select()
      .from(emailOutbox)
      .where(mailedTo(email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    if (!message) throw new Error('no reset e-mail in the outbox');
    const link = /http:\/\/localhost:3000\/reset-password\?token=[^\s]+/.exec(message.text)?.[0];
    if (!link) throw new Error(`no link in: ${message.text}`);
    return link;
  }

  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('e-mails a link to /reset-password through the outbox, from EMAIL_FROM', async () => {
    const link = await requestResetLink(dora.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{16,}$/);
    const [message] = await database().db.select().from(emailOutbox).where(mailedTo(dora.email));
    expect(message).toMatchObject({
      status: 'pending',
      fromAddress: 'Offers <offers@example.com>',
      subject: 'Reset your Cash Offer Calculator password',
    });
    expect(message?.html).toContain(`href="${link}"`);
  });

  it('answers an unknown e-mail exactly as a known one, and sends nothing', async () => {
    const email = uniqueEmail('stranger');
    const unknown = await post('/request-password-reset', { email });
    const known = await post('/request-password-reset', { email: dora.email });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
  });

  it('sets a new password with the link, once; ends the old sessions', async () => {
    const link = await requestResetLink(dora.email);
    const newPassword = 'a brand new passphrase 7';
    const reset = await post('/reset-password', { token: tokenOf(link), newPassword });
    expect(reset.status).toBe(200);

    // The old password no longer works, the new one does, and sessions from before are gone.
    expect((await post('/sign-in/email', { email: dora.email, password: dora.password })).status).toBe(401);
    const cookie = await signInUser(app, dora.email, newPassword);
    expect(cookie).toContain('cash-offer.session_token=');
    const oldSession = await app.request('/api/auth/get-session', { headers: { cookie: dora.cookie } });
    expect(await oldSession.json()).toBeNull();

    // The same link a second time is refused.
    const again = await post('/reset-password', { token: tokenOf(link), newPassword: 'yet another passphrase 8' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'invalid-token' });
    dora = { ...dora, password: newPassword, cookie };
  });

  // Issue 25, finding 3: the link proves the mailbox, so whoever added another way in before the
  // owner proved the address loses it.
  it('verifies an unverified account and removes its other sign-in methods; a verified one keeps them', async () => {
    const accountsOf = async (userId: string) =>
      (await database().db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, userId)))
        .map((row) => row.providerId)
        .sort();
    const addGoogle = (userId: string) =>
      database().db.insert(account).values({ id: randomUUID(), accountId: randomUUID(), providerId: 'google', userId });
    const verifiedOf = async (userId: string) =>
      (await database().db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId)))[0]?.verified;

    const unverified = await signUpUser(app, { email: uniqueEmail('unproved') });
    const verified = await signUpUser(app, { email: uniqueEmail('proved') });
    await database().db.update(user).set({ emailVerified: true }).where(eq(user.id, verified.userId));
    for (const owner of [unverified, verified]) {
      await addGoogle(owner.userId);
      const link = await requestResetLink(owner.email);
      expect(
        (await post('/reset-password', { token: tokenOf(link), newPassword: 'mine again passphrase 25' })).status,
      ).toBe(200);
      expect(await verifiedOf(owner.userId)).toBe(true);
    }
    expect(await accountsOf(unverified.userId)).toEqual(['credential']);
    expect(await accountsOf(verified.userId)).toEqual(['credential', 'google']);
  });

  it('refuses an expired link', async () => {
    const link = await requestResetLink(dora.email);
    // An hour later: every reset token of this user has expired.
    await database()
      .db.update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, dora.userId));
    const response = await post('/reset-password', { token: tokenOf(link), newPassword: 'too late passphrase 9' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid-token' });
    expect((await post('/sign-in/email', { email: dora.email, password: dora.password })).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await post('/reset-password', {
      token: 'made-up-token-1234567890',
      newPassword: 'whatever passphrase 10',
    });
    expect(response.status).toBe(400);
  });

  it('applies the password rules, without using up the link', async () => {
    const link = await requestResetLink(dora.email);
    for (const [password, message] of [
      ['short', credentialMessages.passwordTooShort],
      ['iloveyou1', credentialMessages.passwordTooCommon],
    ] as const) {
      const response = await post('/reset-password', { token: tokenOf(link), newPassword: password });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect((await post('/reset-password', { token: tokenOf(link), newPassword: 'finally a good one 11' })).status).toBe(
      200,
    );
  });
});
