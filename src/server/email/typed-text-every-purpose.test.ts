// Issue 25, finding 1: "plain text only in the fields a user types", for every purpose. The
// revised offer's address and message were checked; a bulk offer's CSV address (its subject) and
// owner name, a follow-up's homeowner name, and the profile that signs every e-mail were not. Each
// probe sends the hostile request and asserts that nothing was stored or sent.
// Issue 37, finding 6: every e-mail the app writes, to anyone. A visitor of a personal page put
// live links into the "New lead" e-mail's subject and body (the address, the answer's message);
// lead notifications to the wholesaler and to the operator, reply-to proofs, invitations and
// revised offers are probed here too.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { followUpStopMessages } from '#domain/follow-ups/sequence.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { mailedTo } from '#tests/support/outbox.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { setWorkspacePlan } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { queueDueBulkItems } from '../bulk-send/queue-due-bulk-items';
import {
  bulkSendItems,
  bulkSendJobs,
  emailOutbox,
  followUps,
  leadEvents,
  leads,
  offerLinks,
  user as userTable,
  wholesalerProfiles,
} from '../db/schema';
import { runDueFollowUps } from '../follow-ups/run-due-follow-ups';
import { sendingPolicyConfig } from './send-to-third-party';

const PHISHING = 'your account is locked - verify at evil.example/login';
const LEADS_EMAIL = 'leads@operator.example';
const DAY_MS = 24 * 60 * 60 * 1000;

const owner = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ann',
  lastName: 'Owner',
  email: `owner-${randomUUID().slice(0, 8)}@example.net`,
  address: '12 Oak St, Austin, TX 78701',
  marketValue: 200000,
  ...overrides,
});

