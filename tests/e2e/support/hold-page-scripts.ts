// Clicks before the page's code has run (issue 42 §9): what a journey needs to act on a page the
// server drew while its scripts are held back, then let them go and see the page hydrate.
import type { Page } from '@playwright/test';
import { actsAtOnce, expect } from './fixtures';

/** How long the app's scripts take at least, as on a phone opening an e-mailed link. */
const SCRIPT_DELAY_MS = 2500;

/**
 * Holds back the app's scripts (the entry and its chunks, not the small loader that keeps clicks)
 * for at least SCRIPT_DELAY_MS, and until the returned function lets them go: what the test does
 * before then is done before the page has hydrated, however slow the machine. `page` then acts at
 * once on what the server drew (its loads and actions do not wait for hydration).
 */
export async function holdPageScripts(page: Page): Promise<() => void> {
  actsAtOnce(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await Promise.all([released, new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS))]);
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]');

/** Not hydrated yet: what the test does now is done on the server's drawing alone. */
export async function expectNotHydrated(page: Page) {
  await expect(hydrated(page)).toHaveCount(0);
}

export async function expectHydrated(page: Page) {
  await expect(hydrated(page)).toBeAttached({ timeout: 15_000 });
}
