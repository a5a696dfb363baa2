import { describe, expect, it } from 'vitest';
import { builtInTemplates } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { openPgliteDatabase } from '../db/database';

describeEachDatabase('calculator reference data', (database) => {
  it('serves the built-in templates seeded by migration, sorted by name', async () => {
    const response = await createTestApp(database()).request('/api/calculator/templates');
    expect(response.status).toBe(200);
    const { templates } = (await response.json()) as { templates: unknown[] };
    expect(templates).toEqual(builtInTemplates);
  });

  it('serves the repair catalog in the spec order', async () => {
    const response = await createTestApp(database()).request('/api/calculator/repairs');
    const { repairs } = (await response.json()) as { repairs: unknown[] };
    expect(repairs).toEqual(
      defaultRepairCatalog.map(({ name, description, minCost, maxCost }) => ({ name, description, minCost, maxCost })),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await createTestApp(database()).request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });
});

describe('seeding', () => {
  it('seeds once when the database is opened twice', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'seed-twice-'));
    try {
      for (let start = 0; start < 2; start++) {
        const database = await openPgliteDatabase({ dataDir });
        const response = await createTestApp(database).request('/api/calculator/templates');
        const { templates } = (await response.json()) as { templates: unknown[] };
        expect(templates).toHaveLength(builtInTemplates.length);
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
