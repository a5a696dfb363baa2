// A test app's configuration, apart from the app itself: a test of one piece (the web assets, say)
// reads it without loading the whole server.
import { publicConfig } from '#server/config/public-config.ts';
import { parseEnv } from '#server/env.ts';

export const TEST_AUTH_SECRET = 'test-secret-for-session-cookies-0123456789';

/** The configuration a test app runs with: the given variables on top of a local APP_URL and the test secret. */
export function parseTestEnv(env: Record<string, string> = {}) {
  return parseEnv({ APP_URL: 'http://localhost:3000', BETTER_AUTH_SECRET: TEST_AUTH_SECRET, ...env });
}

/** What the browser is told of a test app's configuration (no outside service unless set). */
export function testPublicConfig(env: Record<string, string> = {}) {
  return publicConfig(parseTestEnv(env));
}
