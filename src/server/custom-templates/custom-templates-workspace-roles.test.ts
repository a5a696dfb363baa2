// Issue 26: formula templates are the workspace's. Every member lists them; creating, changing and
// deleting need 'manage-workspace' (and Pro, as before); another workspace's template is not found.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { WorkspaceRole } from '#domain/workspaces/roles.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { customFormulaTemplates } from '../db/schema';

const template = (name: string) => ({
  name,
  description: 'Works back from the resale',
  arvMultiplier: 0.75,
  repairMultiplier: 1.1,
  minProfit: 10000,
  maxProfit: 25000,
});

type Member = Awaited<ReturnType<typeof signUpTestUser>>;

describeEachDatabase('custom formula templates in a workspace', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  /** A new Pro Owner and their own workspace (its id is theirs: test set-up only). */
  async function newProWorkspace() {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    await setWorkspacePlan(database().db, workspaceId, 'pro');
    const join = async (role: WorkspaceRole) => {
      const joined = await signUpTestUser(app);
      await joinWorkspace(database().db, { workspaceId, userId: joined.user.id, role });
      return joined;
    };
    return { owner, workspaceId, join };
  }
  const rowsOf = (workspaceId: string) =>
    database()
      .db.select()
      .from(customFormulaTemplates)
      .where(eq(customFormulaTemplates.workspaceId, workspaceId))
      .orderBy(asc(customFormulaTemplates.name));
  const names = async (who: Member) => {
    const response = await app.request('/api/custom-templates', { headers: who.headers });
    expect(response.status).toBe(200);
    return ((await response.json()) as { templates: { name: string }[] }).templates.map((kept) => kept.name);
  };
  async function create(who: Member, name: string) {
    const response = await sendJson(app, 'POST', '/api/custom-templates', who.headers, template(name));
    expect(response.status).toBe(201);
    return ((await response.json()) as { template: { id: string } }).template.id;
  }

  it("lists the workspace's templates to every member; a Manager manages them, others are refused with nothing changed", async () => {
    const { owner, workspaceId, join } = await newProWorkspace();
    const manager = await join('manager');
    const acquisitions = await join('acquisitions');
    const viewer = await join('viewer');
    const id = await create(owner, 'Owner Cut');
    await create(manager, 'Manager Cut');

    for (const who of [owner, manager, acquisitions, viewer])
      expect(await names(who)).toEqual(['Manager Cut', 'Owner Cut']);
    const before = await rowsOf(workspaceId);

    for (const who of [acquisitions, viewer, await join('dispositions')]) {
      for (const [method, path, body] of [
        ['POST', '/api/custom-templates', template('Refused')],
        ['PUT', `/api/custom-templates/${id}`, template('Renamed')],
        ['DELETE', `/api/custom-templates/${id}`, undefined],
      ] as const) {
        const refused = await sendJson(app, method, path, who.headers, body);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ code: 'not-allowed' });
      }
    }
    expect(await rowsOf(workspaceId)).toEqual(before);
    expect((await sendJson(app, 'DELETE', `/api/custom-templates/${id}`, manager.headers)).status).toBe(200);
    expect(await names(viewer)).toEqual(['Manager Cut']);
  });

  it("answers another workspace's template as not found, and never lists it", async () => {
    const a = await newProWorkspace();
    const b = await newProWorkspace();
    const id = await create(a.owner, 'Secret Cut');
    const before = await rowsOf(a.workspaceId);
    for (const outsider of [b.owner, await b.join('manager')]) {
      expect(await names(outsider)).toEqual([]);
      const renamed = await sendJson(app, 'PUT', `/api/custom-templates/${id}`, outsider.headers, template('Mine'));
      expect(renamed.status).toBe(404);
      expect((await sendJson(app, 'DELETE', `/api/custom-templates/${id}`, outsider.headers)).status).toBe(404);
    }
    expect(await rowsOf(a.workspaceId)).toEqual(before);
  });

  it("keeps the Pro check on the workspace's plan for a Manager", async () => {
    const { workspaceId, join } = await newProWorkspace();
    const manager = await join('manager');
    await setWorkspacePlan(database().db, workspaceId, 'personal');
    const refused = await sendJson(app, 'POST', '/api/custom-templates', manager.headers, template('Too Soon'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'pro-only' });
    expect(await rowsOf(workspaceId)).toEqual([]);
  });
});
