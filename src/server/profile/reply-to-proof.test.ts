// Issue 25: a reply-to address is used (Reply-To, lead notifications) only once its owner proved
// it by the link e-mailed to it. Hostile: an unverified account, a victim's address, a forged or
// stale link, a flood of links.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import { describeEachDatabase } from '../../../tests/support/test-database';
import { sendJson as send } from '../../../tests/support/send-json';
import { markEmailVerified, signUpTestUser } from '../../../tests/support/test-users';
import { emailOutbox, emailUnsubscribes, wholesalerProfiles } from '../db/schema';

type TestApp = ReturnType<typeof createTestApp>;

describeEachDatabase('reply-to address proof', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const deskEmail = () => `desk-${randomUUID().slice(0, 8)}@example.org`;

  async function wholesalerWithReplyTo(replyToEmail: string, { verified = true } = {}) {
    const owner = await signUpTestUser(app);
    if (verified) await markEmailVerified(database().db, owner.user.id);
    const saved = await send(app, 'PUT', '/api/profile', owner.headers, {
      handle: null,
      displayName: 'Lee Homes',
      company: '',
      phone: '',
      replyToEmail,
      postalAddress: '',
      notifyOnLeads: true,
    });
    expect(saved.status).toBe(200);
    return owner;
  }

  const mailsTo = (address: string) =>
    database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  const profileOf = async (headers: Record<string, string>) =>
    (await (await send(app, 'GET', '/api/profile', headers)).json()) as {
      repliesGoTo: string | null;
      replyToConfirmed: boolean;
    };
  const tokenIn = (text: string) => decodeURIComponent(/confirm-reply-to\?token=(\S+)/.exec(text)![1]!);

  it('e-mails a link to the typed address, and uses it only once the link is confirmed', async () => {
    const desk = deskEmail();
    const owner = await wholesalerWithReplyTo(desk);
    expect(await profileOf(owner.headers)).toMatchObject({ repliesGoTo: owner.user.email, replyToConfirmed: false });

    const requested = await send(app, 'POST', '/api/profile/reply-to/confirmation', owner.headers);
    expect(requested.status).toBe(202);
    const [mail] = await mailsTo(desk);
    expect(mail).toMatchObject({ purpose: 'reply-to-proof', replyTo: owner.user.email });
    expect(mail?.text).toContain(owner.user.email);
    const token = tokenIn(mail!.text);

    // Opening the link shows what it confirms and changes nothing (mail scanners open links).
    const shown = await send(app, 'GET', `/api/public/reply-to-confirmations?token=${encodeURIComponent(token)}`, {});
    expect(await shown.json()).toMatchObject({ email: desk, confirmed: false });
    expect(await profileOf(owner.headers)).toMatchObject({ replyToConfirmed: false });

    const confirmed = await send(app, 'POST', '/api/public/reply-to-confirmations', {}, { token });
    expect(confirmed.status).toBe(200);
    expect(await profileOf(owner.headers)).toMatchObject({ repliesGoTo: desk, replyToConfirmed: true });
  });

  it('confirms the account’s own verified e-mail at once, sending nothing', async () => {
    const owner = await signUpTestUser(app);
    await markEmailVerified(database().db, owner.user.id);
    await send(app, 'PUT', '/api/profile', owner.headers, {
      handle: null,
      displayName: 'Lee Homes',
      company: '',
      phone: '',
      replyToEmail: owner.user.email.toUpperCase(),
      postalAddress: '',
      notifyOnLeads: true,
    });
    const requested = await send(app, 'POST', '/api/profile/reply-to/confirmation', owner.headers);
    expect(requested.status).toBe(200);
    expect(await mailsTo(owner.user.email.toUpperCase())).toEqual([]);
    expect(await profileOf(owner.headers)).toMatchObject({ replyToConfirmed: true });
  });

  it('refuses to send a link for an unverified account, or twice in an hour, or to an unsubscribed address', async () => {
    const unverifiedDesk = deskEmail();
    const unverified = await wholesalerWithReplyTo(unverifiedDesk, { verified: false });
    const refused = await send(app, 'POST', '/api/profile/reply-to/confirmation', unverified.headers);
    expect(refused.status).toBe(403);
    expect(await mailsTo(unverifiedDesk)).toEqual([]);

    const desk = deskEmail();
    const owner = await wholesalerWithReplyTo(desk);
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await send(app, 'POST', '/api/profile/reply-to/confirmation', owner.headers)).status);
    expect(statuses).toEqual([202, 429, 429, 429]);
    expect(await mailsTo(desk)).toHaveLength(1);

    const gone = deskEmail();
    await database().db.insert(emailUnsubscribes).values({ email: gone });
    const other = await wholesalerWithReplyTo(gone);
    expect((await send(app, 'POST', '/api/profile/reply-to/confirmation', other.headers)).status).toBe(409);
    expect(await mailsTo(gone)).toEqual([]);
  });

  it('refuses a forged link, and a link for an address the user has since replaced, changing nothing', async () => {
    const desk = deskEmail();
    const owner = await wholesalerWithReplyTo(desk);
    await send(app, 'POST', '/api/profile/reply-to/confirmation', owner.headers);
    const token = tokenIn((await mailsTo(desk))[0]!.text);
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, e: 'victim@example.net' })).toString('base64url');
    for (const forged of [`${forgedPayload}.${signature}`, `${payload}.x${signature}`, 'not-a-token']) {
      const answer = await send(app, 'POST', '/api/public/reply-to-confirmations', {}, { token: forged });
      expect(answer.status).toBe(400);
    }
    // The owner now types another address: the old link must not prove the new one, nor itself.
    await database()
      .db.update(wholesalerProfiles)
      .set({ replyToEmail: 'victim@example.net' })
      .where(eq(wholesalerProfiles.userId, owner.user.id));
    expect((await send(app, 'POST', '/api/public/reply-to-confirmations', {}, { token })).status).toBe(409);
    const [profile] = await database()
      .db.select()
      .from(wholesalerProfiles)
      .where(eq(wholesalerProfiles.userId, owner.user.id));
    expect(profile?.replyToVerifiedEmail).toBeNull();
  });
});
