import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEADS_PAGE_SIZE } from '#domain/leads/lead-inbox-requests.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { toggleRepair } from '#domain/repairs/repair-state.ts';
import { startWebhookFake } from '#tests/fakes/webhook-fake.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import {
  emailOutbox,
  emailUnsubscribes,
  leadEvents,
  leads,
  savedProperties,
  user as userTable,
  wholesalerProfiles,
} from '../db/schema';
import type { WorkspaceChange } from '../events/workspace-change-feed';

type TestApp = ReturnType<typeof createApp>;

const calculation = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: defaultRepairCatalog,
  template: defaultTemplate,
};
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };

interface LeadView {
  id: string;
  status: string;
  name: string | null;
  address: string;
  response: string | null;
  offerRange: { low: number; high: number } | null;
}

describeEachDatabase('leads inbox', (database) => {
  let context: AppContext;
  let app: TestApp;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1' });
    app = createApp(context);
  });
  afterAll(() => context.changeFeed.close());

  /** A wholesaler whose shared offer a homeowner countered: the lead and the link's token. */
  async function counteredLead(address = calculation.address, email = contact.email) {
    const wholesaler = await signUpTestUser(app);
    const shared = await send(app, 'POST', '/api/offer-links', wholesaler.headers, {
      from: 'calculation',
      calculation: { ...calculation, address },
    });
    const { url } = (await shared.json()) as { url: string };
    const token = url.split('/offer/')[1]!;
    const answered = await send(
      app,
      'POST',
      `/api/public/offers/${token}/responses`,
      {},
      {
        kind: 'counter',
        desiredPrice: 150000,
        contact: { ...contact, email },
      },
    );
    expect(answered.status).toBe(201);
    const list = (await (await send(app, 'GET', '/api/leads-inbox', wholesaler.headers)).json()) as {
      leads: LeadView[];
    };
    return { ...wholesaler, lead: list.leads[0]!, token };
  }

  /** Inserts `count` leads for the owner directly, a second apart (newest last). */
  async function insertLeads(workspaceId: string, count: number, name = (index: number) => `Owner ${index}`) {
    const start = Date.now() - count * 1000;
    await database()
      .db.insert(leads)
      .values(
        Array.from({ length: count }, (_, index) => ({
          workspaceId,
          source: 'bulk-email' as const,
          address: `${index} Pine Rd, Austin, TX`,
          name: name(index),
          email: `owner${index}@example.com`,
          responseKind: 'accepted' as const,
          respondedAt: new Date(start + index * 1000),
        })),
      );
  }

  it('lists the owner’s leads newest first, 50 a page, each exactly once, and no one else’s', async () => {
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    await insertLeads(owner.user.id, 120);
    await insertLeads(other.user.id, 3);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const response = await send(app, 'GET', `/api/leads-inbox${query}`, owner.headers);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { leads: LeadView[]; nextCursor: string | null };
      expect(page.leads.length).toBeLessThanOrEqual(LEADS_PAGE_SIZE);
      seen.push(...page.leads.map((lead) => lead.address));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen[0]).toBe('119 Pine Rd, Austin, TX');
    expect(seen.at(-1)).toBe('0 Pine Rd, Austin, TX');
    expect((await send(app, 'GET', '/api/leads-inbox?cursor=garbage', owner.headers)).status).toBe(400);
  });

  it('searches address or name case-insensitively, taking % and _ literally, and filters by status', async () => {
    const owner = await signUpTestUser(app);
    await insertLeads(owner.user.id, 5, (index) => (index === 3 ? 'Maria 100%_Garcia' : `Owner ${index}`));
    const search = async (query: string) =>
      ((await (await send(app, 'GET', `/api/leads-inbox?${query}`, owner.headers)).json()) as { leads: LeadView[] })
        .leads;
    expect((await search('q=PINE')).length).toBe(5);
    expect((await search('q=2%20pine')).map((lead) => lead.address)).toEqual(['2 Pine Rd, Austin, TX']);
    expect((await search('q=garcia')).map((lead) => lead.name)).toEqual(['Maria 100%_Garcia']);
    expect((await search(`q=${encodeURIComponent('%_')}`)).map((lead) => lead.name)).toEqual(['Maria 100%_Garcia']);
    expect(await search('q=nobody')).toEqual([]);
    expect((await search('status=new')).length).toBe(5);
    expect(await search('status=dead')).toEqual([]);
    expect((await send(app, 'GET', '/api/leads-inbox?status=won', owner.headers)).status).toBe(400);
    expect((await send(app, 'GET', `/api/leads-inbox?q=${'x'.repeat(101)}`, owner.headers)).status).toBe(400);
    expect((await send(app, 'GET', '/api/leads-inbox', {})).status).toBe(401);
  });

  it('shows a lead with its history, keeps every status change with its time, and takes notes', async () => {
    const { headers, lead, user } = await counteredLead();
    expect(lead).toMatchObject({ status: 'new', response: 'countered at $150,000', name: 'Ann Lee' });
    // The one member's shared link: the new lead is theirs (issue 26), named by their account's name.
    const memberName = user.email.split('@')[0]!;

    const moved = await send(app, 'PATCH', `/api/leads-inbox/${lead.id}`, headers, { status: 'contacted' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ lead: { status: 'contacted' } });
    await send(app, 'PATCH', `/api/leads-inbox/${lead.id}`, headers, { status: 'negotiating' });
    await send(app, 'PATCH', `/api/leads-inbox/${lead.id}`, headers, { status: 'negotiating' });
    const noted = await send(app, 'POST', `/api/leads-inbox/${lead.id}/notes`, headers, {
      text: '  Wants to close in May  ',
    });
    expect(noted.status).toBe(201);

    const detail = (await (await send(app, 'GET', `/api/leads-inbox/${lead.id}`, headers)).json()) as {
      lead: LeadView & { details: Record<string, unknown> };
      events: {
        kind: string;
        fromStatus: string | null;
        toStatus: string | null;
        text: string;
        desiredPrice: number | null;
        createdAt: string;
      }[];
    };
    expect(detail.lead).toMatchObject({ status: 'negotiating', details: { message: '' } });
    expect(detail.lead.details).not.toHaveProperty('notificationEmailId');
    expect(
      detail.events.map((event) => [event.kind, event.fromStatus, event.toStatus, event.desiredPrice, event.text]),
    ).toEqual([
      ['offer', null, null, null, ''],
      ['response', null, null, 150000, ''],
      ['assignment', null, null, null, memberName],
      ['status', 'new', 'contacted', null, ''],
      ['status', 'contacted', 'negotiating', null, ''],
      ['note', null, null, null, 'Wants to close in May'],
    ]);
    expect(detail.events.every((event) => !Number.isNaN(Date.parse(event.createdAt)))).toBe(true);

    for (const [method, path, body] of [
      ['PATCH', '', { status: 'won' }],
      ['PATCH', '', '{'],
      ['POST', '/notes', { text: '' }],
      ['POST', '/notes', { text: 'x'.repeat(5001) }],
      ['POST', '/notes', { text: 'a\u0000b' }],
    ] as const) {
      expect((await send(app, method, `/api/leads-inbox/${lead.id}${path}`, headers, body)).status).toBe(400);
    }
  });

  it('shows the repairs of the offer a lead answered, for its detail and export summary', async () => {
    const wholesaler = await signUpTestUser(app);
    const shared = await send(app, 'POST', '/api/offer-links', wholesaler.headers, {
      from: 'calculation',
      calculation: { ...calculation, repairs: toggleRepair(defaultRepairCatalog, 'New Roof') },
    });
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    await send(app, 'POST', `/api/public/offers/${token}/responses`, {}, { kind: 'accept', contact });
    const [lead] = await database().db.select().from(leads).where(eq(leads.workspaceId, wholesaler.user.id));
    const detail = (await (await send(app, 'GET', `/api/leads-inbox/${lead!.id}`, wholesaler.headers)).json()) as {
      lead: { repairs: unknown; totalRepairCost: number; offerRange: unknown };
    };
    expect(detail.lead).toMatchObject({
      repairs: [{ name: 'New Roof', cost: 7000 }],
      totalRepairCost: 7000,
      offerRange: { low: 113000, high: 128000 },
    });
  });

  /** What the sending policy asks of a sender of offers: a verified e-mail and a postal address (issue 25). */
  async function readyToSendOffers(userId: string) {
    await database().db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, userId));
    await database()
      .db.insert(wholesalerProfiles)
      .values({ workspaceId: userId, userId, postalAddress: '1 Main St, Austin, TX 78701' })
      .onConflictDoUpdate({
        target: [wholesalerProfiles.workspaceId, wholesalerProfiles.userId],
        set: { postalAddress: '1 Main St, Austin, TX 78701' },
      });
  }

  it('sends a revised offer through the outbox; the homeowner’s answer to it joins the same lead', async () => {
    const { headers, lead, user } = await counteredLead();
    // Replies go to the account's e-mail once it is verified (issue 16).
    await readyToSendOffers(user.id);
    // The walkthrough found a roof; the ARV is new. The server computes the range with the template.
    const revised = await send(app, 'POST', `/api/leads-inbox/${lead.id}/revised-offer`, headers, {
      marketValue: 210000,
      repairs: [{ name: 'New Roof', cost: 9000 }],
      templateName: 'standard wholesale',
      message: 'Best I can do.',
      // A typed range is not the server's business: ignored.
      offerRange: { low: 1, high: 2 },
    });
    expect(revised.status).toBe(201);
    const { offerLink, emailId, receipt, templateName } = (await revised.json()) as {
      offerLink: { url: string; offerRange: unknown };
      emailId: string;
      receipt: { buyerValue: number; repairAllowance: number; range: unknown };
      templateName: string;
    };
    // 210,000 × 0.7 = 147,000; − 9,000 repairs = 138,000; − $20,000 / $5,000 profit.
    expect(offerLink.offerRange).toEqual({ low: 118000, high: 133000 });
    expect(receipt).toMatchObject({ buyerValue: 147000, repairAllowance: 9000, range: { low: 118000, high: 133000 } });
    expect(templateName).toBe('Standard Wholesale');
    const [mail] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    expect(mail).toMatchObject({
      toAddress: contact.email,
      subject: 'Revised Cash Offer for 12 Oak St, Austin, TX',
      replyTo: user.email,
    });
    expect(mail?.text).toContain(offerLink.url);
    expect(mail?.text).toContain('$118,000 - $133,000');
    expect(mail?.text).toContain('Market value once repaired: $210,000');
    expect(mail?.text).toContain('Repairs: $9,000 (New Roof $9,000)');
    expect(mail?.text).toMatch(/This offer is valid for 7 days \(until /);

    const token = offerLink.url.split('/offer/')[1]!;
    const opened = (await (await send(app, 'GET', `/api/public/offers/${token}`, {})).json()) as Record<
      string,
      unknown
    >;
    expect(opened).toMatchObject({
      offerRange: { low: 118000, high: 133000 },
      marketValue: 210000,
      totalRepairCost: 9000,
      recipient: { name: 'Ann Lee', email: contact.email },
    });
    const accepted = await send(app, 'POST', `/api/public/offers/${token}/responses`, {}, { kind: 'accept', contact });
    expect(accepted.status).toBe(201);

    const owned = await database().db.select().from(leads).where(eq(leads.workspaceId, user.id));
    expect(owned).toHaveLength(1);
    // The accept records the range accepted (issue 42 §4).
    expect(owned[0]).toMatchObject({
      responseKind: 'accepted',
      offerLow: 118000,
      offerHigh: 133000,
      marketValue: 210000,
      acceptedOfferLow: 118000,
      acceptedOfferHigh: 133000,
    });
    const shown = (await (await send(app, 'GET', `/api/leads-inbox/${lead.id}`, headers)).json()) as {
      lead: { acceptedOffer: unknown; repairs: unknown };
    };
    expect(shown.lead.acceptedOffer).toMatchObject({ low: 118000, high: 133000 });
    // The deal's repairs are its newest offer's.
    expect(shown.lead.repairs).toEqual([{ name: 'New Roof', cost: 9000 }]);
    const history = await database()
      .db.select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(leadEvents.createdAt);
    expect(history.map((event) => [event.kind, event.responseKind])).toEqual([
      ['offer', null],
      ['response', 'countered'],
      ['assignment', null],
      ['revised-offer', null],
      ['response', 'accepted'],
    ]);

    const figures = { marketValue: 210000, repairs: [] };
    const eventsBefore = await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    for (const body of [
      { offerRange: { low: 125000, high: 140000 } },
      { ...figures, marketValue: -1 },
      { ...figures, marketValue: 2e10 },
      { ...figures, repairs: [{ name: 'Roof', cost: -1 }] },
      { ...figures, repairs: [{ name: 'Roof', cost: 1e11 }] },
      { ...figures, templateName: 'No Such Template' },
      // No offer at this value: 10,000 × 0.7 − $20,000 is below 0.
      { ...figures, marketValue: 10000 },
      { ...figures, message: 'x'.repeat(2001) },
    ]) {
      expect((await send(app, 'POST', `/api/leads-inbox/${lead.id}/revised-offer`, headers, body)).status).toBe(400);
    }
    expect(await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toEqual(eventsBefore);
  });

  it('refuses a revised offer to a homeowner who unsubscribed', async () => {
    const email = `gone-${randomUUID().slice(0, 8)}@example.com`;
    const { headers, lead, user } = await counteredLead(calculation.address, email);
    await readyToSendOffers(user.id);
    await database().db.insert(emailUnsubscribes).values({ email });
    const refused = await send(app, 'POST', `/api/leads-inbox/${lead.id}/revised-offer`, headers, {
      marketValue: 200000,
      repairs: [],
    });
    expect(refused.status).toBe(409);
    expect(await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
  });

  it('saves a lead as a saved property within the plan’s limit', async () => {
    const { headers, lead, user } = await counteredLead();
    const saved = await send(app, 'POST', `/api/leads-inbox/${lead.id}/save`, headers);
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({
      property: {
        address: '12 Oak St, Austin, TX',
        marketValue: 200000,
        cashOfferLow: 120000,
        cashOfferHigh: 135000,
        contactName: 'Ann Lee',
      },
    });
    await send(app, 'POST', `/api/leads-inbox/${lead.id}/save`, headers);
    await send(app, 'POST', `/api/leads-inbox/${lead.id}/save`, headers);
    const overLimit = await send(app, 'POST', `/api/leads-inbox/${lead.id}/save`, headers);
    expect(overLimit.status).toBe(403);
    expect(
      await database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, user.id)),
    ).toHaveLength(3);
  });

  it('answers another user’s lead as unknown for every action and changes nothing', async () => {
    const { lead, user } = await counteredLead();
    const attacker = await signUpTestUser(app);
    const before = await database().db.select().from(leads).where(eq(leads.id, lead.id));
    const eventsBefore = await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    const outboxBefore = await database()
      .db.select({ count: sql<number>`count(*)::int` })
      .from(emailOutbox);

    const list = (await (await send(app, 'GET', '/api/leads-inbox', attacker.headers)).json()) as { leads: LeadView[] };
    expect(list.leads).toEqual([]);
    expect(
      ((await (await send(app, 'GET', `/api/leads-inbox?q=Oak`, attacker.headers)).json()) as { leads: LeadView[] })
        .leads,
    ).toEqual([]);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { status: 'dead' }],
      ['POST', '/notes', { text: 'mine now' }],
      ['POST', '/revised-offer', { marketValue: 200000, repairs: [] }],
      ['POST', '/save', undefined],
    ] as const) {
      const response = await send(app, method, `/api/leads-inbox/${lead.id}${path}`, attacker.headers, body);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Lead not found', code: 'lead-not-found' });
    }
    for (const id of ['not-a-uuid', randomUUID(), "1' or '1'='1"]) {
      expect((await send(app, 'GET', `/api/leads-inbox/${encodeURIComponent(id)}`, attacker.headers)).status).toBe(404);
    }
    expect(await database().db.select().from(leads).where(eq(leads.id, lead.id))).toEqual(before);
    expect(await database().db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toEqual(eventsBefore);
    expect(
      await database()
        .db.select({ count: sql<number>`count(*)::int` })
        .from(emailOutbox),
    ).toEqual(outboxBefore);
    expect(
      await database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, attacker.user.id)),
    ).toEqual([]);
    expect(user.id).not.toBe(attacker.user.id);
  });

  it('exports the owner’s lead to Sheets with the existing export; another user’s lead is 404', async () => {
    const webhook = await startWebhookFake();
    try {
      const exportApp = createApp(createTestContext(database(), { TRUST_PROXY: '1', SHEETS_WEBHOOK_URL: webhook.url }));
      const { headers, lead } = await counteredLead();
      const attacker = await signUpTestUser(app);
      const body = {
        source: { kind: 'lead', leadId: lead.id },
        contact: { ...contact, city: 'Austin', state: 'TX', zipCode: '78701' },
      };
      const stolen = await send(exportApp, 'POST', '/api/integrations/sheets/export', attacker.headers, body);
      expect(stolen.status).toBe(404);
      expect(webhook.requests).toHaveLength(0);
      const exported = await send(exportApp, 'POST', '/api/integrations/sheets/export', headers, body);
      expect(exported.status).toBe(200);
      expect(webhook.requests).toHaveLength(1);
      expect(webhook.requests[0]!.body).toMatchObject({
        address: '12 Oak St, Austin, TX',
        marketValue: 200000,
      });
    } finally {
      await webhook.close();
    }
  });

  it('never shows the operator’s public-calculator leads in any inbox', async () => {
    const owner = await signUpTestUser(app);
    const posted = await send(
      app,
      'POST',
      '/api/leads',
      {},
      {
        kind: 'accept',
        address: '1 Public Way, Austin, TX',
        marketValue: 200000,
        offerRange: { low: 113000, high: 128000 },
        totalRepairCost: 0,
      },
    );
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    const [row] = await database().db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ workspaceId: null, source: 'public-calculator' });
    expect((await send(app, 'GET', `/api/leads-inbox/${id}`, owner.headers)).status).toBe(404);
  });

  it('announces a new lead and every change on the owner’s live feed, and only theirs', async () => {
    const wholesaler = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    const changes: WorkspaceChange[] = [];
    let othersChanges = 0;
    const unsubscribe = await context.changeFeed.subscribe(
      { workspaceId: wholesaler.user.id, userId: wholesaler.user.id },
      (change) => changes.push(change),
    );
    const unsubscribeOther = await context.changeFeed.subscribe(
      { workspaceId: other.user.id, userId: other.user.id },
      () => othersChanges++,
    );
    const shared = await send(app, 'POST', '/api/offer-links', wholesaler.headers, {
      from: 'calculation',
      calculation,
    });
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    await send(app, 'POST', `/api/public/offers/${token}/responses`, {}, { kind: 'accept', contact });
    await expect.poll(() => changes.filter((change) => change.table === 'leads').length, { timeout: 2000 }).toBe(1);
    const [lead] = await database().db.select().from(leads).where(eq(leads.workspaceId, wholesaler.user.id));
    await send(app, 'POST', `/api/leads-inbox/${lead!.id}/notes`, wholesaler.headers, { text: 'called' });
    await expect.poll(() => changes.filter((change) => change.table === 'leads').length, { timeout: 2000 }).toBe(2);
    expect(othersChanges).toBe(0);
    unsubscribe();
    unsubscribeOther();
  });
});
