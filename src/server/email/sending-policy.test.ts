// Issue 25, finding 1: hostile requests against the one sending policy. A free account shares an
// offer, answers it itself as the victim, then tries to use revised offers and lead notifications
// to e-mail the victim what it likes. Each refusal must leave nothing sent and nothing changed.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { mailedTo } from '#tests/support/outbox.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { emailOutbox, emailUnsubscribes, leadEvents, leads, offerLinks, wholesalerProfiles } from '../db/schema';

type TestApp = ReturnType<typeof createApp>;

const POSTAL_ADDRESS = '1 Main St, Austin, TX 78701';

describeEachDatabase('the sending policy, attacked', (database) => {
  let context: AppContext;
  let app: TestApp;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1', BULK_EMAIL_DAILY_LIMIT: '3' });
    app = createApp(context);
  });
  afterAll(() => context.changeFeed.close());

  const victimEmail = () => `victim-${randomUUID().slice(0, 8)}@example.net`;

  /** An account that shared an offer for `address` and answered it itself as `homeowner`: its lead. */
  async function selfAnsweredLead({
    address = '12 Oak St, Austin, TX',
    homeowner = victimEmail(),
    verified = true,
    postalAddress = POSTAL_ADDRESS,
  } = {}) {
    const attacker = await signUpTestUser(app);
    if (verified) await markEmailVerified(database().db, attacker.user.id);
    const profile = await send(app, 'PUT', '/api/profile', attacker.headers, {
      handle: null,
      displayName: 'Lee Homes',
      company: '',
      phone: '',
      replyToEmail: '',
      postalAddress,
      notifyOnLeads: false,
    });
    expect(profile.status).toBe(200);
    const shared = await send(app, 'POST', '/api/offer-links', attacker.headers, {
      from: 'calculation',
      calculation: { address, marketValue: 200000, repairs: [], template: defaultTemplate },
    });
    expect(shared.status).toBe(201);
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    const answered = await send(
      app,
      'POST',
      `/api/public/offers/${token}/responses`,
      {},
      {
        kind: 'counter',
        desiredPrice: 150000,
        contact: { name: 'Vic Tim', email: homeowner, phone: '512-555-0100' },
      },
    );
    expect(answered.status).toBe(201);
    const [lead] = await database().db.select().from(leads).where(eq(leads.workspaceId, attacker.user.id));
    return { ...attacker, lead: lead!, homeowner };
  }

  const revise = (app: TestApp, headers: Record<string, string>, leadId: string, message = '') =>
    send(app, 'POST', `/api/leads-inbox/${leadId}/revised-offer`, headers, {
      marketValue: 200000,
      repairs: [],
      message,
    });

  /** What a refused send must leave: no e-mail to the homeowner, no new offer link, no revised-offer event. */
  async function expectNothingSentTo(homeowner: string, leadId: string, linksBefore = 1) {
    expect(await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, homeowner))).toEqual([]);
    const [lead] = await database().db.select().from(leads).where(eq(leads.id, leadId));
    expect(await database().db.select().from(offerLinks).where(eq(offerLinks.userId, lead!.workspaceId!))).toHaveLength(
      linksBefore,
    );
    expect(
      await database()
        .db.select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'revised-offer'))),
    ).toEqual([]);
    expect(lead).toMatchObject({ offerLow: 120000, offerHigh: 135000 });
  }

  it('refuses a revised offer from an account whose e-mail is not verified', async () => {
    const { headers, lead, homeowner } = await selfAnsweredLead({ verified: false });
    const refused = await revise(app, headers, lead.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'email-not-verified' });
    await expectNothingSentTo(homeowner, lead.id);
  });

  it('refuses a revised offer without the sender’s postal address (CAN-SPAM)', async () => {
    const { headers, lead, homeowner } = await selfAnsweredLead({ postalAddress: '' });
    const refused = await revise(app, headers, lead.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'postal-address-required' });
    await expectNothingSentTo(homeowner, lead.id);
  });

  it.each([
    [
      'a link in the message',
      '12 Oak St, Austin, TX',
      'Your account is locked: verify at https://evil.example/login',
      'message',
    ],
    ['HTML in the message', '12 Oak St, Austin, TX', '<a href="//evil.example">Claim your refund</a>', 'message'],
    [
      'a link in the address (the subject)',
      '12 Oak St - your account is locked - verify at evil.example/login',
      '',
      'address',
    ],
  ])('refuses %s: only plain words go from a user’s fields into an e-mail', async (_, address, message, field) => {
    const { headers, lead, homeowner } = await selfAnsweredLead({ address });
    const refused = await revise(app, headers, lead.id, message);
    expect(refused.status).toBe(400);
    // The request schema refuses a message at once, the policy an address the lead already had: one message.
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining('cannot contain links'), field });
    await expectNothingSentTo(homeowner, lead.id);
  });

  it('sends a revised offer with the compliance parts, Reply-To the verified account and never an unproven reply-to', async () => {
    const { headers, lead, homeowner, user } = await selfAnsweredLead();
    // The profile names the victim as its reply-to; nobody proved it.
    await database()
      .db.update(wholesalerProfiles)
      .set({ replyToEmail: 'someone-else@example.org' })
      .where(eq(wholesalerProfiles.userId, user.id));
    const sent = await revise(app, headers, lead.id, 'Best I can do.');
    expect(sent.status).toBe(201);
    const [mail] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, homeowner));
    expect(mail).toMatchObject({ replyTo: user.email, senderUserId: user.id, purpose: 'revised-offer' });
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/api\/unsubscribe\/one-click\?token=.+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail?.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(mail?.text).toContain(POSTAL_ADDRESS);
    expect(mail?.html).toContain(POSTAL_ADDRESS);
  });

  it('sends one revised offer per homeowner per hour: the other five of six are refused, nothing sent', async () => {
    const { headers, lead, homeowner } = await selfAnsweredLead();
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push((await revise(app, headers, lead.id)).status);
    expect(answers).toEqual([201, 429, 429, 429, 429, 429]);
    expect(await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, homeowner))).toHaveLength(1);
    const refused = await revise(app, headers, lead.id);
    expect(await refused.json()).toMatchObject({ error: sendingPolicyMessages.cooldown, code: 'recipient-cooldown' });
  });

  it('does not hold a revised offer back because the bulk offer it answers went out minutes ago', async () => {
    const { headers, lead, homeowner, user } = await selfAnsweredLead();
    await database().db.insert(emailOutbox).values({
      toAddress: homeowner,
      fromAddress: 'offers@example.com',
      subject: 'Cash Offer for 12 Oak St, Austin, TX',
      html: '<p>offer</p>',
      senderUserId: user.id,
      purpose: 'bulk-offer',
      recipientKey: homeowner,
    });
    expect((await revise(app, headers, lead.id)).status).toBe(201);
  });

  it('counts revised offers towards the daily quota (BULK_EMAIL_DAILY_LIMIT, 3 here)', async () => {
    const first = await selfAnsweredLead();
    const statuses = [(await revise(app, first.headers, first.lead.id)).status];
    // More leads of the same account, each a different homeowner.
    for (let index = 0; index < 3; index++) {
      const homeowner = victimEmail();
      const shared = await send(app, 'POST', '/api/offer-links', first.headers, {
        from: 'calculation',
        calculation: {
          address: `${index + 2} Oak St, Austin, TX`,
          marketValue: 200000,
          repairs: [],
          template: defaultTemplate,
        },
      });
      const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
      await send(
        app,
        'POST',
        `/api/public/offers/${token}/responses`,
        {},
        {
          kind: 'counter',
          desiredPrice: 150000,
          contact: { name: 'Vic Tim', email: homeowner, phone: '512-555-0100' },
        },
      );
      const [lead] = await database()
        .db.select()
        .from(leads)
        .where(and(eq(leads.workspaceId, first.user.id), eq(leads.email, homeowner)));
      const answer = await revise(app, first.headers, lead!.id);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(await answer.json()).toMatchObject({ code: 'daily-limit' });
        await expectNothingSentTo(homeowner, lead!.id, 7);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('refuses a revised offer to an unsubscribed Gmail address, however it is spelled', async () => {
    const local = `ann${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    await database()
      .db.insert(emailUnsubscribes)
      .values({ email: `${local}@gmail.com` });
    const dotted = `${local.slice(0, 1)}.${local.slice(1, 3)}.${local.slice(3)}@googlemail.com`;
    const { headers, lead } = await selfAnsweredLead({ homeowner: dotted });
    const refused = await revise(app, headers, lead.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'recipient-unsubscribed' });
    await expectNothingSentTo(dotted, lead.id);
  });

  describe('lead notifications', () => {
    async function answerAsHomeowner(ownerHeaders: Record<string, string>) {
      const shared = await send(app, 'POST', '/api/offer-links', ownerHeaders, {
        from: 'calculation',
        calculation: { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs: [], template: defaultTemplate },
      });
      const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
      const answered = await send(
        app,
        'POST',
        `/api/public/offers/${token}/responses`,
        {},
        {
          kind: 'counter',
          desiredPrice: 150000,
          contact: { name: 'Bo Diaz', email: victimEmail(), phone: '512-555-0100' },
        },
      );
      expect(answered.status).toBe(201);
    }

    it.each([
      ['an unverified account', false, 0],
      ['a verified account, to its own address only', true, 1],
    ])('never e-mails an unproven reply-to address: %s', async (_, verified, toAccount) => {
      const owner = await signUpTestUser(app);
      if (verified) await markEmailVerified(database().db, owner.user.id);
      const victim = victimEmail();
      await send(app, 'PUT', '/api/profile', owner.headers, {
        handle: null,
        displayName: 'Lee Homes',
        company: '',
        phone: '',
        replyToEmail: victim,
        postalAddress: '',
        notifyOnLeads: true,
      });
      await answerAsHomeowner(owner.headers);
      await answerAsHomeowner(owner.headers);
      expect(await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, victim))).toEqual([]);
      const toOwner = await database().db.select().from(emailOutbox).where(mailedTo(owner.user.email));
      expect(toOwner).toHaveLength(toAccount * 2);
    });
  });
});
