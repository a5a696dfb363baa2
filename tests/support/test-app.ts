import { createApp } from '../../src/server/app';
import type { DatabaseConnection } from '../../src/server/db/database';
import { parseEnv } from '../../src/server/env';

/** The real app on a test database, with only the given configuration (no outside service unless set). */
export function createTestApp(database: DatabaseConnection, env: Record<string, string> = {}) {
  return createApp({ env: parseEnv({ APP_URL: 'http://localhost:3000', ...env }), database });
}
