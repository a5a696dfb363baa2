// Issue 41: the bulk import review flags a row already a lead or saved in the workspace with other
// figures; the server answers for the whole list in one query, and never from another workspace.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { MAX_KNOWN_PROPERTY_ROWS } from '#domain/bulk-import/known-properties.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { savedPropertyBody } from '#tests/support/saved-property.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan, verifiedProOwner } from '#tests/support/workspaces.ts';
import { leads, savedProperties } from '../db/schema';

describeEachDatabase('the import review: rows already a lead or saved (issue 41)', (database) => {
  const { app } = suiteApp(database);
  const db = () => database().db;

  const ask = (headers: Record<string, string>, rows: unknown[]) =>
    sendJson(app(), 'POST', '/api/import-review/known-properties', headers, { rows });

  let owner: Awaited<ReturnType<typeof verifiedProOwner>>;
  let lead: typeof leads.$inferSelect;
  let saved: typeof savedProperties.$inferSelect;
  beforeAll(async () => {
    owner = await verifiedProOwner(app(), db());
    expect((await sendJson(app(), 'POST', '/api/properties', owner.headers, savedPropertyBody())).status).toBe(201);
    saved = (await db().select().from(savedProperties).where(eq(savedProperties.workspaceId, owner.user.id)))[0]!;
    const shared = await sendJson(app(), 'POST', '/api/offer-links', owner.headers, {
      from: 'calculation',
      calculation: {
        address: '48 Elm St, Austin, TX 78701',
        marketValue: 200_000,
        repairs: [],
        template: defaultTemplate,
      },
    });
    expect(shared.status).toBe(201);
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    const answered = await sendJson(
      app(),
      'POST',
      `/api/public/offers/${token}/responses`,
      {},
      {
        kind: 'counter',
        desiredPrice: 150_000,
        contact: { name: 'Ann Owner', email: 'ann@example.net', phone: '512-555-0100' },
      },
    );
    expect(answered.status).toBe(201);
    lead = (await db().select().from(leads).where(eq(leads.workspaceId, owner.user.id)))[0]!;
  });

  const rows = () => [
    { address: '12 Oak Street, Austin, TX 78701', low: 1_000, high: 2_000 },
    { address: '48 ELM ST., Austin, TX 78701', low: 1_000, high: 2_000 },
    { address: '48 Elm St, Austin, TX 78701', low: lead.offerLow!, high: lead.offerHigh! },
    { address: '48 Elm St, Round Rock, TX 78664', low: 1_000, high: 2_000 },
    { address: '99 Nowhere Rd, Austin, TX 78701', low: 1_000, high: 2_000 },
  ];

  it('flags the rows already a lead or saved with other figures, with their offer', async () => {
    const response = await ask(owner.headers, rows());
    expect(response.status).toBe(200);
    const range = (low: number, high: number) => `$${low.toLocaleString('en-US')}–$${high.toLocaleString('en-US')}`;
    expect(await response.json()).toEqual({
      known: [
        {
          index: 0,
          kind: 'saved',
          offer: { low: saved.cashOfferLow, high: saved.cashOfferHigh },
          note: `Already saved: offer ${range(saved.cashOfferLow, saved.cashOfferHigh)}`,
        },
        {
          index: 1,
          kind: 'lead',
          offer: { low: lead.offerLow, high: lead.offerHigh },
          note: `Already a lead: offer ${range(lead.offerLow!, lead.offerHigh!)}`,
        },
      ],
    });
  });

  it("tells another workspace nothing of this one's leads and saved properties", async () => {
    const stranger = await verifiedProOwner(app(), db());
    const response = await ask(stranger.headers, rows());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ known: [] });
  });

  it('refuses a Viewer, a member without bulk rights, a Free workspace and too many rows', async () => {
    for (const role of ['viewer', 'acquisitions'] as const) {
      const member = await signUpTestUser(app());
      await joinWorkspace(db(), { workspaceId: owner.user.id, userId: member.user.id, role });
      expect((await ask(member.headers, rows())).status).toBe(403);
    }
    const tooMany = Array.from({ length: MAX_KNOWN_PROPERTY_ROWS + 1 }, () => rows()[0]);
    expect((await ask(owner.headers, tooMany)).status).toBe(400);
    const free = await verifiedProOwner(app(), db());
    await setWorkspacePlan(db(), free.user.id, 'free');
    expect((await ask(free.headers, rows())).status).toBe(403);
  });
});
