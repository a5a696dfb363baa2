import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { stripeE2ePorts } from './tests/e2e/support/stripe-e2e-server';
import { chromiumLaunchOptions } from './tests/support/chromium';

// End-to-end tests drive the built app (`npm run test:e2e` builds it when missing or older than its sources)
// in Debian's Chromium: Playwright's own browser downloads are never used.
const port = Number(process.env.E2E_PORT ?? 3111);
const baseURL = `http://127.0.0.1:${port}`;
const inCi = Boolean(process.env.CI);
// Where the shared servers' logs are kept, inside the output directory Playwright empties at each run.
const serverLogDir = 'test-results/e2e-server-logs';
// A second server configured with a fake payment provider, for billing.spec.ts.
const stripePorts = stripeE2ePorts(port);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // A worker more than the cores: a journey spends most of its time waiting on the browser and the
  // server, so a third worker on this 2-core machine keeps both cores busy.
  workers: availableParallelism() + 1,
  retries: 0,
  // A forgotten test.only would skip every other journey: refused everywhere, not only in CI.
  forbidOnly: true,
  reporter: inCi ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    // Playwright adds --headless itself when headless (the default); with this executable it
    // is Chromium's own headless mode, the same browser users run.
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      // A fresh temporary database per run, removed when Playwright stops the server.
      command: 'node --import tsx tests/e2e/support/start-e2e-server.ts',
      url: `${baseURL}/api/health`,
      // Its log is kept and scanned for personal data when it stops (check-server-log-scans.ts).
      env: { E2E_PORT: String(port), E2E_SERVER_LOG_DIR: serverLogDir },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // The server closes its database on SIGTERM; the launcher then deletes DATA_DIR.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      // The same app with a payment provider: the Stripe fake runs in its launcher.
      command: 'node --import tsx tests/e2e/support/start-e2e-server.ts',
      url: `http://127.0.0.1:${stripePorts.app}/api/health`,
      env: {
        E2E_PORT: String(stripePorts.app),
        E2E_STRIPE_FAKE_PORT: String(stripePorts.fake),
        E2E_SERVER_LOG_DIR: serverLogDir,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
