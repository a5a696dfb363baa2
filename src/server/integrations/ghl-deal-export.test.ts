// Issue 14, item 2: a GoHighLevel export carries the whole deal (contact upserted, a note with the
// figures and receipt, an opportunity at the stage the user chose, worth the high offer), a second
// export updates instead of duplicating, and the API's rate limits are respected. Against a local
// fake of GoHighLevel's API v2, on both databases.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { MarketValueSource } from '#domain/arv/market-value-source.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { GHL_FAKE_PIPELINES, startGhlFake, type GhlFake } from '#tests/fakes/ghl-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';
import { leads, user, wholesalerSettings } from '../db/schema';

const apiKey = 'pit-deal-token-0001';
const locationId = 'locDeal0001';
const otherKey = 'pit-other-token-0002';
const otherLocation = 'locOther0002';
const [acquisitions] = GHL_FAKE_PIPELINES;
const offerSent = acquisitions!.stages[1]!;

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs, template: defaultTemplate };
const contact = { name: 'Mary Ann Lee', email: 'mary@example.com', phone: '512-555-0100' };

/** A request as it is: for forged stages, which the route's type would not let through. */
const json = (headers: Record<string, string>, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...headers, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

describeEachDatabase('GoHighLevel carries the deal', (database) => {
  let ghl: GhlFake;
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;

  beforeAll(async () => {
    ghl = await startGhlFake({ tokens: { [apiKey]: locationId, [otherKey]: otherLocation } });
    app = createTestApp(database(), { TRUST_PROXY: '1', GHL_API_URL: ghl.url });
    api = typedClient(app);
  });
  afterAll(() => ghl.close());
  beforeEach(() => ghl.reset());

  async function wholesaler(key = apiKey, location = locationId) {
    const signedIn = await signUpTestUser(app);
    const saved = await saveSettings(signedIn.headers, key, location);
    expect(saved.status).toBe(200);
    return signedIn;
  }

  const saveSettings = (headers: Record<string, string>, key: string, location: string) =>
    api.integrations.ghl.settings.$put({ json: { apiKey: key, locationId: location } }, asBrowser(headers));
  const chooseOfferSent = (headers: Record<string, string>) =>
    api.integrations.ghl['opportunity-stage'].$put(
      { json: { pipelineId: acquisitions!.id, pipelineStageId: offerSent.id } },
      asBrowser(headers),
    );
  const listPipelines = (headers: Record<string, string>) =>
    api.integrations.ghl.pipelines.$get({}, asBrowser(headers));
  const exportDeal = (headers: Record<string, string>, marketValue = 200000) =>
    api.integrations.ghl.export.$post(
      { json: { source: { kind: 'calculation', calculation: { ...calculation, marketValue } }, contact } },
      asBrowser(headers),
    );
  const exportSaved = (headers: Record<string, string>, savedPropertyId: string) =>
    api.integrations.ghl.export.$post(
      { json: { source: { kind: 'saved', savedPropertyId }, contact } },
      asBrowser(headers),
    );
  const saveProperty = (headers: Record<string, string>, marketValueSource?: MarketValueSource) =>
    api.properties.$post(
      { json: { ...calculation, contact: { name: 'Owner', email: '', phones: ['512-555-0199'] }, marketValueSource } },
      asBrowser(headers),
    );

  it('lists the location’s pipelines and keeps the chosen stage, only one of that location’s', async () => {
    const { headers, user } = await wholesaler();
    const listed = await listPipelines(headers);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      pipelines: GHL_FAKE_PIPELINES.map(({ id, name, stages }) => ({
        id,
        name,
        stages: stages.map((stage) => ({ id: stage.id, name: stage.name })),
      })),
      chosen: null,
    });
    expect(ghl.requests.at(-1)).toMatchObject({ path: '/opportunities/pipelines', query: { locationId } });

    const stored = () =>
      database().db.select().from(wholesalerSettings).where(eq(wholesalerSettings.workspaceId, user.id));
    const before = await stored();
    for (const forged of [
      { pipelineId: acquisitions!.id, pipelineStageId: 'stageOfAnotherOne1' },
      { pipelineId: 'pipeOfAnotherLoc01', pipelineStageId: offerSent.id },
      { pipelineId: '', pipelineStageId: offerSent.id },
      { pipelineId: 'x'.repeat(101), pipelineStageId: offerSent.id },
      { pipelineId: "x'; drop table", pipelineStageId: offerSent.id },
    ]) {
      const refused = await app.request('/api/integrations/ghl/opportunity-stage', json(headers, 'PUT', forged));
      expect(refused.status).toBe(400);
    }
    expect(await stored()).toEqual(before);

    const chosen = await chooseOfferSent(headers);
    expect(await chosen.json()).toEqual({
      chosen: { pipelineId: acquisitions!.id, pipelineStageId: offerSent.id },
      pipelineName: 'Acquisitions',
      stageName: 'Offer Sent',
    });
    expect((await (await listPipelines(headers)).json()).chosen).toEqual({
      pipelineId: acquisitions!.id,
      pipelineStageId: offerSent.id,
    });

    const removed = await api.integrations.ghl['opportunity-stage'].$delete({}, asBrowser(headers));
    expect(await removed.json()).toEqual({ removed: true });
  });

  it('asks for a key before listing pipelines, and refuses visitors', async () => {
    const { headers } = await signUpTestUser(app);
    const missing = await listPipelines(headers);
    expect(missing.status).toBe(409);
    expect(await missing.json()).toMatchObject({ code: 'ghl-key-missing' });
    expect((await listPipelines({})).status).toBe(401);
    expect((await chooseOfferSent({})).status).toBe(401);
    expect(ghl.requests).toHaveLength(0);
  });

  it('upserts the contact, notes the deal and puts it in the chosen stage; a second export updates them', async () => {
    const { headers } = await wholesaler();
    await chooseOfferSent(headers);

    const first = await exportDeal(headers);
    const firstBody = await bodyAt(first, 200);
    expect(firstBody).toMatchObject({ contactCreated: true, opportunity: { created: true } });
    expect(ghl.contacts).toHaveLength(1);
    expect(ghl.opportunities).toEqual([
      expect.objectContaining({
        id: firstBody.opportunity!.id,
        contactId: firstBody.contactId,
        pipelineId: acquisitions!.id,
        pipelineStageId: offerSent.id,
        monetaryValue: 126000,
        status: 'open',
        name: 'Cash offer: 12 Oak St, Austin, TX',
      }),
    ]);
    expect(ghl.notes[0]).toMatchObject({ contactId: firstBody.contactId });
    expect(ghl.notes[0]!.body).toContain('Cash offer: $111,000 - $126,000');
    expect(ghl.notes[0]!.body).toContain('Market value: $200,000');
    expect(ghl.notes[0]!.body).toContain('  New Roof: $9,000');
    expect(ghl.notes[0]!.body).toContain(`How the offer was computed (template: ${defaultTemplate.name}):`);

    // The seller came back with a better value: the same contact and opportunity, updated.
    const second = await exportDeal(headers, 250000);
    expect(await second.json()).toMatchObject({
      contactId: firstBody.contactId,
      contactCreated: false,
      opportunity: { id: firstBody.opportunity!.id, created: false },
    });
    expect(ghl.contacts).toHaveLength(1);
    expect(ghl.opportunities).toHaveLength(1);
    expect(ghl.opportunities[0]!.monetaryValue).toBe(161000);
    expect(ghl.notes.map((note) => note.body.split('\n')[0])).toEqual([
      'Cash offer: $111,000 - $126,000',
      'Cash offer: $146,000 - $161,000',
    ]);
  });

  it("names a lead's assignee in the note (issue 26); a saved property's note names nobody", async () => {
    const owner = await wholesaler();
    const workspaceId = owner.user.id;
    const rep = await signUpTestUser(app);
    await joinWorkspace(database().db, { workspaceId, userId: rep.user.id, role: 'acquisitions' });
    await database().db.update(user).set({ name: 'Rita Rep' }).where(eq(user.id, rep.user.id));
    const insertLead = async (assigneeUserId: string | null) => {
      const [lead] = await database()
        .db.insert(leads)
        .values({
          workspaceId,
          assigneeUserId,
          source: 'bulk-email',
          address: '9 Pine Rd, Austin, TX',
          marketValue: 180000,
          offerLow: 100000,
          offerHigh: 110000,
          responseKind: 'accepted',
        })
        .returning({ id: leads.id });
      return lead!.id;
    };
    const exportLead = (leadId: string) =>
      api.integrations.ghl.export.$post(
        { json: { source: { kind: 'lead', leadId }, contact } },
        asBrowser(owner.headers),
      );

    expect((await exportLead(await insertLead(rep.user.id))).status).toBe(200);
    expect(ghl.notes[0]!.body.split('\n').slice(0, 3)).toEqual([
      'Cash offer: $100,000 - $110,000',
      'Property: 9 Pine Rd, Austin, TX',
      'Assigned to: Rita Rep',
    ]);
    // Nobody holds the lead: the note says no name.
    expect((await exportLead(await insertLead(null))).status).toBe(200);
    expect(ghl.notes[1]!.body).not.toContain('Assigned to');
    // Nobody is recorded as holding a saved property, nor a calculation.
    const saved = await saveProperty(owner.headers);
    const { property } = await bodyAt(saved, 201);
    const exportedProperty = await exportSaved(owner.headers, property.id);
    expect(exportedProperty.status).toBe(200);
    expect((await exportDeal(owner.headers)).status).toBe(200);
    expect(ghl.notes).toHaveLength(4);
    expect(ghl.notes.slice(2).map((note) => note.body.includes('Assigned to'))).toEqual([false, false]);
  });

  it('carries the ARV from a saved property’s comps in the note (issue 28): the receipt says so, the comps follow', async () => {
    const owner = await wholesaler();
    const arvComps = {
      subject: { sqft: 1500 },
      comps: [
        { price: 205_000, soldDate: '2025-01-10', sqft: 1500, address: '101 Elm St' },
        { price: 198_000, soldDate: '2025-02-07', sqft: 1450, address: '105 Elm St' },
        { price: 201_000, soldDate: '2025-03-07', sqft: 1480, address: '109 Elm St' },
      ],
      estimate: {
        arv: calculation.marketValue,
        low: 190_000,
        high: 212_000,
        confidence: 64,
        used: [0, 1, 2].map((index) => ({ index, adjustedPrice: 200_000 })),
      },
    };
    const saved = await saveProperty(owner.headers, { kind: 'comps', arvComps });
    const { property } = await bodyAt(saved, 201);
    const exported = await exportSaved(owner.headers, property.id);
    expect(exported.status).toBe(200);
    const note = ghl.notes[0]!.body.split('\n');
    expect(note).toContain(
      '  Market value: ARV from 3 comparable sales (80 % range $190,000–$212,000, confidence 64/100): $200,000',
    );
    const comps = note.indexOf('ARV from 3 comparable sales (address · sold · price):');
    expect(note.slice(comps + 1, comps + 4)).toEqual([
      '  101 Elm St · 2025-01-10 · $205,000',
      '  105 Elm St · 2025-02-07 · $198,000',
      '  109 Elm St · 2025-03-07 · $201,000',
    ]);
    // A calculation keeps no comps: its note names none.
    expect((await exportDeal(owner.headers)).status).toBe(200);
    expect(ghl.notes[1]!.body).not.toMatch(/comparable sales|Elm St/);
  });

  it('keeps the tags a contact already has in GoHighLevel: the export adds its own, never replaces them', async () => {
    // The wholesaler's own tagging of the seller, made in GoHighLevel before any export.
    const existing = await fetch(`${ghl.url}/contacts/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, Version: '2021-07-28', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        locationId,
        email: contact.email,
        firstName: 'Mary',
        tags: ['Motivated Seller', 'Probate'],
      }),
    });
    expect(existing.status).toBe(201);
    const { headers } = await wholesaler();

    const exported = await exportDeal(headers);
    expect(exported.status).toBe(200);
    expect(await exported.json()).toMatchObject({ contactCreated: false });
    expect(ghl.contacts).toHaveLength(1);
    expect(ghl.contacts[0]!.tags).toEqual(['Motivated Seller', 'Probate', 'Cash Offer Generated', 'Calculator Export']);

    // Exporting again adds nothing twice and still removes nothing.
    await exportDeal(headers, 250000);
    expect(ghl.contacts[0]!.tags).toEqual(['Motivated Seller', 'Probate', 'Cash Offer Generated', 'Calculator Export']);
    const upserts = ghl.requests.filter((request) => request.path === '/contacts/upsert');
    expect(upserts.map((request) => (request.body as { tags?: unknown }).tags)).toEqual([undefined, undefined]);
  });

  it('creates no opportunity without a chosen stage, nor with one chosen for another location', async () => {
    const { headers } = await wholesaler();
    await chooseOfferSent(headers);
    // The user moves to another sub-account: the stage belonged to the first one.
    await saveSettings(headers, otherKey, otherLocation);
    const exported = await exportDeal(headers);
    expect(await exported.json()).toMatchObject({ contactCreated: true, opportunity: null });
    expect(ghl.opportunities).toHaveLength(0);
    expect(ghl.requests.map((request) => request.path)).not.toContain('/opportunities/search');
  });

  it('waits out a 429 as its headers say and retries; gives up at once when the day’s limit is used up', async () => {
    const { headers } = await wholesaler();
    ghl.failNext({
      status: 429,
      body: { statusCode: 429, message: 'Too Many Requests' },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-interval-milliseconds': '700' },
    });
    const retried = await exportDeal(headers);
    expect(retried.status).toBe(200);
    const [limited, again] = ghl.requests;
    expect(limited!.path).toBe('/contacts/upsert');
    expect(again!.path).toBe('/contacts/upsert');
    expect(again!.at - limited!.at).toBeGreaterThanOrEqual(650);
    expect(ghl.contacts).toHaveLength(1);
    expect(ghl.notes).toHaveLength(1);

    ghl.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    ghl.failNext({
      status: 429,
      body: { statusCode: 429, message: 'Too Many Requests' },
      headers: { 'x-ratelimit-daily-remaining': '0' },
    });
    const refused = await exportDeal(headers);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({
      error:
        "Failed to export to GoHighLevel: GoHighLevel's daily API limit for this location is used up; try again tomorrow",
    });
    expect(ghl.requests).toHaveLength(1);
    expect(ghl.contacts).toHaveLength(0);
  });

  it('stays within a location’s burst limit across the calls of one export', async () => {
    // A location allowed 4 calls per 6 s: an export with a stage makes 5 (upsert, tags, note, search, create).
    // (6 s, not less: on a loaded machine, with the suite's other workers busy, the first four calls
    // must still fall in one window; with 3 s they once spread over two.)
    const strict = await startGhlFake({ tokens: { [apiKey]: locationId }, rateLimit: { burst: 4, intervalMs: 6000 } });
    try {
      const strictApp = createTestApp(database(), { TRUST_PROXY: '1', GHL_API_URL: strict.url });
      const strictApi = typedClient(strictApp).integrations.ghl;
      const { headers } = await signUpTestUser(strictApp);
      await strictApi.settings.$put({ json: { apiKey, locationId } }, asBrowser(headers));
      strict.reset();
      await strictApi['opportunity-stage'].$put(
        { json: { pipelineId: acquisitions!.id, pipelineStageId: offerSent.id } },
        asBrowser(headers),
      );
      const exported = await strictApi.export.$post(
        { json: { source: { kind: 'calculation', calculation }, contact } },
        asBrowser(headers),
      );
      expect(exported.status).toBe(200);
      expect(strict.contacts).toHaveLength(1);
      expect(strict.notes).toHaveLength(1);
      expect(strict.opportunities).toHaveLength(1);
      // The pipeline listing, upsert, tags and note used the interval; the search was refused and sent again after it.
      const searches = strict.requests.filter((request) => request.path === '/opportunities/search');
      expect(searches).toHaveLength(2);
      expect(searches[1]!.at - searches[0]!.at).toBeGreaterThanOrEqual(5950);
    } finally {
      await strict.close();
    }
  });
});
