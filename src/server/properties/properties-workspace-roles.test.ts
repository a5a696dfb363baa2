// Issue 26: saved properties are the workspace's. Every member lists them; saving and deleting need
// 'work-deals', the CSV export 'bulk-send-and-export'; another workspace's property is not found.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { planMessages } from '#domain/plans/plans.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import type { signUpTestUser } from '#tests/support/test-users.ts';
import { asBrowser, bodyAt, typedClient } from '#tests/support/typed-client.ts';
import { newTestWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { savedProperties } from '../db/schema';

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000);

const saveRequest = (address: string) => ({
  address,
  marketValue: 200000,
  repairs,
  template: defaultTemplate,
  contact: { name: 'Ann Lee', email: 'ann@example.com', phones: ['512-555-0100'] },
});

type Member = Awaited<ReturnType<typeof signUpTestUser>>;

describeEachDatabase('saved properties in a workspace', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let api: ReturnType<typeof typedClient>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    api = typedClient(app);
  });

  /** A new Owner and their workspace (a new user's own workspace has their id: test set-up only). */
  const newWorkspace = () => newTestWorkspace(app, database().db);

  const save = (who: Member, address: string) =>
    api.properties.$post({ json: saveRequest(address) }, asBrowser(who.headers));
  const list = async (who: Member) => {
    const response = await api.properties.$get({ query: {} }, asBrowser(who.headers));
    const { properties } = await bodyAt(response, 200);
    return properties.map((property) => property.address).sort();
  };
  const remove = (who: Member, id: string) => api.properties[':id'].$delete({ param: { id } }, asBrowser(who.headers));
  const rowsOf = (workspaceId: string) =>
    database()
      .db.select()
      .from(savedProperties)
      .where(eq(savedProperties.workspaceId, workspaceId))
      .orderBy(asc(savedProperties.address));
  const exportCsv = (who: Member) => api.properties['export.csv'].$get({}, asBrowser(who.headers));

  it("lists the workspace's properties to every member, and counts every member's saves toward its plan limit", async () => {
    const { owner, workspaceId, join } = await newWorkspace();
    const acquisitions = await join('acquisitions');
    const viewer = await join('viewer');
    expect((await save(owner, '1 Owner St')).status).toBe(201);
    expect((await save(owner, '2 Owner St')).status).toBe(201);
    expect((await save(acquisitions, '3 Acquisitions St')).status).toBe(201);

    expect(await list(viewer)).toEqual(['1 Owner St', '2 Owner St', '3 Acquisitions St']);
    expect(await list(acquisitions)).toEqual(['1 Owner St', '2 Owner St', '3 Acquisitions St']);
    // Saved into the workspace the session works in, not the member's own.
    expect(await rowsOf(acquisitions.user.id)).toHaveLength(0);

    // Free: 3 per workspace, whoever saves the fourth.
    for (const who of [owner, acquisitions]) {
      const refused = await save(who, '4 Over St');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: planMessages.limitReached(3) });
    }
    expect(await rowsOf(workspaceId)).toHaveLength(3);

    const plan = await api.subscription.$get({}, asBrowser(viewer.headers));
    expect(await plan.json()).toEqual({ plan: 'free', currentPeriodEnd: null, savedCount: 3, limit: 3 });
  });

  it('keeps the plan limit per workspace when members save at the same time', async () => {
    const { owner, workspaceId, join } = await newWorkspace();
    const members = [owner, await join('acquisitions'), await join('manager')];
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => save(members[index % 3]!, `${index} Race St`)));
    // The plan limit's 403 is thrown and answered by app.onError: not among the route's typed statuses.
    const statuses: number[] = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 403)).toHaveLength(3);
    expect(await rowsOf(workspaceId)).toHaveLength(3);
  });

  it("refuses a Viewer's save, delete and export with nothing changed", async () => {
    const { owner, workspaceId, join } = await newWorkspace();
    await setWorkspacePlan(database().db, workspaceId, 'pro');
    const viewer = await join('viewer');
    expect((await save(owner, '1 Kept St')).status).toBe(201);
    const before = await rowsOf(workspaceId);

    const saved = await save(viewer, '2 Refused St');
    expect(saved.status).toBe(403);
    expect(await saved.json()).toEqual({ error: workspaceMessages.notAllowed, code: 'not-allowed' });
    const deleted = await remove(viewer, before[0]!.id);
    expect(deleted.status).toBe(403);
    expect((await exportCsv(viewer)).status).toBe(403);

    expect(await rowsOf(workspaceId)).toEqual(before);
    expect(await rowsOf(viewer.user.id)).toHaveLength(0);
  });

  it("answers another workspace's property as not found, and never lists or exports it", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const bManager = await b.join('manager');
    for (const workspace of [a, b]) await setWorkspacePlan(database().db, workspace.workspaceId, 'pro');
    expect((await save(a.owner, '1 Secret St')).status).toBe(201);
    const [secret] = await rowsOf(a.workspaceId);

    for (const outsider of [b.owner, bManager]) {
      const deleted = await remove(outsider, secret!.id);
      expect(deleted.status).toBe(404);
      expect(await list(outsider)).toEqual([]);
      const csv = await exportCsv(outsider);
      expect(csv.status).toBe(200);
      expect(await csv.text()).not.toContain('Secret');
    }
    expect(await rowsOf(a.workspaceId)).toEqual([secret]);
  });

  it('lets an Acquisitions member export the CSV only with the switch, and still only on a plan that exports', async () => {
    const { owner, workspaceId, join } = await newWorkspace();
    await setWorkspacePlan(database().db, workspaceId, 'personal');
    expect((await save(owner, '1 Export St')).status).toBe(201);
    const without = await join('acquisitions');
    const withSwitch = await join('acquisitions', { mayBulkSendAndExport: true });

    const refused = await exportCsv(without);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'not-allowed' });

    const allowed = await exportCsv(withSwitch);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('1 Export St');

    await setWorkspacePlan(database().db, workspaceId, 'free');
    const free = await exportCsv(withSwitch);
    expect(free.status).toBe(403);
    expect(await free.json()).not.toMatchObject({ code: 'not-allowed' });
  });

  it("lets a Manager delete the workspace's property on Pro", async () => {
    const { owner, workspaceId, join } = await newWorkspace();
    await setWorkspacePlan(database().db, workspaceId, 'pro');
    const manager = await join('manager');
    expect((await save(owner, '1 Gone St')).status).toBe(201);
    const [row] = await rowsOf(workspaceId);
    const deleted = await remove(manager, row!.id);
    expect(deleted.status).toBe(200);
    expect(await rowsOf(workspaceId)).toEqual([]);
  });
});
