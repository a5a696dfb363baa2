// Issue 26: integration settings (GoHighLevel key and pipeline stage, spreadsheet webhook) are the
// workspace's. Every member reads whether they are set; changing them is 'manage-workspace';
// exporting a deal is 'bulk-send-and-export'; another workspace's property is not found.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { defaultTemplate } from '../../domain/offer/built-in-templates';
import { defaultRepairCatalog } from '../../domain/repairs/repair-catalog';
import { setRepairCost, toggleRepair } from '../../domain/repairs/repair-state';
import { startGhlFake, type GhlFake } from '../../../tests/fakes/ghl-fake';
import { startWebhookFake, type WebhookFake } from '../../../tests/fakes/webhook-fake';
import { sendJson } from '../../../tests/support/send-json';
import { createTestApp } from '../../../tests/support/test-app';
import { describeEachDatabase } from '../../../tests/support/test-database';
import { signUpTestUser } from '../../../tests/support/test-users';
import { newTestWorkspace } from '../../../tests/support/workspaces';
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
  const read = async (who: Member, path: string) => {
    const response = await app.request(path, { headers: who.headers });
    expect(response.status).toBe(200);
    return response.json();
  };
  async function saveProperty(who: Member) {
    const response = await sendJson(app, 'POST', '/api/properties', who.headers, {
      ...calculation,
      contact: { name: 'Owner', email: '', phones: ['512-555-0199'] },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { property: { id: string } }).property.id;
  }
  const ghlExport = (who: Member, savedPropertyId: string) =>
    sendJson(app, 'POST', '/api/integrations/ghl/export', who.headers, {
      source: { kind: 'saved', savedPropertyId },
      contact,
    });
  const sheetsExport = (who: Member, savedPropertyId: string) =>
    sendJson(app, 'POST', '/api/integrations/sheets/export', who.headers, {
      source: { kind: 'saved', savedPropertyId },
      contact: sheetsContact,
    });

  it("shows every member whether the workspace's settings are set, and lets only an Owner or Manager change them", async () => {
    const { owner, workspaceId, join } = await newWorkspace();
    const put = await sendJson(app, 'PUT', '/api/integrations/ghl/settings', owner.headers, { apiKey, locationId });
    expect(put.status).toBe(200);
    const manager = await join('manager');
    const viewer = await join('viewer');
    const acquisitions = await join('acquisitions', { mayBulkSendAndExport: true });
    const dispositions = await join('dispositions');
    const outsider = await signUpTestUser(app);

    for (const who of [manager, viewer, acquisitions, dispositions]) {
      expect(await read(who, '/api/integrations/ghl/settings')).toMatchObject({ configured: true, locationId });
    }
    expect(await read(outsider, '/api/integrations/ghl/settings')).toMatchObject({ configured: false });

    // The Manager connects the workspace's own spreadsheet: every member sees it is set.
    const sheet = await sendJson(app, 'PUT', '/api/integrations/sheets/settings', manager.headers, {
      webhookUrl: ownSheet.url,
    });
    expect(sheet.status).toBe(200);
    expect(await read(viewer, '/api/integrations/sheets/settings')).toMatchObject({ configured: true });
    expect(await read(outsider, '/api/integrations/sheets/settings')).toMatchObject({ configured: false });

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
    const removed = await sendJson(app, 'DELETE', '/api/integrations/ghl/settings', outsider.headers);
    expect(await removed.json()).toEqual({ removed: false });

    expect(await settingsOf(workspaceId)).toEqual(before);
    expect(ghl.requests).toEqual([]);
    expect(operatorSheet.requests).toEqual([]);
    expect(ownSheet.requests).toEqual([]);
  });

  it("lets an Acquisitions member export the workspace's property only with the switch; nothing leaves otherwise", async () => {
    const { owner, join } = await newWorkspace();
    const put = await sendJson(app, 'PUT', '/api/integrations/ghl/settings', owner.headers, { apiKey, locationId });
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
    const put = await sendJson(app, 'PUT', '/api/integrations/ghl/settings', b.owner.headers, { apiKey, locationId });
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
