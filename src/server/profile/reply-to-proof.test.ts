// Issue 25: a reply-to address is used (Reply-To, lead notifications) only once its owner proved
// it by the link e-mailed to it. Hostile: an unverified account, a victim's address, a forged or
// stale link, a flood of links.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { emailOutbox, emailUnsubscribes, wholesalerProfiles } from '../db/schema';
import { tooManyAttemptsMessage } from '../rate-limit/consume-rate-limit';
import { REPLY_TO_PROOF_LIMITS } from './send-reply-to-proof';

type TestApp = ReturnType<typeof createTestApp>;

describeEachDatabase('reply-to address proof', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const deskEmail = () => `desk-${randomUUID().slice(0, 8)}@example.org`;

  const saveReplyTo = async (headers: Record<string, string>, replyToEmail: string, displayName = 'Lee Homes') => {
    const saved = await send(app, 'PUT', '/api/profile', headers, {
      handle: null,
      displayName,
      company: '',
      phone: '',
      replyToEmail,
      postalAddress: '',
      notifyOnLeads: true,
    });
    expect(saved.status).toBe(200);
  };

  async function wholesalerWithReplyTo(replyToEmail: string, { verified = true } = {}) {
    const owner = await signUpTestUser(app);
    if (verified) await markEmailVerified(database().db, owner.user.id);
    await saveReplyTo(owner.headers, replyToEmail);
    return owner;
  }

  /** Asks for the confirmation link from one client address (sendJson picks a fresh one for each request). */
  const confirmFrom = (headers: Record<string, string>, clientAddress: string) =>
    app.request('/api/profile/reply-to/confirmation', {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': clientAddress },
    });

  const proofsSentBy = (userId: string) =>
    database()
      .db.select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.senderUserId, userId), eq(emailOutbox.purpose, 'reply-to-proof')));

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

  it('refuses a user’s confirmations past a few an hour, to any address: 40 in a row, 5 sent, nothing more queued', async () => {
    const owner = await wholesalerWithReplyTo(deskEmail());
    const desks: string[] = [];
    const answers: { status: number; body: unknown }[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const desk = deskEmail();
      desks.push(desk);
      await saveReplyTo(owner.headers, desk);
      // A fresh client address each time: the account's own limit is what refuses.
      const requested = await confirmFrom(owner.headers, `198.51.100.${attempt + 1}`);
      answers.push({ status: requested.status, body: await requested.json() });
    }
    const { limit } = REPLY_TO_PROOF_LIMITS.perUser;
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(limit).fill(202),
      ...Array<number>(40 - limit).fill(429),
    ]);
    expect(answers[limit]!.body).toEqual({ error: tooManyAttemptsMessage(60 * 60_000), code: 'rate-limited' });
    const sent = await proofsSentBy(owner.user.id);
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual(desks.slice(0, limit).sort());
  });

  it('refuses confirmations from one client address past a few an hour, over all its accounts: 40 in a row, 10 sent', async () => {
    const attacker = '203.0.113.77';
    const accounts = [];
    for (let index = 0; index < 10; index++) accounts.push(await wholesalerWithReplyTo(deskEmail()));
    const statuses: number[] = [];
    for (const account of accounts) {
      for (let attempt = 0; attempt < 4; attempt++) {
        // Four addresses per account, within each account's own limit.
        if (attempt > 0) await saveReplyTo(account.headers, deskEmail());
        statuses.push((await confirmFrom(account.headers, attacker)).status);
      }
    }
    const { limit } = REPLY_TO_PROOF_LIMITS.perClient;
    expect(statuses).toEqual([...Array<number>(limit).fill(202), ...Array<number>(40 - limit).fill(429)]);
    const sent = (await Promise.all(accounts.map((account) => proofsSentBy(account.user.id)))).flat();
    expect(sent).toHaveLength(limit);

    // Another address is not held back by this one's flood.
    expect((await confirmFrom(accounts.at(-1)!.headers, '203.0.113.78')).status).toBe(202);
  }, 60_000);

  it('writes a subject that carries none of the requester’s text', async () => {
    const desk = deskEmail();
    const owner = await signUpTestUser(app);
    await markEmailVerified(database().db, owner.user.id);
    // Plain words, as the policy allows, but a hundred characters chosen to be read first.
    const bait = 'URGENT your mailbox will be closed today reply now to keep it open and avoid losing all your mail';
    await saveReplyTo(owner.headers, desk, bait);
    expect((await confirmFrom(owner.headers, '192.0.2.5')).status).toBe(202);
    const [mail] = await mailsTo(desk);
    expect(mail?.subject).toBe('Confirm your e-mail address for the Cash Offer Calculator');
    expect(mail?.text).toContain(`${bait} (${owner.user.email}) asked`);
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
