// Issue 42 §4: a saved analysis is opened again, changed and saved again, keeping its earlier
// versions; a lead saved as a property is one deal with it. Hostile requests (another workspace's
// id, a Viewer, malformed or out-of-range figures) are refused and change nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { leads, savedProperties, savedPropertyVersions } from '../db/schema';

const withRoof = (cost: number) => setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', cost);

const saveRequest = (roof: number, marketValue = 200000) => ({
  address: '12 Oak St, Austin, TX',
  marketValue,
  repairs: withRoof(roof),
  template: defaultTemplate,
  contact: { name: 'Ann Lee', email: 'ann@example.com', phones: ['512-555-0100'] },
});

describeEachDatabase('a saved property saved again, with its history (issue 42 §4)', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const snapshot = async (propertyId: string) => ({
    property: await database().db.select().from(savedProperties).where(eq(savedProperties.id, propertyId)),
    versions: await database()
      .db.select()
      .from(savedPropertyVersions)
      .where(eq(savedPropertyVersions.savedPropertyId, propertyId)),
  });

  async function savedBy(headers: Record<string, string>, roof = 9000) {
    const saved = await send(app, 'POST', '/api/properties', headers, saveRequest(roof));
    expect(saved.status).toBe(201);
    return ((await saved.json()) as { property: { id: string } }).property.id;
  }

  it('opens a saved property, saves it again with the figures the server computes, and keeps the earlier ones readable', async () => {
    const { owner, join } = await newTestWorkspace(app, database().db);
    const id = await savedBy(owner.headers);
    const acquisitions = await join('acquisitions');

    const updated = await send(app, 'PUT', `/api/properties/${id}`, acquisitions.headers, saveRequest(25000, 210000));
    expect(updated.status).toBe(200);
    // 210,000 × 0.7 − 25,000 = 122,000; less $20,000 / $5,000.
    expect(await updated.json()).toMatchObject({
      property: { id, marketValue: 210000, totalRepairCost: 25000, cashOfferLow: 102000, cashOfferHigh: 117000 },
    });
    await send(app, 'PUT', `/api/properties/${id}`, owner.headers, saveRequest(30000, 210000));

    const opened = await send(app, 'GET', `/api/properties/${id}`, acquisitions.headers);
    expect(opened.status).toBe(200);
    const { property, versions } = (await opened.json()) as {
      property: { totalRepairCost: number; repairCosts: unknown; formula: { name: string } };
      versions: {
        figures: { totalRepairCost: number; cashOfferLow: number; marketValue: number };
        replacedAt: string;
      }[];
    };
    expect(property).toMatchObject({ totalRepairCost: 30000, repairCosts: [{ name: 'New Roof', cost: 30000 }] });
    expect(property.formula.name).toBe('Standard Wholesale');
    // Newest first: the version the last save replaced, then the first one.
    expect(versions.map(({ figures }) => [figures.marketValue, figures.totalRepairCost, figures.cashOfferLow])).toEqual(
      [
        [210000, 25000, 102000],
        [200000, 9000, 111000],
      ],
    );
    // Saving again adds no property: the plan's count is unchanged.
    expect(await database().db.select().from(savedProperties).where(eq(savedProperties.id, id))).toHaveLength(1);
  });

  it('refuses another workspace’s id, a Viewer, and malformed or out-of-range figures; nothing changed', async () => {
    const { owner, join } = await newTestWorkspace(app, database().db);
    const id = await savedBy(owner.headers);
    const viewer = await join('viewer');
    const stranger = await newTestWorkspace(app, database().db);
    const before = await snapshot(id);

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', saveRequest(1000)],
    ] as const) {
      const refused = await send(app, method, `/api/properties/${id}`, stranger.owner.headers, body);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: 'Property not found', code: 'not-found' });
    }
    const byViewer = await send(app, 'PUT', `/api/properties/${id}`, viewer.headers, saveRequest(1000));
    expect(byViewer.status).toBe(403);
    // A Viewer reads it.
    expect((await send(app, 'GET', `/api/properties/${id}`, viewer.headers)).status).toBe(200);

    for (const body of [
      { ...saveRequest(1000), marketValue: -200000 },
      { ...saveRequest(1000), marketValue: 1e13 },
      {
        ...saveRequest(1000),
        repairs: withRoof(1000).map((repair) => (repair.name === 'New Roof' ? { ...repair, cost: -5 } : repair)),
      },
      { ...saveRequest(1000), repairs: withRoof(2e10) },
      // The figures give no offer: 20,000 × 0.7 − 1,000 − $20,000 is below 0.
      saveRequest(1000, 20000),
      { ...saveRequest(1000), address: '' },
      { ...saveRequest(1000), contact: { name: '', email: '', phones: [''] } },
      '{',
    ]) {
      const refused = await send(app, 'PUT', `/api/properties/${id}`, owner.headers, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    for (const bad of ['not-a-uuid', randomUUID()]) {
      const status = (await send(app, 'PUT', `/api/properties/${bad}`, owner.headers, saveRequest(1000))).status;
      expect([400, 404]).toContain(status);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('makes a lead saved as a property one deal with it: the lead’s repairs are the saved property’s as it is edited', async () => {
    const { owner, workspaceId } = await newTestWorkspace(app, database().db);
    await setWorkspacePlan(database().db, workspaceId, 'pro');
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        assigneeUserId: owner.user.id,
        source: 'shared-link',
        address: '12 Oak St, Austin, TX',
        name: 'Ann Lee',
        email: 'ann@example.com',
        marketValue: 200000,
        offerLow: 111000,
        offerHigh: 126000,
        responseKind: 'countered',
      })
      .returning();
    const saved = await send(app, 'POST', `/api/leads-inbox/${lead!.id}/save`, owner.headers);
    expect(saved.status).toBe(201);
    const { property } = (await saved.json()) as { property: { id: string } };
    const edited = await send(app, 'PUT', `/api/properties/${property.id}`, owner.headers, saveRequest(18000));
    expect(edited.status).toBe(200);

    const detail = (await (await send(app, 'GET', `/api/leads-inbox/${lead!.id}`, owner.headers)).json()) as {
      lead: { savedPropertyId: string; repairs: unknown; totalRepairCost: number; dealFigures: unknown };
    };
    expect(detail.lead).toMatchObject({
      savedPropertyId: property.id,
      repairs: [{ name: 'New Roof', cost: 18000 }],
      totalRepairCost: 18000,
      dealFigures: { source: 'saved-property', formula: { name: 'Standard Wholesale' } },
    });
  });

  it('saves the calculator’s figures for a lead as its deal; another workspace’s lead or bad figures save nothing', async () => {
    const { owner, workspaceId, join } = await newTestWorkspace(app, database().db);
    const viewer = await join('viewer');
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        assigneeUserId: owner.user.id,
        source: 'shared-link',
        address: '12 Oak St, Austin, TX',
        name: 'Ann Lee',
        email: 'ann@example.com',
        responseKind: 'countered',
      })
      .returning();
    const stranger = await newTestWorkspace(app, database().db);
    const savedIn = (id: string) =>
      database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, id));

    const refused = await send(
      app,
      'POST',
      `/api/leads-inbox/${lead!.id}/save-calculation`,
      stranger.owner.headers,
      saveRequest(5000),
    );
    expect(refused.status).toBe(404);
    const byViewer = await send(
      app,
      'POST',
      `/api/leads-inbox/${lead!.id}/save-calculation`,
      viewer.headers,
      saveRequest(5000),
    );
    expect(byViewer.status).toBe(403);
    for (const calculation of [
      { ...saveRequest(5000), marketValue: -1 },
      { ...saveRequest(5000), address: '' },
    ]) {
      const bad = await send(app, 'POST', `/api/leads-inbox/${lead!.id}/save-calculation`, owner.headers, calculation);
      expect(bad.status).toBe(400);
    }
    expect(await savedIn(workspaceId)).toEqual([]);
    expect(await savedIn(stranger.workspaceId)).toEqual([]);
    expect((await database().db.select().from(leads).where(eq(leads.id, lead!.id)))[0]?.savedPropertyId).toBeNull();

    const saved = await send(
      app,
      'POST',
      `/api/leads-inbox/${lead!.id}/save-calculation`,
      owner.headers,
      saveRequest(5000),
    );
    expect(saved.status).toBe(201);
    const { property } = (await saved.json()) as { property: { id: string; totalRepairCost: number } };
    expect(property.totalRepairCost).toBe(5000);
    expect((await database().db.select().from(leads).where(eq(leads.id, lead!.id)))[0]?.savedPropertyId).toBe(
      property.id,
    );
  });
});
