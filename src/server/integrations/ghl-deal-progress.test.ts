// Issue 39 §7: a lead's GoHighLevel opportunity follows its deal: under contract it moves to the
// chosen pipeline's "Under Contract" stage, worth the primary buyer's fee once chosen; sold, to
// its "Assigned" stage, won, worth the fee of the sale. Against the local fake of GoHighLevel's
// API (HTTP), asserting the bodies it received; on both databases.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startGhlFake, type GhlFake, type GhlFakePipeline } from '#tests/fakes/ghl-fake.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { buyerOffers, buyers, dealTerms, leads } from '../db/schema';

const apiKey = 'pit-progress-token-01';
const locationId = 'locProgress00001';
const pipelines: GhlFakePipeline[] = [
  {
    id: 'pipeDeals00000001',
    name: 'Deals',
    stages: [
      { id: 'stageOfferSent001', name: 'Offer Sent', position: 0 },
      { id: 'stageContract0001', name: 'Under Contract', position: 1 },
      { id: 'stageAssigned0001', name: 'Assigned', position: 2 },
    ],
  },
];
const contact = { name: 'Sam Seller', email: 'sam@example.com', phone: '512-555-0100' };

describeEachDatabase('GoHighLevel follows the deal', (database) => {
  let ghl: GhlFake;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    ghl = await startGhlFake({ tokens: { [apiKey]: locationId }, pipelines });
    app = createTestApp(database(), { TRUST_PROXY: '1', GHL_API_URL: ghl.url });
  });
  afterAll(() => ghl.close());
  beforeEach(() => ghl.reset());

  const opportunityBodies = () =>
    ghl.requests
      .filter((request) => request.path.startsWith('/opportunities') && ['POST', 'PUT'].includes(request.method))
      .map((request) => request.body as Record<string, unknown>);

  it('moves the opportunity to Under Contract, then Assigned and won, worth the fee once known', async () => {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    const call = (method: string, path: string, body?: unknown) => sendJson(app, method, path, owner.headers, body);
    expect((await call('PUT', '/api/integrations/ghl/settings', { apiKey, locationId })).status).toBe(200);
    const stage = { pipelineId: pipelines[0]!.id, pipelineStageId: 'stageOfferSent001' };
    expect((await call('PUT', '/api/integrations/ghl/opportunity-stage', stage)).status).toBe(200);

    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        source: 'bulk-email',
        address: '9 Pine Rd, Austin, TX 78702',
        responseKind: 'accepted',
        status: 'under-contract',
        marketValue: 260_000,
        offerLow: 120_000,
        offerHigh: 140_000,
      })
      .returning({ id: leads.id });
    const leadId = lead!.id;
    await database()
      .db.insert(dealTerms)
      .values({ leadId, workspaceId, contractPrice: 150_000, contractDate: '2026-11-01' });
    const exportLead = async () => {
      const response = await call('POST', '/api/integrations/ghl/export', {
        source: { kind: 'lead', leadId },
        contact,
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };

    // Under contract, no buyer yet: the contract stage, still worth the offer.
    await exportLead();
    expect(opportunityBodies().at(-1)).toMatchObject({
      pipelineId: 'pipeDeals00000001',
      pipelineStageId: 'stageContract0001',
      monetaryValue: 140_000,
      status: 'open',
    });

    // A primary buyer at $172,500: worth the fee that offer brings.
    const [buyer] = await database().db.insert(buyers).values({ workspaceId, name: 'Ann Buyer' }).returning();
    const [offer] = await database()
      .db.insert(buyerOffers)
      .values({ workspaceId, leadId, buyerId: buyer!.id, amount: 172_500, contactName: 'Ann Buyer' })
      .returning();
    expect(
      (await call('PUT', `/api/dispositions/${leadId}/buyers`, { primaryOfferId: offer!.id, backupOfferId: null }))
        .status,
    ).toBe(200);
    await exportLead();
    expect(opportunityBodies().at(-1)).toMatchObject({ pipelineStageId: 'stageContract0001', monetaryValue: 22_500 });

    // Assigned at $175,000: the Assigned stage, won, worth the sale's fee; the same opportunity.
    const sale = { disposition: 'assigned', price: 175_000, disposedOn: '2026-11-25' };
    expect((await call('PUT', `/api/dispositions/${leadId}/sale`, sale)).status).toBe(200);
    await exportLead();
    const last = ghl.requests
      .filter((request) => request.path.startsWith('/opportunities/') && request.method === 'PUT')
      .at(-1);
    expect(last?.body).toMatchObject({
      pipelineId: 'pipeDeals00000001',
      pipelineStageId: 'stageAssigned0001',
      monetaryValue: 25_000,
      status: 'won',
    });
    expect(ghl.opportunities).toHaveLength(1);
    expect(ghl.opportunities[0]).toMatchObject({
      pipelineStageId: 'stageAssigned0001',
      monetaryValue: 25_000,
      status: 'won',
    });
  });
});
