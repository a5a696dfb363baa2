import type { AppContext } from '#server/app-context.ts';
import { createApp } from '#server/app.ts';
import { createAuth } from '#server/auth/create-auth.ts';
import { createPasswordHasher, type PasswordHasherOptions } from '#server/auth/password-hasher.ts';
import { createStripeClient } from '#server/billing/create-stripe-client.ts';
import type { DatabaseConnection } from '#server/db/database.ts';
import { createWorkspaceChangeFeed } from '#server/events/workspace-change-feed.ts';
import { parseTestEnv, TEST_AUTH_SECRET } from './test-env';

export { TEST_AUTH_SECRET } from './test-env';

export interface TestContextOptions {
  /** Bounds for password hashing (see createPasswordHasher). */
  passwordHashing?: PasswordHasherOptions;
}

/** The app's context on a test database, with only the given configuration (no outside service unless set). */
export function createTestContext(
  database: DatabaseConnection,
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): AppContext {
  const parsedEnv = parseTestEnv(env);
  const serverSecret = parsedEnv.BETTER_AUTH_SECRET ?? TEST_AUTH_SECRET;
  const auth = createAuth({
    env: parsedEnv,
    database,
    secret: serverSecret,
    passwordHasher: createPasswordHasher(options.passwordHashing),
  });
  return {
    env: parsedEnv,
    database,
    auth,
    serverSecret,
    changeFeed: createWorkspaceChangeFeed(database),
    stripe: createStripeClient(parsedEnv),
  };
}

/** The real app on a test database, with only the given configuration (no outside service unless set). */
export function createTestApp(
  database: DatabaseConnection,
  env: Record<string, string> = {},
  options: TestContextOptions = {},
) {
  return createApp(createTestContext(database, env, options));
}
