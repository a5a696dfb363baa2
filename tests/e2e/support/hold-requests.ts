import type { Page } from '@playwright/test';

/** Holds back the page's requests to `url` (a glob) until the returned function lets them go. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
