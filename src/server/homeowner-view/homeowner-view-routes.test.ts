// Issue 42 part 7: what a workspace's homeowners see of its offers is an Owner's or Manager's
// choice; the offer link and the personal page's offer carry only that, and nothing else.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultHomeownerView, type HomeownerView } from '#domain/offer/homeowner-view.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import type { WorkspaceRole } from '#domain/workspaces/roles.ts';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { leeHomesProfile } from '#tests/support/test-users.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { wholesalerSettings } from '../db/schema';

type TestApp = ReturnType<typeof createTestApp>;

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000);
const calculation = { address: '12 Oak St, Austin, TX', marketValue: 200000, repairs };
const rangeOnly: HomeownerView = { detail: 'range', netSheet: false };

describeEachDatabase('what homeowners see of an offer', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const storedView = (workspaceId: string) =>
    database()
      .db.select({ value: wholesalerSettings.settingValue })
      .from(wholesalerSettings)
      .where(
        and(eq(wholesalerSettings.workspaceId, workspaceId), eq(wholesalerSettings.settingName, 'homeowner-view')),
      );
  const put = (headers: Record<string, string>, body: unknown) =>
    sendJson(app, 'PUT', '/api/homeowner-view', headers, body);
  const get = async (headers: Record<string, string>) =>
    (await (await sendJson(app, 'GET', '/api/homeowner-view', headers)).json()) as HomeownerView;

  /** A workspace whose Owner has a personal page and has shared an offer link. */
  async function workspaceWithOffer() {
    const workspace = await newTestWorkspace(app, database().db);
    const handle = `lee-${randomUUID().slice(0, 8)}`;
    expect((await sendJson(app, 'PUT', '/api/profile', workspace.owner.headers, leeHomesProfile(handle))).status).toBe(
      200,
    );
    const shared = await sendJson(app, 'POST', '/api/offer-links', workspace.owner.headers, {
      from: 'calculation',
      calculation: { ...calculation, template: defaultTemplate },
    });
    expect(shared.status).toBe(201);
    const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
    return { ...workspace, handle, token };
  }
  const openOffer = async (token: string) =>
    (await (await sendJson(app, 'GET', `/api/public/offers/${token}`, {})).json()) as Record<string, unknown>;

  it('shows the whole math and the net sheet until an Owner chooses, then only the range', async () => {
    const { owner, token } = await workspaceWithOffer();
    const before = await openOffer(token);
    expect(before).toMatchObject({ detail: 'whole-math', netSheet: true, marketValue: 200000, totalRepairCost: 9000 });
    expect(before.formula).not.toBeNull();
    expect(await get(owner.headers)).toEqual(defaultHomeownerView);

    const saved = await put(owner.headers, rangeOnly);
    expect(saved.status).toBe(200);
    expect(await get(owner.headers)).toEqual(rangeOnly);

    const after = await openOffer(token);
    expect(after).toMatchObject({ detail: 'range', netSheet: false, offerRange: before.offerRange });
    expect(after).toMatchObject({ marketValue: null, repairs: null, totalRepairCost: null, formula: null });
    expect(after.nearbySales).toEqual([]);
    const body = JSON.stringify(after);
    expect(body).not.toContain('New Roof');
    expect(body).not.toContain('200000');
  });

  it('writes the offer letter with no more than the page shows', async () => {
    const { owner, token } = await workspaceWithOffer();
    const letterText = async () => {
      const letter = await sendJson(app, 'GET', `/api/public/offers/${token}/letter.pdf`, {});
      expect(letter.status).toBe(200);
      return (await readPdfText(new Uint8Array(await letter.arrayBuffer()))).text;
    };
    const whole = await letterText();
    expect(whole).toContain('$200,000');
    expect(whole).toContain('New Roof');

    expect((await put(owner.headers, { detail: 'range-with-repairs', netSheet: true })).status).toBe(200);
    const withRepairs = await letterText();
    expect(withRepairs).toContain('New Roof ($9,000)');
    expect(withRepairs).not.toContain('$200,000');

    expect((await put(owner.headers, rangeOnly)).status).toBe(200);
    const range = await letterText();
    expect(range).toContain('$111,000');
    expect(range).not.toContain('New Roof');
    expect(range).not.toContain('$200,000');
  });

  it('keeps the repairs for a Manager’s "range with repairs", and the personal page’s offer follows it', async () => {
    const { join, handle } = await workspaceWithOffer();
    const manager = await join('manager');
    expect((await put(manager.headers, { detail: 'range-with-repairs', netSheet: false })).status).toBe(200);
    const page = await sendJson(app, 'GET', `/api/public/wholesalers/${handle}`, {});
    expect(await page.json()).toMatchObject({ homeownerView: { detail: 'range-with-repairs', netSheet: false } });
    const created = await sendJson(app, 'POST', `/api/public/wholesalers/${handle}/offers`, {}, calculation);
    expect(created.status).toBe(201);
    const { offer } = (await created.json()) as { offer: Record<string, unknown> };
    expect(offer).toMatchObject({
      detail: 'range-with-repairs',
      marketValue: null,
      totalRepairCost: 9000,
      formula: null,
    });
    expect(offer.repairs).toEqual([{ name: 'New Roof', cost: 9000 }]);
  });

  for (const role of ['viewer', 'acquisitions', 'dispositions'] satisfies WorkspaceRole[])
    it(`refuses a ${role}'s change, with nothing changed`, async () => {
      const { owner, workspaceId, join, token } = await workspaceWithOffer();
      expect((await put(owner.headers, { detail: 'range-with-repairs', netSheet: true })).status).toBe(200);
      const storedBefore = await storedView(workspaceId);
      const member = await join(role);
      expect(await get(member.headers)).toEqual({ detail: 'range-with-repairs', netSheet: true });

      const refused = await put(member.headers, rangeOnly);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'not-allowed' });
      expect(await storedView(workspaceId)).toEqual(storedBefore);
      expect(await openOffer(token)).toMatchObject({ detail: 'range-with-repairs', totalRepairCost: 9000 });
    });

  it('changes only the Owner’s own workspace: another workspace’s offers keep the whole math', async () => {
    const victim = await workspaceWithOffer();
    const attacker = await workspaceWithOffer();
    expect((await put(attacker.owner.headers, rangeOnly)).status).toBe(200);
    expect(await storedView(victim.workspaceId)).toEqual([]);
    expect(await openOffer(victim.token)).toMatchObject({ detail: 'whole-math', netSheet: true, marketValue: 200000 });
    expect(await openOffer(attacker.token)).toMatchObject({ detail: 'range', marketValue: null });
  });

  it('refuses a malformed choice or a stranger with a clear error, with nothing changed', async () => {
    const { owner, workspaceId, token } = await workspaceWithOffer();
    for (const body of [
      { detail: 'everything', netSheet: true },
      { detail: 'range' },
      { detail: 'range', netSheet: 'no' },
      { detail: 'range', netSheet: false, formula: true },
      '{"detail":',
    ]) {
      const refused = await put(owner.headers, body);
      expect(refused.status).toBe(400);
      expect(await refused.text()).not.toMatch(/\bat \w+ \(/);
    }
    expect((await put({}, rangeOnly)).status).toBe(401);
    expect(await storedView(workspaceId)).toEqual([]);
    expect(await openOffer(token)).toMatchObject({ detail: 'whole-math', marketValue: 200000 });
  });
});
