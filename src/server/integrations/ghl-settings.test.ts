import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser, TEST_ORIGIN } from '#tests/support/test-users.ts';
import { wholesalerSettings } from '../db/schema';
import { readGhlSettings } from './ghl-settings-store';
import { createSettingsCipher } from './settings-cipher';

const apiKey = 'pit-1f2e3d4c-5b6a-7980-aabb-ccddeeff9876';
const locationId = 've9EPM428h8vShlRW1KT';

const send = (method: string, headers: Record<string, string>, body?: unknown): RequestInit => ({
  method,
  headers: { ...headers, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

describeEachDatabase('GoHighLevel key settings', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  it('starts with no key, stores one encrypted and shows only its last four characters', async () => {
    const { headers, user } = await signUpTestUser(app);
    const empty = await app.request('/api/integrations/ghl/settings', { headers });
    expect(await empty.json()).toEqual({ configured: false, unreadable: false, last4: null, locationId: null });

    const saved = await app.request(
      '/api/integrations/ghl/settings',
      send('PUT', headers, { apiKey: ` ${apiKey} `, locationId }),
    );
    expect(saved.status).toBe(200);
    const savedText = await saved.text();
    expect(savedText).not.toContain(apiKey.slice(0, -4));
    expect(JSON.parse(savedText)).toEqual({ configured: true, unreadable: false, last4: '9876', locationId });

    const read = await app.request('/api/integrations/ghl/settings', { headers });
    expect(await read.json()).toEqual({ configured: true, unreadable: false, last4: '9876', locationId });

    // At rest: rows named ghl_api_key and ghl_location_id (§3), values sealed, no trace of the key or location id in the row.
    const rows = await database()
      .db.select()
      .from(wholesalerSettings)
      .where(eq(wholesalerSettings.workspaceId, user.id));
    expect(rows.map((row) => row.settingName).sort()).toEqual(['ghl_api_key', 'ghl_location_id']);
    for (const row of rows) {
      expect(row.settingValue).toMatch(/^v1:/);
      expect(row.settingValue).not.toContain(apiKey);
      expect(row.settingValue).not.toContain('9876');
      expect(row.settingValue).not.toContain(locationId);
    }
  });

  it('replaces and removes the key', async () => {
    const { headers, user } = await signUpTestUser(app);
    await app.request('/api/integrations/ghl/settings', send('PUT', headers, { apiKey, locationId }));
    const replaced = await app.request(
      '/api/integrations/ghl/settings',
      send('PUT', headers, { apiKey: 'pit-replacement-key-0000-4321', locationId: 'other-loc' }),
    );
    expect(await replaced.json()).toMatchObject({ configured: true, last4: '4321', locationId: 'other-loc' });
    expect(
      await database().db.select().from(wholesalerSettings).where(eq(wholesalerSettings.workspaceId, user.id)),
    ).toHaveLength(2);

    const removed = await app.request('/api/integrations/ghl/settings', send('DELETE', headers));
    expect(await removed.json()).toEqual({ removed: true });
    expect(await (await app.request('/api/integrations/ghl/settings', { headers })).json()).toMatchObject({
      configured: false,
    });
    expect(
      await database().db.select().from(wholesalerSettings).where(eq(wholesalerSettings.workspaceId, user.id)),
    ).toHaveLength(0);
  });

  it('keeps each user’s key to that user', async () => {
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    await app.request('/api/integrations/ghl/settings', send('PUT', owner.headers, { apiKey, locationId }));
    expect(
      await (await app.request('/api/integrations/ghl/settings', { headers: other.headers })).json(),
    ).toMatchObject({ configured: false });
    await app.request('/api/integrations/ghl/settings', send('DELETE', other.headers));
    expect(
      await (await app.request('/api/integrations/ghl/settings', { headers: owner.headers })).json(),
    ).toMatchObject({ configured: true });

    // A sealed value copied into another workspace's row does not open there.
    const ownerRows = await database()
      .db.select()
      .from(wholesalerSettings)
      .where(eq(wholesalerSettings.workspaceId, owner.user.id));
    await database()
      .db.insert(wholesalerSettings)
      .values(ownerRows.map((row) => ({ ...row, workspaceId: other.user.id })));
    expect(await (await app.request('/api/integrations/ghl/settings', { headers: other.headers })).json()).toEqual({
      configured: false,
      unreadable: true,
      last4: null,
      locationId: null,
    });
  });

  it('cannot read the key under another server secret', async () => {
    const { headers, user } = await signUpTestUser(app);
    await app.request('/api/integrations/ghl/settings', send('PUT', headers, { apiKey, locationId }));
    const rotated = createSettingsCipher('another-server-secret-0123456789-abcdef');
    expect(await readGhlSettings(database().db, rotated, user.id)).toEqual({ status: 'unreadable' });
  });

  it.each([
    [{ apiKey: '', locationId }, 'API key is required'],
    [{ apiKey, locationId: '' }, 'Location ID is required'],
    [{ apiKey: 'has space', locationId }, 'API key must not contain spaces'],
  ])('refuses %j with 400', async (body, message) => {
    const { headers } = await signUpTestUser(app);
    const response = await app.request('/api/integrations/ghl/settings', send('PUT', headers, body));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message });
  });

  it('refuses anonymous callers', async () => {
    const origin = { origin: TEST_ORIGIN };
    expect((await app.request('/api/integrations/ghl/settings', { headers: origin })).status).toBe(401);
    expect(
      (await app.request('/api/integrations/ghl/settings', send('PUT', origin, { apiKey, locationId }))).status,
    ).toBe(401);
    expect((await app.request('/api/integrations/ghl/settings', send('DELETE', origin))).status).toBe(401);
    expect((await app.request('/api/integrations/ghl/test', send('POST', origin))).status).toBe(401);
  });
});
