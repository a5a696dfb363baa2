import { expect, it, vi } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase, openTestDatabase } from '#tests/support/test-database.ts';

describeEachDatabase('GET /api/health', (database, kind) => {
  it('answers 200 when the database answers', async () => {
    const response = await createTestApp(database()).request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: kind });
  });
});

it('answers 503 when the database does not answer', async () => {
  const database = await openTestDatabase('pglite');
  const app = createTestApp(database);
  await database.close();
  vi.mocked(console.error).mockImplementation(() => {});
  const response = await app.request('/api/health');
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ status: 'unavailable' });
});
