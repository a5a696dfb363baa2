// Issue 26: a document of a workspace's saved property or lead is readable by every member who sees
// it (it changes nothing and makes no offer link); another workspace's is not found.
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import type { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { leads, offerLinks } from '../db/schema';

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 7000);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs, template: defaultTemplate };

type Member = Awaited<ReturnType<typeof signUpTestUser>>;
type Source = { kind: 'saved'; savedPropertyId: string } | { kind: 'lead'; leadId: string };

describeEachDatabase('documents in a workspace', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });

  const newWorkspace = () => newTestWorkspace(app, database().db);
  async function saveProperty(who: Member) {
    const response = await api.properties.$post(
      { json: { ...calculation, contact: { name: 'Owner', email: '', phones: ['512-555-0199'] } } },
      asBrowser(who.headers),
    );
    return (await bodyAt(response, 201)).property.id;
  }
  async function insertLead(workspaceId: string, assigneeUserId: string | null) {
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
  }
  const documentOf = (who: Member, kind: 'offer-letter' | 'deal-sheet', source: Source) =>
    api.documents[kind].$post({ json: { source } }, asBrowser(who.headers));
  const offerLinksOf = async (workspaceId: string) =>
    (await database().db.select({ n: count() }).from(offerLinks).where(eq(offerLinks.workspaceId, workspaceId)))[0]?.n;

  it("gives every member the documents of the workspace's property, and another workspace nothing", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const viewer = await a.join('viewer');
    const source: Source = { kind: 'saved', savedPropertyId: await saveProperty(a.owner) };
    const linksBefore = await offerLinksOf(a.workspaceId);

    for (const kind of ['offer-letter', 'deal-sheet'] as const) {
      const response = await documentOf(viewer, kind, source);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      for (const outsider of [b.owner, await b.join('manager')]) {
        const refused = await documentOf(outsider, kind, source);
        expect(refused.status).toBe(404);
        expect(await refused.json()).toMatchObject({ error: 'Property not found' });
      }
    }
    expect(await offerLinksOf(a.workspaceId)).toBe(linksBefore);
  });

  it("gives a lead's documents only to members who see the lead", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const seesAll = await a.join('dispositions');
    const onlyTheirs = await a.join('acquisitions', { seesAllLeads: false });
    const unassigned = { kind: 'lead', leadId: await insertLead(a.workspaceId, null) } as const;
    const theirs = { kind: 'lead', leadId: await insertLead(a.workspaceId, onlyTheirs.user.id) } as const;

    expect((await documentOf(a.owner, 'deal-sheet', unassigned)).status).toBe(200);
    expect((await documentOf(seesAll, 'deal-sheet', unassigned)).status).toBe(200);
    expect((await documentOf(onlyTheirs, 'deal-sheet', theirs)).status).toBe(200);
    const hidden = await documentOf(onlyTheirs, 'deal-sheet', unassigned);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ error: 'Lead not found' });
    expect((await documentOf(b.owner, 'offer-letter', theirs)).status).toBe(404);
  });
});
