import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/web-storage.ts', 'tests/support/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker keeps the modules it loaded for its next test file instead of loading them again:
    // the suite took 6 min 55 s isolated and 4 min 50 s so (issue 29 §4). Every test file builds its
    // own app and database, so no state is shared through modules.
    isolate: false,
    // One worker more than the cores (vitest's default is one fewer): much of an integration test is
    // spent waiting on its database, so a third worker on this 2-core machine takes the suite from
    // 5 min 30 s to 3 min.
    maxWorkers: availableParallelism() + 1,
    // A forgotten `.only` would silently skip the rest of the suite, and a test that asserts nothing
    // passes whatever the code does: both fail the run, on every machine, not only in CI.
    allowOnly: false,
    expect: { requireAssertions: true },
  },
});
