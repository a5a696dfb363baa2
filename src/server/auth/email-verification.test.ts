// Issue 16 finding 5: accounts prove they own their e-mail (a link through the outbox) before it
// sends bulk offers or becomes a Reply-To; sign-up itself is unchanged.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { makeBulkSender } from '../../../tests/support/bulk-sender';
import { createTestApp } from '../../../tests/support/test-app';
import { describeEachDatabase } from '../../../tests/support/test-database';
import { postAuth, signUpTestUser, TEST_ORIGIN } from '../../../tests/support/test-users';
import { bulkImportMessages } from '../../domain/bulk-import/bulk-import-messages';
import { defaultTemplate } from '../../domain/offer/built-in-templates';
import { emailOutbox, user as userTable } from '../db/schema';
import { readWholesaler } from '../profile/read-wholesaler';
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

  it('signs a new account in at once, unverified, mailing nothing; sending bulk offers waits for the link', async () => {
    const { headers, user } = await signUpTestUser(app);
    expect((await app.request('/api/subscription', { headers })).status).toBe(200);
    expect(await isVerified(user.id)).toBe(false);
    expect(await verificationMails(user.email)).toEqual([]);

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

  it(`mails an address at most ${VERIFICATION_EMAIL_LIMIT.limit} verification links an hour`, async () => {
    const { headers, user } = await signUpTestUser(app);
    const statuses: number[] = [];
    for (let time = 0; time <= VERIFICATION_EMAIL_LIMIT.limit; time++) {
      statuses.push((await postAuth(app, '/send-verification-email', { email: user.email }, headers)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await verificationMails(user.email)).toHaveLength(VERIFICATION_EMAIL_LIMIT.limit);
  });

  it("uses the account's e-mail as Reply-To only once it is verified", async () => {
    const { user } = await signUpTestUser(app);
    expect((await readWholesaler(database().db, { workspaceId: user.id, userId: user.id }))?.replyTo).toBeUndefined();
    await database().db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, user.id));
    expect((await readWholesaler(database().db, { workspaceId: user.id, userId: user.id }))?.replyTo).toBe(user.email);
  });
});
