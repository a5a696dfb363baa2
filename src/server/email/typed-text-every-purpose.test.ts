// Issue 25, finding 1: "plain text only in the fields a user types", for every purpose. The
// revised offer's address and message were checked; a bulk offer's CSV address (its subject) and
// owner name, a follow-up's homeowner name, and the profile that signs every e-mail were not. Each
// probe sends the hostile request and asserts that nothing was stored or sent.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeBulkSender } from '../../../tests/support/bulk-sender';
import { sendJson as send } from '../../../tests/support/send-json';
import { createTestContext, TEST_AUTH_SECRET } from '../../../tests/support/test-app';
import { describeEachDatabase } from '../../../tests/support/test-database';
import { markEmailVerified, signUpTestUser } from '../../../tests/support/test-users';
import { sendingPolicyMessages } from '../../domain/email/sending-policy-messages';
import { followUpStopMessages } from '../../domain/follow-ups/sequence';
import { defaultTemplate } from '../../domain/offer/built-in-templates';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import {
  bulkSendItems,
  bulkSendJobs,
  emailOutbox,
  followUps,
  leadEvents,
  leads,
  offerLinks,
  wholesalerProfiles,
} from '../db/schema';
import { queueDueBulkItems } from '../bulk-send/queue-due-bulk-items';
import { runDueFollowUps } from '../follow-ups/run-due-follow-ups';
import { sendingPolicyConfig } from './send-to-third-party';

const PHISHING = 'your account is locked - verify at evil.example/login';
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
    context = createTestContext(database(), { TRUST_PROXY: '1' });
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
});
