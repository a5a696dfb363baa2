// Issue 26 §5, who did what: exporting a lead to the CRM (GoHighLevel) or to the spreadsheet writes
// an entry on the lead's history naming the member who exported it and where it went; a failed
// export writes none. Against the local fakes of GoHighLevel and of a spreadsheet webhook, on both databases.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { startGhlFake, type GhlFake } from '#tests/fakes/ghl-fake.ts';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { leadEvents, leads, user } from '../db/schema';

const apiKey = 'pit-history-token-0001';
const locationId = 'locHistory0001';
const crmContact = { name: 'Mary Ann Lee', email: 'mary@example.com', phone: '512-555-0100' };
const sheetsContact = { ...crmContact, city: 'Austin', state: 'TX', zipCode: '78701' };

interface HistoryEntry {
  kind: string;
  exportedTo: string | null;
  offerRange: { low: number; high: number } | null;
  actor: { userId: string; name: string } | null;
}

describeEachDatabase('a lead’s exports on its history (issue 26 §5)', (database) => {
  let ghl: GhlFake;
  let sheets: WebhookFake;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    [ghl, sheets] = await Promise.all([startGhlFake({ tokens: { [apiKey]: locationId } }), startWebhookFake()]);
    app = createTestApp(database(), { TRUST_PROXY: '1', GHL_API_URL: ghl.url, SHEETS_WEBHOOK_URL: sheets.url });
  });
  afterAll(() => Promise.all([ghl.close(), sheets.close()]));
  beforeEach(() => {
    ghl.reset();
    sheets.reset();
  });

  /** A workspace with a GoHighLevel key, an Acquisitions rep who may export, and a lead assigned to the rep. */
  async function workspaceWithLead() {
    const { owner, workspaceId, join } = await newTestWorkspace(app, database().db);
    const saved = await send(app, 'PUT', '/api/integrations/ghl/settings', owner.headers, { apiKey, locationId });
    expect(saved.status).toBe(200);
    const rep = await join('acquisitions', { mayBulkSendAndExport: true });
    await database().db.update(user).set({ name: 'Rita Rep' }).where(eq(user.id, rep.user.id));
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        assigneeUserId: rep.user.id,
        source: 'shared-link',
        address: '9 Pine Rd, Austin, TX',
        name: 'Mary Ann Lee',
        marketValue: 180000,
        offerLow: 100000,
        offerHigh: 110000,
        responseKind: 'accepted',
      })
      .returning();
    return { owner, rep, lead: lead! };
  }

  const exportLead = (headers: Record<string, string>, to: 'ghl' | 'sheets', leadId: string) =>
    send(app, 'POST', `/api/integrations/${to}/export`, headers, {
      source: { kind: 'lead', leadId },
      contact: to === 'ghl' ? crmContact : sheetsContact,
    });

  const exportEntries = (leadId: string) =>
    database()
      .db.select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'export')));

  it('writes each export on the lead’s history with the member who exported it and where to', async () => {
    const { owner, rep, lead } = await workspaceWithLead();
    const before = lead.updatedAt;

    expect((await exportLead(rep.headers, 'ghl', lead.id)).status).toBe(200);
    expect(ghl.contacts).toHaveLength(1);
    expect((await exportLead(owner.headers, 'sheets', lead.id)).status).toBe(200);
    expect(sheets.requests).toHaveLength(1);

    expect(await exportEntries(lead.id)).toEqual([
      expect.objectContaining({ exportedTo: 'ghl', actorUserId: rep.user.id, offerLow: 100000, offerHigh: 110000 }),
      expect.objectContaining({ exportedTo: 'sheets', actorUserId: owner.user.id }),
    ]);
    // As the lead's page reads it: the member by name, where it went, the offer exported.
    const detail = (await (await send(app, 'GET', `/api/leads-inbox/${lead.id}`, owner.headers)).json()) as {
      events: HistoryEntry[];
    };
    expect(detail.events.filter((event) => event.kind === 'export')).toEqual([
      expect.objectContaining({
        exportedTo: 'ghl',
        offerRange: { low: 100000, high: 110000 },
        actor: { userId: rep.user.id, name: 'Rita Rep' },
      }),
      expect.objectContaining({
        exportedTo: 'sheets',
        actor: { userId: owner.user.id, name: owner.user.email.split('@')[0] },
      }),
    ]);
    // The lead was touched, so every member's open page hears of it on the live feed.
    const [after] = await database().db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before.getTime());
  });

  it('writes no entry when GoHighLevel or the spreadsheet refuses the export', async () => {
    const { rep, lead } = await workspaceWithLead();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    ghl.failNext({
      status: 400,
      body: { statusCode: 400, message: 'This location does not allow duplicated contacts.' },
    });
    const crm = await exportLead(rep.headers, 'ghl', lead.id);
    expect(crm.status).toBe(502);
    expect(ghl.contacts).toHaveLength(0);
    sheets.failWith(503, 'Sheet is full');
    const sheet = await exportLead(rep.headers, 'sheets', lead.id);
    expect(sheet.status).toBe(502);
    expect(sheets.requests).toHaveLength(1);
    expect(await exportEntries(lead.id)).toEqual([]);
    const [after] = await database().db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.updatedAt).toEqual(lead.updatedAt);
  });

  it('writes nothing on a lead another workspace’s member tries to export', async () => {
    const { lead } = await workspaceWithLead();
    const { owner } = await newTestWorkspace(app, database().db);
    // Another workspace's Owner: the lead is not theirs to export.
    expect((await exportLead(owner.headers, 'sheets', lead.id)).status).toBe(404);
    expect(sheets.requests).toHaveLength(0);
    expect(await exportEntries(lead.id)).toEqual([]);
  });
});
