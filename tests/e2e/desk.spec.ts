// The daily desk (issue 42): a rep calls a homeowner from the lead's page, logs "not now, call
// back in 3 weeks", and finds the call task on that day's Today list (the follow-ups' test clock
// moved 3 weeks: FOLLOW_UP_TEST_CLOCK), then completes it. Axe on the lead page with the outcome
// dialog open and on /follow-ups; both screens at 360 px (screenshots in test-results/desk-screens).
//
// A server of its own (DedicatedServer): it needs the test clock, and moving it moves every task's "today".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { uniqueEmail } from '../support/test-users';
import { registerThroughUi } from './support/accounts';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'desk-screens');
const port = dedicatedPort(90);
let server: DedicatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await DedicatedServer.start(port, { FOLLOW_UP_TEST_CLOCK: '1' });
});

test.afterAll(async () => {
  await server?.dispose();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

/** A homeowner's counter-offer to an offer link the signed-in wholesaler of `page` shares: a lead with a phone. */
async function leadFromCounterOffer(page: Page, homeowner: { name: string; email: string; phone: string }) {
  const shared = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: {
        address: '88 Birch Ln, Austin, TX 78702',
        marketValue: 220000,
        repairs: defaultRepairCatalog,
        template: defaultTemplate,
      },
    },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
  const homeownerRequest = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': '10.91.0.7' },
  });
  try {
    expect((await homeownerRequest.get(`/api/public/offers/${token}`)).status()).toBe(200);
    const answered = await homeownerRequest.post(`/api/public/offers/${token}/responses`, {
      data: { kind: 'counter', desiredPrice: 160000, contact: homeowner, message: '' },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await homeownerRequest.dispose();
  }
}

/** The browser's calendar date `days` from now, as a date field takes it. */
const localDateIn = (page: Page, days: number) =>
  page.evaluate((ahead) => {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + ahead);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, days);

/** The right edge furthest to the right of what `selector` holds, in CSS pixels. */
const contentRight = (page: Page, selector: string) =>
  page.evaluate(
    (within) =>
      Math.max(
        ...[...document.querySelectorAll(`${within} *`)].map((element) => element.getBoundingClientRect().right),
      ),
    selector,
  );

test('a rep logs “not now, call back in 3 weeks” and finds the call on that day’s Today list, then completes it', async ({
  page,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  await registerThroughUi(page);
  await leadFromCounterOffer(page, { name: 'Dana Cole', email: uniqueEmail('dana'), phone: '512-555-0142' });

  await page.goto('/leads');
  await page
    .getByRole('article', { name: /^Dana Cole,/ })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { name: 'Dana Cole', level: 1 })).toBeVisible();

  // Call: the phone opens (tel:) and the page asks how it went.
  const phones = page.getByRole('region', { name: 'Call or text' });
  await expect(phones.getByRole('link', { name: 'Text 512-555-0142' })).toHaveAttribute(
    'href',
    /^sms:5125550142\?body=Hi%20Dana%20Cole/,
  );
  await expect(phones.getByRole('link', { name: 'Call 512-555-0142' })).toHaveAttribute('href', 'tel:512-555-0142');
  // A test browser has no phone app: Chromium's prompt to open one would take the next clicks, so
  // the link's own navigation is stopped here (the page's handler still runs).
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => {
        if (event.target instanceof Element && event.target.closest('a[href^="tel:"], a[href^="sms:"]')) {
          event.preventDefault();
        }
      },
      true,
    ),
  );
  await phones.getByRole('link', { name: 'Call 512-555-0142' }).click();
  const dialog = page.getByRole('dialog', { name: 'How did the call go?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, '/leads/{id} with the call outcome dialog open');

  // By keyboard: "Talked: not now", and when to call back.
  await dialog.getByRole('radio', { name: 'Talked: not now' }).check();
  await expect(dialog.getByRole('radio', { name: 'Talked: not now' })).toBeChecked();
  const callBackOn = await localDateIn(page, 21);
  await dialog.getByLabel('Call back on').fill(callBackOn);
  await dialog.getByLabel('Call back at').fill('10:00');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(screenshots, 'lead-call-outcome-360.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Save outcome' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // On the lead: the call in its history and the call task on its day.
  await expect(page.getByText('Call to 512-555-0142: Talked: not now').first()).toBeVisible();
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText(/^Call · due /)).toBeVisible();
  expect(await contentRight(page, 'main')).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(screenshots, 'lead-tasks-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Today: not yet due.
  await page.goto('/follow-ups');
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByText('No calls, texts, letters or meetings due.')).toBeVisible();

  // Three weeks pass on the test clock: the call is on that day's Today list.
  const moved = await page.request.post('/api/test/follow-up-clock', {
    data: { days: 21 },
    headers: { origin: server.url },
  });
  expect(moved.status()).toBe(200);
  await page.reload();
  const call = today.getByRole('listitem', { name: 'Call Dana Cole' });
  await expect(call).toBeVisible();
  await expect(call.getByText('Talked: not now')).toBeVisible();
  await expect(today.getByRole('status').filter({ hasText: 'due' })).toHaveText('1 task due');
  await expectNoAxeViolations(page, '/follow-ups with a call task today');
  await page.setViewportSize({ width: 360, height: 800 });
  // The Today list fits (the per-step table below scrolls sideways in its own region).
  expect(await contentRight(page, 'section[aria-labelledby="follow-ups-today-title"]')).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(screenshots, 'follow-ups-today-360.png'), fullPage: true });

  await call.getByRole('button', { name: 'Mark done: Call Dana Cole' }).click();
  await expect(call).toBeHidden();
  await expect(today.getByText('No calls, texts, letters or meetings due.')).toBeVisible();
});
