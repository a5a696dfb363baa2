// Issue 26: integration settings (GoHighLevel key and pipeline stage, spreadsheet webhook) are the
// workspace's. Every member reads whether they are set; changing them is 'manage-workspace';
// exporting a deal is 'bulk-send-and-export'; another workspace's property is not found.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { startGhlFake, type GhlFake } from '#tests/fakes/ghl-fake.ts';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { wholesalerSettings } from '../db/schema';

const apiKey = 'pit-workspace-token-0001';
const locationId = 'loc-workspace-0001';
const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs, template: defaultTemplate };
const contact = { name: 'Mary Ann Lee', email: 'mary@example.com', phone: '512-555-0100' };
const sheetsContact = { ...contact, city: 'Austin', state: 'tx', zipCode: '78701' };

type Member = Awaited<ReturnType<typeof signUpTestUser>>;

describeEachDatabase('integrations in a workspace', (database) => {
  let ghl: GhlFake;
  let operatorSheet: WebhookFake;
  let ownSheet: WebhookFake;
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;

  beforeAll(async () => {
    [ghl, operatorSheet, ownSheet] = await Promise.all([
      startGhlFake({ tokens: { [apiKey]: locationId } }),
      startWebhookFake(),
      startWebhookFake(),
    ]);
    app = createTestApp(database(), {
      TRUST_PROXY: '1',
      GHL_API_URL: ghl.url,
      SHEETS_WEBHOOK_URL: operatorSheet.url,
      ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    });
    api = typedClient(app);
  });
  afterAll(() => Promise.all([ghl.close(), operatorSheet.close(), ownSheet.close()]));
  beforeEach(() => {
    ghl.reset();
    operatorSheet.reset();
    ownSheet.reset();
  });

  const newWorkspace = () => newTestWorkspace(app, database().db);
  const settingsOf = (workspaceId: string) =>
    database()
      .db.select()
      .from(wholesalerSettings)
      .where(eq(wholesalerSettings.workspaceId, workspaceId))
      .orderBy(asc(wholesalerSettings.settingName));
  const readGhlSettings = async (who: Member) =>
    bodyAt(await api.integrations.ghl.settings.$get({}, asBrowser(who.headers)), 200);
  const readSheetsSettings = async (who: Member) =>
    bodyAt(await api.integrations.sheets.settings.$get({}, asBrowser(who.headers)), 200);
  const putGhlSettings = (who: Member) =>
    api.integrations.ghl.settings.$put({ json: { apiKey, locationId } }, asBrowser(who.headers));
  async function saveProperty(who: Member) {
    const response = await api.properties.$post(
      { json: { ...calculation, contact: { name: 'Owner', email: '', phones: ['512-555-0199'] } } },
      asBrowser(who.headers),
    );
    return (await bodyAt(response, 201)).property.id;
  }
  const ghlExport = (who: Member, savedPropertyId: string) =>
    api.integrations.ghl.export.$post(
      { json: { source: { kind: 'saved', savedPropertyId }, contact } },
      asBrowser(who.headers),
    );
  const sheetsExport = (who: Member, savedPropertyId: string) =>
    api.integrations.sheets.export.$post(
      { json: { source: { kind: 'saved', savedPropertyId }, contact: sheetsContact } },
      asBrowser(who.headers),
    );

  it("shows every member whether the workspace's settings are set, and lets only an Owner or Manager change them", async () => {
    const { owner, workspaceId, join } = await newWorkspace();
    const put = await putGhlSettings(owner);
    expect(put.status).toBe(200);
    const manager = await join('manager');
    const viewer = await join('viewer');
    const acquisitions = await join('acquisitions', { mayBulkSendAndExport: true });
    const dispositions = await join('dispositions');
    const outsider = await signUpTestUser(app);

    for (const who of [manager, viewer, acquisitions, dispositions]) {
      expect(await readGhlSettings(who)).toMatchObject({ configured: true, locationId });
    }
    expect(await readGhlSettings(outsider)).toMatchObject({ configured: false });

    // The Manager connects the workspace's own spreadsheet: every member sees it is set.
    const sheet = await api.integrations.sheets.settings.$put(
      { json: { webhookUrl: ownSheet.url } },
      asBrowser(manager.headers),
    );
    expect(sheet.status).toBe(200);
    expect(await readSheetsSettings(viewer)).toMatchObject({ configured: true });
    expect(await readSheetsSettings(outsider)).toMatchObject({ configured: false });

    const before = await settingsOf(workspaceId);
    const changes: [string, string, unknown?][] = [
      ['PUT', '/api/integrations/ghl/settings', { apiKey: 'pit-someone-else-0002', locationId: 'loc-other' }],
      ['DELETE', '/api/integrations/ghl/settings'],
      ['PUT', '/api/integrations/ghl/opportunity-stage', { pipelineId: 'p1', pipelineStageId: 's1' }],
      ['DELETE', '/api/integrations/ghl/opportunity-stage'],
      ['PUT', '/api/integrations/sheets/settings', { webhookUrl: operatorSheet.url }],
      ['DELETE', '/api/integrations/sheets/settings'],
      ['POST', '/api/integrations/sheets/test'],
    ];
    for (const who of [viewer, acquisitions, dispositions]) {
      for (const [method, path, body] of changes) {
        const refused = await sendJson(app, method, path, who.headers, body);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(await refused.json()).toMatchObject({ code: 'not-allowed' });
      }
    }
    // Another workspace's Owner removes only their own (nothing).
    const removed = await api.integrations.ghl.settings.$delete({}, asBrowser(outsider.headers));
    expect(await removed.json()).toEqual({ removed: false });

    expect(await settingsOf(workspaceId)).toEqual(before);
    expect(ghl.requests).toEqual([]);
    expect(operatorSheet.requests).toEqual([]);
    expect(ownSheet.requests).toEqual([]);
  });

  it("lets an Acquisitions member export the workspace's property only with the switch; nothing leaves otherwise", async () => {
    const { owner, join } = await newWorkspace();
    const put = await putGhlSettings(owner);
    expect(put.status).toBe(200);
    const propertyId = await saveProperty(owner);
    const without = await join('acquisitions');
    const viewer = await join('viewer');
    const withSwitch = await join('acquisitions', { mayBulkSendAndExport: true });

    for (const who of [without, viewer]) {
      for (const response of [await ghlExport(who, propertyId), await sheetsExport(who, propertyId)]) {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'not-allowed' });
      }
    }
    expect(ghl.requests).toEqual([]);
    expect(operatorSheet.requests).toEqual([]);

    const exported = await ghlExport(withSwitch, propertyId);
    expect(exported.status).toBe(200);
    expect(ghl.contacts).toHaveLength(1);
    expect((await sheetsExport(withSwitch, propertyId)).status).toBe(200);
    expect(operatorSheet.requests).toHaveLength(1);
  });

  it("answers another workspace's property as not found, before anything is sent", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const propertyId = await saveProperty(a.owner);
    const put = await putGhlSettings(b.owner);
    expect(put.status).toBe(200);
    const bManager = await b.join('manager');

    for (const outsider of [b.owner, bManager]) {
      for (const response of [await ghlExport(outsider, propertyId), await sheetsExport(outsider, propertyId)]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ error: 'Property not found' });
      }
    }
    expect(ghl.requests).toEqual([]);
    expect(operatorSheet.requests).toEqual([]);
  });
});
