import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { customFormulaTemplates, subscriptions } from '../db/schema';
import { MAX_CUSTOM_TEMPLATES } from './custom-templates';

type TestApp = ReturnType<typeof createTestApp>;

const fullTemplate = {
  name: 'Full Cost',
  description: 'Works back from the resale',
  arvMultiplier: 0.75,
  repairMultiplier: 1.1,
  minProfit: 10000,
  maxProfit: 25000,
  buyingClosingCosts: 3000,
  holdingMonths: 4,
  holdingMonthlyCost: 1500,
  sellingCostPercent: 6,
  financingCosts: 2500,
  assignmentFee: 10000,
};

const send = (app: TestApp, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  app.request(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

describeEachDatabase('custom formula templates', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database());
  });

  const setPlan = async (userId: string, plan: 'free' | 'pro') => {
    await database().db.insert(subscriptions).values({ workspaceId: userId, plan }).onConflictDoUpdate({
      target: subscriptions.workspaceId,
      set: { plan },
    });
  };
  const storedFor = (userId: string) =>
    database().db.select().from(customFormulaTemplates).where(eq(customFormulaTemplates.workspaceId, userId));

  async function proUser() {
    const user = await signUpTestUser(app);
    await setPlan(user.user.id, 'pro');
    return user;
  }

  it('lets a Pro user create, list, edit and delete templates of their own, cost lines and all', async () => {
    const { headers, user } = await proUser();
    const created = await send(app, 'POST', '/api/custom-templates', headers, fullTemplate);
    expect(created.status).toBe(201);
    const { template } = (await created.json()) as { template: { id: string } };
    expect(template).toEqual({ id: expect.any(String), ...fullTemplate });

    const listed = await send(app, 'GET', '/api/custom-templates', headers);
    expect(await listed.json()).toEqual({ templates: [template] });

    const edited = await send(app, 'PUT', `/api/custom-templates/${template.id}`, headers, {
      ...fullTemplate,
      name: 'Full Cost 2',
      assignmentFee: 0,
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { template: unknown }).template).toMatchObject({
      name: 'Full Cost 2',
      assignmentFee: 0,
    });

    expect((await send(app, 'DELETE', `/api/custom-templates/${template.id}`, headers)).status).toBe(200);
    expect(await storedFor(user.id)).toEqual([]);
  });

  it('refuses Free and downgraded users any change, while a downgraded user keeps and lists theirs', async () => {
    const free = await signUpTestUser(app);
    const refused = await send(app, 'POST', '/api/custom-templates', free.headers, fullTemplate);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Saving your own formula templates is available with the Pro plan',
      code: 'pro-only',
    });
    expect(await storedFor(free.user.id)).toEqual([]);

    const { headers, user } = await proUser();
    const { template } = (await (await send(app, 'POST', '/api/custom-templates', headers, fullTemplate)).json()) as {
      template: { id: string };
    };
    await setPlan(user.id, 'free');
    expect(
      (await send(app, 'PUT', `/api/custom-templates/${template.id}`, headers, { ...fullTemplate, name: 'X' })).status,
    ).toBe(403);
    expect((await send(app, 'DELETE', `/api/custom-templates/${template.id}`, headers)).status).toBe(403);
    const listed = (await (await send(app, 'GET', '/api/custom-templates', headers)).json()) as {
      templates: unknown[];
    };
    expect(listed.templates).toEqual([expect.objectContaining({ name: 'Full Cost' })]);
  });

  it('answers another user’s template as unknown for every change, and changes nothing', async () => {
    const owner = await proUser();
    const other = await proUser();
    const { template } = (await (
      await send(app, 'POST', '/api/custom-templates', owner.headers, fullTemplate)
    ).json()) as {
      template: { id: string };
    };
    const stolen = await send(app, 'PUT', `/api/custom-templates/${template.id}`, other.headers, {
      ...fullTemplate,
      name: 'Mine',
    });
    expect(stolen.status).toBe(404);
    expect((await send(app, 'DELETE', `/api/custom-templates/${template.id}`, other.headers)).status).toBe(404);
    expect((await send(app, 'PUT', '/api/custom-templates/not-an-id', other.headers, fullTemplate)).status).toBe(400);
    expect(await (await send(app, 'GET', '/api/custom-templates', other.headers)).json()).toEqual({ templates: [] });
    expect(await storedFor(owner.user.id)).toEqual([expect.objectContaining({ name: 'Full Cost' })]);
    expect((await send(app, 'GET', '/api/custom-templates', {})).status).toBe(401);
  });

  it('refuses a taken name in any letter case, a built-in’s name and invalid figures, storing nothing', async () => {
    const { headers, user } = await proUser();
    await send(app, 'POST', '/api/custom-templates', headers, fullTemplate);
    const taken = await send(app, 'POST', '/api/custom-templates', headers, { ...fullTemplate, name: 'FULL COST' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'You already have a template with this name', field: 'name' });
    const builtIn = await send(app, 'POST', '/api/custom-templates', headers, {
      ...fullTemplate,
      name: 'standard wholesale',
    });
    expect(builtIn.status).toBe(409);
    for (const body of [
      { ...fullTemplate, name: 'A', arvMultiplier: 0 },
      { ...fullTemplate, name: 'B', sellingCostPercent: 25 },
      { ...fullTemplate, name: 'C', minProfit: 30000, maxProfit: 20000 },
      { ...fullTemplate, name: 'D', assignmentFee: 'lots' },
      '{"name":',
    ]) {
      const refused = await send(app, 'POST', '/api/custom-templates', headers, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toHaveProperty('error');
    }
    expect(await storedFor(user.id)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_CUSTOM_TEMPLATES} templates per user`, async () => {
    const { headers, user } = await proUser();
    await database()
      .db.insert(customFormulaTemplates)
      .values(
        Array.from({ length: MAX_CUSTOM_TEMPLATES }, (_, index) => ({
          workspaceId: user.id,
          name: `T${index}`,
          formula: { arvMultiplier: 0.7, repairMultiplier: 1, minProfit: 0, maxProfit: 0 },
        })),
      );
    const refused = await send(app, 'POST', '/api/custom-templates', headers, fullTemplate);
    expect(refused.status).toBe(409);
    expect(await storedFor(user.id)).toHaveLength(MAX_CUSTOM_TEMPLATES);
  });
});
