import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '#server/app-context.ts';
import { createApp } from '#server/app.ts';
import type { DatabaseConnection } from '#server/db/database.ts';
import { createTestContext } from './test-app';

/**
 * The real app for a describeEachDatabase suite: made on the suite's database before its tests,
 * behind a trusted proxy (each test's requests may name their client address in X-Forwarded-For),
 * and its change feed closed after them. Inside tests, `app()` and `context()`, as `database()`.
 */
export function suiteApp(database: () => DatabaseConnection, env: Record<string, string> = { TRUST_PROXY: '1' }) {
  let made: { context: AppContext; app: ReturnType<typeof createApp> } | undefined;
  beforeAll(() => {
    const context = createTestContext(database(), env);
    made = { context, app: createApp(context) };
  });
  afterAll(() => made?.context.changeFeed.close());
  const current = () => {
    if (!made) throw new Error('the suite’s app is made before its tests');
    return made;
  };
  return { app: () => current().app, context: () => current().context };
}