describeEachDatabase('plain words only from typed fields, for every purpose (issue 25)', (database) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1', LEADS_EMAIL });
    app = createApp(context);
  });
  afterAll(() => context.changeFeed.close());

  const db = () => database().db;
  const sentBy = (userId: string) => db().select().from(emailOutbox).where(eq(emailOutbox.senderUserId, userId));

  /** A Pro wholesaler with a verified e-mail and a postal address: one who may send bulk offers. */
  async function bulkSender() {
    const signedIn = await signUpTestUser(app);
    await makeBulkSender(db(), signedIn.user.id);
    return signedIn;
  }

  const bulkSend = (headers: Record<string, string>, properties: unknown[]) =>
    send(app, 'POST', '/api/bulk-send', headers, { template: defaultTemplate, properties });

  /** Hands every due bulk item to the sending policy, as the worker does. */
  const queueBulkItems = () =>
    queueDueBulkItems({
      db: db(),
      appUrl: context.env.APP_URL,
      from: context.env.EMAIL_FROM,
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: 0,
      batchSize: 50,
    });

  /** Writes a profile field as a save before the rule could have (the form refuses it now). */
  const storeProfileText = (userId: string, set: Partial<typeof wholesalerProfiles.$inferInsert>) =>
    db().update(wholesalerProfiles).set(set).where(eq(wholesalerProfiles.userId, userId));

  it.each([
    ['address', { address: `12 Oak St - ${PHISHING}` }, 'Address'],
    ['address', { address: 'verify at evil.example/login' }, 'Address'],
    ['firstName', { firstName: '<a href="https://evil.example/login">Claim</a>' }, 'First name'],
    ['lastName', { lastName: 'Owner, write to help@evil.example' }, 'Last name'],
  ])(
    'refuses a bulk send whose CSV %s carries a link or HTML: 400 at the field, no job, nothing sent',
    async (field, overrides, label) => {
      const { headers, user } = await bulkSender();
      const refused = await bulkSend(headers, [owner(), owner(overrides)]);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: sendingPolicyMessages.linkOrMarkup(label),
        field: `properties.1.${field}`,
      });
      expect(await db().select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toEqual([]);
      await queueBulkItems();
      expect(await sentBy(user.id)).toEqual([]);
    },
  );

  it('skips, with its reason, a bulk item stored before the rule whose address carries a link: nothing sent for it', async () => {
    const { headers, user } = await bulkSender();
    const plain = owner();
    const hostile = owner();
    const created = await bulkSend(headers, [plain, hostile]);
    expect(created.status).toBe(201);
    const { jobId } = (await created.json()) as { jobId: string };
    // As a job stored before the import refused it: the policy is the last word.
    const [stored] = await db()
      .select()
      .from(bulkSendItems)
      .where(and(eq(bulkSendItems.jobId, jobId), eq(bulkSendItems.email, hostile.email)));
    await db()
      .update(bulkSendItems)
      .set({ property: { ...stored!.property, address: `12 Oak St - ${PHISHING}` } })
      .where(eq(bulkSendItems.id, stored!.id));

    await queueBulkItems();
    const items = await db().select().from(bulkSendItems).where(eq(bulkSendItems.jobId, jobId));
    expect(items.find((item) => item.email === hostile.email)).toMatchObject({
      status: 'skipped',
      error: sendingPolicyMessages.linkOrMarkup('The property address'),
    });
    expect(items.find((item) => item.email === plain.email)?.status).toBe('queued');
    expect((await sentBy(user.id)).map((mail) => mail.toAddress)).toEqual([plain.email]);
    expect(await db().select().from(offerLinks).where(eq(offerLinks.recipientEmail, hostile.email))).toEqual([]);
  });

  it.each([
    ['displayName', 'Display name'],
    ['company', 'Company'],
    ['postalAddress', 'Postal address'],
  ] as const)(
    'refuses every e-mail while the stored profile’s %s carries a link: 403 with the reason, no job, nothing sent; the profile still reads',
    async (profileField, label) => {
      const { headers, user } = await bulkSender();
      // A job started while the profile was plain, and the profile then stored with a link.
      const created = await bulkSend(headers, [owner()]);
      expect(created.status).toBe(201);
      const { jobId } = (await created.json()) as { jobId: string };
      await storeProfileText(user.id, { [profileField]: `1 Main St, Austin, TX 78701 - ${PHISHING}` });

      const refused = await bulkSend(headers, [owner()]);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: sendingPolicyMessages.profileLinkOrMarkup(label),
        code: 'profile-link-or-markup',
        profileField,
      });
      expect(await db().select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toHaveLength(1);

      await queueBulkItems();
      const [item] = await db().select().from(bulkSendItems).where(eq(bulkSendItems.jobId, jobId));
      expect(item).toMatchObject({ status: 'skipped', error: sendingPolicyMessages.profileLinkOrMarkup(label) });
      expect(await sentBy(user.id)).toEqual([]);

      // The app does not trip over it: the profile reads, and saving it asks for plain words at the field.
      const read = await send(app, 'GET', '/api/profile', headers);
      expect(read.status).toBe(200);
      const { profile } = (await read.json()) as { profile: Record<string, unknown> };
      const saved = await send(app, 'PUT', '/api/profile', headers, profile);
      expect(saved.status).toBe(400);
      expect(await saved.json()).toEqual({ error: sendingPolicyMessages.linkOrMarkup(label), field: profileField });
    },
  );

  /** A verified wholesaler's shared offer, answered by a homeowner who typed `name`: the lead, with follow-ups started. */
  async function followedUpLead(name: string) {
    const wholesaler = await signUpTestUser(app);
    await markEmailVerified(db(), wholesaler.user.id);
    const profile = await send(app, 'PUT', '/api/profile', wholesaler.headers, {
      handle: null,
      displayName: 'Lee Homes',
      company: '',
      phone: '',
      replyToEmail: '',
      postalAddress: '1 Main St, Austin, TX 78701',
      notifyOnLeads: false,
    });
    expect(profile.status).toBe(200);
    const shared = await send(app, 'POST', '/api/offer-links', wholesaler.headers, {
      from: 'calculation',
      calculation: { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs: [], template: defaultTemplate },
    });
    expect(shared.status).toBe(201);
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    const homeowner = `owner-${randomUUID().slice(0, 8)}@example.net`;
    const answered = await send(
      app,
      'POST',
      `/api/public/offers/${token}/responses`,
      {},
      {
        kind: 'counter',
        desiredPrice: 150000,
        contact: { name: 'Ann Owner', email: homeowner, phone: '512-555-0100' },
      },
    );
    expect(answered.status).toBe(201);
    // The answer forms refuse a name with a link now; a lead stored before that rule may still hold one.
    await db().update(leads).set({ name }).where(eq(leads.workspaceId, wholesaler.user.id));
    const [lead] = await db().select().from(leads).where(eq(leads.workspaceId, wholesaler.user.id));
    const started = await send(app, 'POST', `/api/leads-inbox/${lead!.id}/follow-up`, wholesaler.headers, {});
    expect(started.status).toBe(201);
    const [followUp] = await db().select().from(followUps).where(eq(followUps.leadId, lead!.id));
    return { ...wholesaler, lead: lead!, homeowner, followUp: followUp! };
  }

  /** Takes every follow-up step due `days` after the sequence started, as the worker would then. */
  const runFollowUpsAt = (followUp: { startedAt: Date }, days: number) =>
    runDueFollowUps({
      db: db(),
      policy: sendingPolicyConfig(context),
      now: new Date(followUp.startedAt.getTime() + days * DAY_MS),
      batchSize: 1000,
      inboundDomain: null,
    });

  it('sends no follow-up step to a homeowner whose stored name carries a link: the sequence stops, with the reason', async () => {
    const { user, lead, homeowner, followUp } = await followedUpLead(`Ann ${PHISHING}`);
    await runFollowUpsAt(followUp, 3);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, homeowner))).toEqual([]);
    expect(await sentBy(user.id)).toEqual([]);
    const [stopped] = await db().select().from(followUps).where(eq(followUps.id, followUp.id));
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'link-or-markup' });
    const history = await db()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.kind, 'follow-up')));
    expect(history.map((event) => event.text)).toContain(
      `Follow-ups stopped: ${followUpStopMessages['link-or-markup']}`,
    );
  });

  it('sends no follow-up step while the sender’s profile carries a link: the sender may not send', async () => {
    const { user, homeowner, followUp } = await followedUpLead('Ann Owner');
    await storeProfileText(user.id, { company: `Lee Homes - ${PHISHING}` });
    await runFollowUpsAt(followUp, 3);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, homeowner))).toEqual([]);
    const [stopped] = await db().select().from(followUps).where(eq(followUps.id, followUp.id));
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'sender-cannot-send' });
  });

  it('refuses to follow up a shared offer under a name carrying a link: 400 at the field, nothing started', async () => {
    const { headers, user } = await bulkSender();
    const shared = await send(app, 'POST', '/api/offer-links', headers, {
      from: 'calculation',
      calculation: { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs: [], template: defaultTemplate },
    });
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    const refused = await send(app, 'POST', '/api/offer-links/follow-up', headers, {
      token,
      name: `Ann ${PHISHING}`,
      email: `owner-${randomUUID().slice(0, 8)}@example.net`,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: sendingPolicyMessages.linkOrMarkup('Name'), field: 'name' });
    expect(await db().select().from(followUps).where(eq(followUps.workspaceId, user.id))).toEqual([]);
  });

  /** A verified wholesaler told of new leads at the account's address, with a personal page at `handle`. */
  async function wholesalerWithPage() {
    const wholesaler = await signUpTestUser(app);
    await markEmailVerified(db(), wholesaler.user.id);
    const handle = `lee-${randomUUID().slice(0, 8)}`;
    const saved = await send(app, 'PUT', '/api/profile', wholesaler.headers, {
      handle,
      displayName: 'Lee Homes',
      company: '',
      phone: '',
      replyToEmail: '',
      postalAddress: '1 Main St, Austin, TX 78701',
      notifyOnLeads: true,
    });
    expect(saved.status).toBe(200);
    return { ...wholesaler, handle };
  }

  /** What a notice must not carry from hostile typed text: the link, the address, the markup. */
  function expectPlainWordsOnly(mail: { subject: string; text: string; html: string } | undefined) {
    expect(mail).toBeDefined();
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('help@evil');
      expect(part).not.toContain('<a href="https://evil');
    }
    expect(mail!.text).toContain(sendingPolicyMessages.withheld);
  }

  const calculation = (address: string) => ({ address, marketValue: 200000, repairs: [] });

  it.each([
    ['the address and the message of a counter-offer', `12 Oak St - ${PHISHING}`, 'counter'],
    ['the message of an accept, written as HTML', '12 Oak St, Austin, TX', 'accept'],
    ['the notes of an MLS/Retail request', '12 Oak St, Austin, TX', 'program'],
  ] as const)('keeps a personal page visitor’s links out of the New lead e-mail: %s', async (_, address, kind) => {
    const { user, handle } = await wholesalerWithPage();
    const created = await send(app, 'POST', `/api/public/wholesalers/${handle}/offers`, {}, calculation(address));
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const contact = {
      name: 'Ann Owner',
      email: `owner-${randomUUID().slice(0, 8)}@example.net`,
      phone: '512-555-0100',
    };
    const words = {
      counter: `Call me first - ${PHISHING}`,
      accept: '<a href="https://evil.example/login">Claim your refund</a>',
      program: `Roof is new. Photos at help@evil.example or ${PHISHING}`,
    }[kind];
    const answer =
      kind === 'program'
        ? {
            kind,
            fullName: contact.name,
            email: contact.email,
            phone: contact.phone,
            condition: 'Good',
            timeframe: '30',
            notes: words,
          }
        : { kind, contact, message: words, ...(kind === 'counter' ? { desiredPrice: 150000 } : {}) };
    const answered = await send(app, 'POST', `/api/public/offers/${token}/responses`, {}, answer);
    expect(answered.status).toBe(201);

    // The lead keeps what was typed, for the app to show as text.
    const [lead] = await db().select().from(leads).where(eq(leads.workspaceId, user.id));
    expect(lead?.address).toBe(address);
    const [response] = await db()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead!.id), eq(leadEvents.kind, 'response')));
    expect(response?.text).toBe(words);

    const notices = await db().select().from(emailOutbox).where(mailedTo(user.email));
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.subject).toBe(
      {
        counter: 'New lead: countered at $150,000',
        accept: 'New lead: accepted',
        program: 'New lead: MLS/Retail program interest',
      }[kind],
    );
    expectPlainWordsOnly(notice);
    expect(notice).toMatchObject({ purpose: 'lead-notification', replyTo: contact.email });
    if (address === '12 Oak St, Austin, TX') expect(notice!.text).toContain(`Property address: ${address}`);
  });

  it('keeps a calculator visitor’s links out of the operator’s lead e-mail (LEADS_EMAIL), subject included', async () => {
    const before = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, LEADS_EMAIL));
    const posted = await send(
      app,
      'POST',
      '/api/leads',
      {},
      {
        kind: 'program',
        fullName: 'Ann Owner',
        phone: '512-555-0100',
        email: `owner-${randomUUID().slice(0, 8)}@example.net`,
        address: `12 Oak St - ${PHISHING}`,
        condition: 'Good',
        timeframe: 'ASAP',
        notes: '<img src="https://evil.example/pixel.gif"> write to help@evil.example',
      },
    );
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    const [lead] = await db().select().from(leads).where(eq(leads.id, id));
    expect(lead?.address).toBe(`12 Oak St - ${PHISHING}`);
    const after = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, LEADS_EMAIL));
    expect(after).toHaveLength(before.length + 1);
    const notice = after.find((mail) => mail.text.includes(`Lead id: ${id}`));
    expect(notice?.subject).toBe('MLS/Retail Program request');
    expectPlainWordsOnly(notice);
  });

  it('sends no reply-to confirmation while the stored display name carries a link: 403, nothing queued', async () => {
    const wholesaler = await signUpTestUser(app);
    await markEmailVerified(db(), wholesaler.user.id);
    const desk = `desk-${randomUUID().slice(0, 8)}@example.org`;
    const saved = await send(app, 'PUT', '/api/profile', wholesaler.headers, {
      handle: null,
      displayName: 'Lee Homes',
      company: '',
      phone: '',
      replyToEmail: desk,
      postalAddress: '',
      notifyOnLeads: true,
    });
    expect(saved.status).toBe(200);
    await storeProfileText(wholesaler.user.id, { displayName: `Lee Homes - ${PHISHING}` });
    const refused = await send(app, 'POST', '/api/profile/reply-to/confirmation', wholesaler.headers);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'profile-link-or-markup', profileField: 'displayName' });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, desk))).toEqual([]);
  });

  it('sends no invitation whose inviter’s name carries a link; the same inviter, named in plain words, can', async () => {
    const owner = await signUpTestUser(app);
    await markEmailVerified(db(), owner.user.id);
    await setWorkspacePlan(db(), owner.user.id, 'pro');
    const invite = (email: string) =>
      send(app, 'POST', '/api/workspace/invitations', owner.headers, { email, role: 'acquisitions' });
    await db()
      .update(userTable)
      .set({ name: `Lee ${PHISHING}` })
      .where(eq(userTable.id, owner.user.id));
    const invitee = `invitee-${randomUUID().slice(0, 8)}@example.org`;
    await invite(invitee);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, invitee))).toEqual([]);

    await db().update(userTable).set({ name: 'Lee Homes' }).where(eq(userTable.id, owner.user.id));
    const plainInvitee = `invitee-${randomUUID().slice(0, 8)}@example.org`;
    expect((await invite(plainInvitee)).status).toBe(201);
    const [sent] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, plainInvitee));
    expect(sent).toMatchObject({ purpose: 'invitation', senderUserId: owner.user.id });
  });

  it('sends no revised offer to a homeowner whose stored name carries a link: 400 at the field, nothing queued', async () => {
    const { headers, lead, homeowner } = await followedUpLead(`Ann ${PHISHING}`);
    const refused = await send(app, 'POST', `/api/leads-inbox/${lead.id}/revised-offer`, headers, {
      marketValue: 200000,
      repairs: [],
      message: '',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'link-or-markup' });
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, homeowner), eq(emailOutbox.purpose, 'revised-offer'))),
    ).toEqual([]);
  });
});
