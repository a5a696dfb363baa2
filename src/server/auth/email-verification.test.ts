// Issue 16 finding 5: accounts prove they own their e-mail (a link through the outbox) before it
// sends bulk offers or becomes a Reply-To; issue 42 §6: the link is mailed at sign-up.
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { postAuth, signUpTestUser, TEST_ORIGIN, uniqueEmail } from '#tests/support/test-users.ts';
import { EMAIL_VERIFIED_CALLBACK } from '#web/api/email-verification.ts';
import { emailOutbox, user as userTable } from '../db/schema';
import { readWholesaler } from '../profile/read-wholesaler';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import { VERIFICATION_EMAILS_PER_IP_LIMIT } from './auth-rate-limits';
import { VERIFICATION_EMAIL_LIMIT } from './send-verification-email';

describeEachDatabase('e-mail verification', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const verificationMails = (to: string) =>
    database()
      .db.select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, to), eq(emailOutbox.subject, 'Verify your Cash Offer Calculator e-mail address')),
      )
      .orderBy(desc(emailOutbox.createdAt));

  const isVerified = async (id: string) =>
    (await database().db.select({ verified: userTable.emailVerified }).from(userTable).where(eq(userTable.id, id)))[0]
      ?.verified;

  const startBulkSend = (headers: Record<string, string>) =>
    app.request('/api/bulk-send', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        template: defaultTemplate,
        properties: [
          { firstName: 'Bo', lastName: 'Diaz', email: 'bo@example.com', address: '9 Elm St', marketValue: 200000 },
        ],
      }),
    });

  it('signs a new account in at once, unverified, and mails it the link; opened, the e-mail is verified', async () => {
    const { headers, user } = await signUpTestUser(app);
    expect((await app.request('/api/subscription', { headers })).status).toBe(200);
    expect(await isVerified(user.id)).toBe(false);
    const [mail] = await verificationMails(user.email);
    expect(mail).toBeDefined();
    // Its words are a welcome's, not an answer to asking.
    expect(mail!.text).toContain(
      `Welcome! Someone, hopefully you, created a Cash Offer Calculator account with ${user.email}.`,
    );
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text)![0]);
    expect(link.origin).toBe(TEST_ORIGIN);
    const opened = await app.request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(await isVerified(user.id)).toBe(true);
  });

  it('lands the link mailed at sign-up where the app says the address is verified', async () => {
    const email = uniqueEmail('signup-verify');
    const signedUp = await postAuth(
      app,
      '/sign-up/email',
      { email, password: 'a-Long-enough-passphrase-7', name: '', callbackURL: EMAIL_VERIFIED_CALLBACK },
      { 'x-forwarded-for': '10.252.0.1' },
    );
    expect(signedUp.status).toBe(200);
    const [mail] = await verificationMails(email);
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text)![0]);
    const opened = await app.request(`${link.pathname}${link.search}`);
    expect(opened.headers.get('location')).toBe(EMAIL_VERIFIED_CALLBACK);
  });

  it('signs up an address that was sent its hourly links already, mailing it no more', async () => {
    const email = uniqueEmail('signup-limited');
    const digest = createHash('sha256').update(email).digest('hex').slice(0, 32);
    for (let time = 0; time < VERIFICATION_EMAIL_LIMIT.limit; time++) {
      await consumeRateLimit(database().db, { key: `verify-email:account:${digest}`, ...VERIFICATION_EMAIL_LIMIT });
    }
    const signedUp = await postAuth(
      app,
      '/sign-up/email',
      { email, password: 'a-Long-enough-passphrase-7', name: '' },
      { 'x-forwarded-for': '10.252.0.2' },
    );
    expect(signedUp.status).toBe(200);
    expect(await verificationMails(email)).toEqual([]);
  });

  it('asked for again where it is needed: sending bulk offers waits for the link', async () => {
    const { headers, user } = await signUpTestUser(app);
    // As if the sign-up's link had not come.
    await database().db.delete(emailOutbox).where(eq(emailOutbox.toAddress, user.email));

    await makeBulkSender(database().db, user.id, { verified: false });
    const refused = await startBulkSend(headers);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'email-not-verified',
      error: bulkImportMessages.emailNotVerified,
    });

    // The dialog's "Send verification e-mail": Better Auth's endpoint, its e-mail through the outbox.
    const asked = await postAuth(app, '/send-verification-email', { email: user.email, callbackURL: '/' }, headers);
    expect(asked.status).toBe(200);
    const [mail] = await verificationMails(user.email);
    expect(mail).toBeDefined();
    // Its words answer the asking, not a sign-up.
    expect(mail!.text).toContain(
      `Someone, hopefully you, asked to verify ${user.email} for a Cash Offer Calculator account.`,
    );
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text)![0]);
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(mail!.html).toContain(link.href.replaceAll('&', '&amp;'));

    const opened = await app.request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/');
    expect(await isVerified(user.id)).toBe(true);
    expect((await startBulkSend(headers)).status).toBe(201);
  });

  it('refuses a forged or altered link, verifying nobody', async () => {
    const { headers, user } = await signUpTestUser(app);
    await postAuth(app, '/send-verification-email', { email: user.email }, headers);
    const [mail] = await verificationMails(user.email);
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text)![0]);
    const token = link.searchParams.get('token')!;
    // One character of the signature changed (not its last: base64url's last character carries
    // bits the signature does not use, so changing it may change nothing).
    const at = token.lastIndexOf('.') + 5;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    const altered = await app.request(`/api/auth/verify-email?token=${forged}`);
    expect(altered.status).toBe(401);
    expect(await isVerified(user.id)).toBe(false);
  });

  it(`mails an address at most ${VERIFICATION_EMAIL_LIMIT.limit} verification links an hour, the sign-up's among them`, async () => {
    const { headers, user } = await signUpTestUser(app);
    const statuses: number[] = [];
    for (let time = 1; time <= VERIFICATION_EMAIL_LIMIT.limit; time++) {
      // Each from its own client address, so only the limit per address can refuse.
      const fromOwnAddress = { ...headers, 'x-forwarded-for': `10.251.0.${time + 1}` };
      statuses.push((await postAuth(app, '/send-verification-email', { email: user.email }, fromOwnAddress)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await verificationMails(user.email)).toHaveLength(VERIFICATION_EMAIL_LIMIT.limit);
  });

  it(`mails at most ${VERIFICATION_EMAILS_PER_IP_LIMIT.limit} verification links an hour from one client address, whoever they go to (issue 37, finding 11)`, async () => {
    const victims = [];
    for (let i = 0; i < 15; i++) victims.push((await signUpTestUser(app)).user);
    const attacker = { 'x-forwarded-for': '203.0.113.37' };
    const statuses: number[] = [];
    for (const victim of victims) {
      const asked = await postAuth(
        app,
        '/send-verification-email',
        { email: victim.email, callbackURL: '/' },
        attacker,
      );
      statuses.push(asked.status);
      if (asked.status === 429) {
        expect(asked.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await asked.json()).toMatchObject({
          code: 'too-many-attempts',
          message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
        });
      }
    }
    const allowed = VERIFICATION_EMAILS_PER_IP_LIMIT.limit;
    expect(statuses).toEqual([...Array<number>(allowed).fill(200), ...Array<number>(15 - allowed).fill(429)]);
    // The refused ten got nothing, and nobody was verified.
    // Each was mailed one link at sign-up; the attacker's requests added one to the first five only.
    const mailed = await Promise.all(victims.map(async (victim) => (await verificationMails(victim.email)).length));
    expect(mailed).toEqual([...Array<number>(allowed).fill(2), ...Array<number>(15 - allowed).fill(1)]);
    expect(await Promise.all(victims.map((victim) => isVerified(victim.id)))).toEqual(Array<boolean>(15).fill(false));

    // Addresses nobody registered are answered as if mailed (Better Auth does not say who has an
    // account), and cost the same: still refused.
    const unknown = await postAuth(app, '/send-verification-email', { email: 'nobody-here@example.com' }, attacker);
    expect(unknown.status).toBe(429);

    // Another client address is not held back by this one.
    const elsewhere = await postAuth(
      app,
      '/send-verification-email',
      { email: victims.at(-1)!.email },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(elsewhere.status).toBe(200);
    expect(await verificationMails(victims.at(-1)!.email)).toHaveLength(2);
  });

  it("uses the account's e-mail as Reply-To only once it is verified", async () => {
    const { user } = await signUpTestUser(app);
    expect((await readWholesaler(database().db, { workspaceId: user.id, userId: user.id }))?.replyTo).toBeUndefined();
    await database().db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, user.id));
    expect((await readWholesaler(database().db, { workspaceId: user.id, userId: user.id }))?.replyTo).toBe(user.email);
  });
});
