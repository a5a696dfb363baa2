// Pages drawn by the server (issue 29 §1): the public pages' first HTML answer already holds
// their main text (an offer link its address, range, validity and wholesaler; a personal page
// its wholesaler), and so do /saved and /leads for someone signed in (their session and first screen), with the queries they were drawn with as inert JSON and no inline script; in
// the browser the same components hydrate it without changing the text and without asking for
// that data again. An offer link reads with JavaScript off. A hydration mismatch fails a test.
import type { APIResponse, Page } from '@playwright/test';
import { formatMoney } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { leeHomesProfile, uniqueEmail } from '../support/test-users';
import { E2E_PASSWORD } from './support/accounts';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

/** An address as a hostile homeowner might type it: it must stay text in the HTML and in the page's JSON. */
const HOSTILE_ADDRESS = '12 Oak St</script><script>window.__pwned = 1</script> & <!-- Austin, TX';

/** The first HTML answer for `path` (not the rendered DOM), checked for what every server-rendered page holds. */
async function firstHtml(page: Page, path: string): Promise<string> {
  const response: APIResponse = await page.request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  // The queries the page was drawn with, as data: never an inline script the CSP would have to allow.
  expect(html).toContain('<script id="page-data" type="application/json">');
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    expect(tag, `an inline script on ${path}`).toMatch(/\bsrc=|type="application\/json"/);
  }
  expect(/script-src ([^;]*)/.exec(response.headers()['content-security-policy'] ?? '')?.[1]).not.toContain(
    'unsafe-inline',
  );
  return html;
}

/** The text of `html` as a reader sees it: tags and React's text separators dropped, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of the page's first h1 in `html`. */
function firstHeading(html: string): string {
  return textOf(/<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '').trim();
}

/** Opens `path` and waits until React has hydrated its root (hydrateRoot marks the container). */
async function openHydrated(page: Page, path: string, apiRequests: string[] = []) {
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname);
  });
  await page.goto(path);
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  // Effects run after hydration: give the page a moment to ask for anything it would ask for.
  await page.waitForLoadState('networkidle');
  return apiRequests;
}

/** A wholesaler (signed in through the API in `page`'s context) with a personal page, and one shared offer link. */
async function wholesalerWithOfferLink(page: Page, address: string) {
  const headers = { origin: test.info().project.use.baseURL! };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Lee', email: uniqueEmail('ssr'), password: E2E_PASSWORD },
    headers,
  });
  expect(signUp.status()).toBe(200);
  const handle = `ssr-${Date.now().toString(36)}`;
  const profile = await page.request.put('/api/profile', {
    data: leeHomesProfile(handle),
    headers,
  });
  expect(profile.status()).toBe(200);
  const shared = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: {
        address,
        marketValue: 200000,
        repairs: setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000),
        template: defaultTemplate,
      },
    },
    headers,
  });
  expect(shared.status()).toBe(201);
  const offerPath = new URL(((await shared.json()) as { url: string }).url).pathname;
  const offer = (await (await page.request.get(`/api/public${offerPath.replace('/offer/', '/offers/')}`)).json()) as {
    offerRange: { low: number; high: number };
    validityText: string;
  };
  // Signed out again: the pages are the homeowner's.
  await page.context().clearCookies();
  return { handle, offerPath, offer };
}

for (const { path, heading } of [
  { path: '/', heading: 'Calculate Your Cash Offer' },
  { path: '/wholesalers', heading: 'Revolutionize Your Wholesaling Business' },
  { path: '/login', heading: 'Sign In' },
  { path: '/register', heading: 'Create Account' },
]) {
  test(`${path} comes drawn by the server and hydrates with the same text`, async ({ page }) => {
    const html = await firstHtml(page, path);
    expect(firstHeading(html)).toBe(heading);
    if (path === '/') {
      // The calculator is drawn with its repair checklist, not a loading line.
      expect(html).toContain('New Roof');
      expect(html).not.toContain('Loading calculator');
    }
    const asked = await openHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    if (path === '/') {
      await expect(page.getByRole('checkbox', { name: /New Roof/ })).toBeVisible();
      // Sent with the page: not fetched again.
      expect(asked.filter((request) => request.startsWith('/api/calculator/'))).toEqual([]);
    }
    await expectNoAxeViolations(page, path);
  });
}

test('an offer link comes drawn with its offer, hostile address and all, and hydrates without fetching it again', async ({
  page,
}) => {
  const { offerPath, offer } = await wholesalerWithOfferLink(page, HOSTILE_ADDRESS);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });

  const html = await firstHtml(page, offerPath);
  expect(firstHeading(html)).toBe('Your cash offer from Lee Homes Buyer');
  const body = /<main\b.*<\/main>/s.exec(html)?.[0] ?? '';
  expect(textOf(body)).toContain(formatMoney(offer.offerRange.low));
  expect(textOf(body)).toContain(formatMoney(offer.offerRange.high));
  expect(textOf(body)).toContain(offer.validityText);
  expect(textOf(body)).toContain(HOSTILE_ADDRESS);
  expect(textOf(html)).toContain('Call 512-555-0199');
  // The address is text in the page and data in its JSON: it closes no element and opens no script.
  expect(html).toContain(
    '12 Oak St&lt;/script&gt;&lt;script&gt;window.__pwned = 1&lt;/script&gt; &amp; &lt;!-- Austin',
  );
  expect(html).not.toContain('<script>window.__pwned');
  const pageData = /<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
  expect(pageData).not.toMatch(/[<>]/);
  expect(JSON.stringify(JSON.parse(pageData))).toContain(JSON.stringify(HOSTILE_ADDRESS).slice(1, -1));

  const asked = await openHydrated(page, offerPath);
  const range = page.getByTestId('offer-range');
  await expect(range).toContainText(formatMoney(offer.offerRange.low));
  await expect(range).toContainText(formatMoney(offer.offerRange.high));
  await expect(page.getByText(HOSTILE_ADDRESS)).toBeVisible();
  expect(asked.filter((request) => request.startsWith('/api/public/offers/'))).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
  // Hydrated: the answer buttons work.
  await page.getByRole('button', { name: 'Negotiate' }).click();
  await expect(page.getByLabel('Your Desired Price')).toBeVisible();
  await expectNoAxeViolations(page, '/offer/{token}');
});

test('an offer link reads with JavaScript off, and says that answering needs it', async ({ page, browser }) => {
  const { offerPath, offer } = await wholesalerWithOfferLink(page, '9 Elm St, Austin, TX 78701');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250) + 1}.9` },
  });
  try {
    const homeowner = await context.newPage();
    await homeowner.goto(offerPath);
    await expect(homeowner.getByRole('heading', { level: 1 })).toHaveText('Your cash offer from Lee Homes Buyer');
    const range = homeowner.getByTestId('offer-range');
    await expect(range).toContainText(formatMoney(offer.offerRange.low));
    await expect(range).toContainText(formatMoney(offer.offerRange.high));
    await expect(homeowner.getByText('9 Elm St, Austin, TX 78701')).toBeVisible();
    await expect(homeowner.getByText(offer.validityText)).toBeVisible();
    await expect(homeowner.getByRole('link', { name: 'Call 512-555-0199' })).toBeVisible();
    await expect(homeowner.getByText(/To answer this offer here, turn on JavaScript/)).toBeVisible();
    await homeowner.screenshot({ path: test.info().outputPath('offer-without-javascript.png'), fullPage: true });
  } finally {
    await context.close();
  }
});

test('a personal page comes drawn with its wholesaler and its calculator', async ({ page }) => {
  const { handle } = await wholesalerWithOfferLink(page, '3 Pine Rd, Austin, TX');
  const html = await firstHtml(page, `/c/${handle}`);
  expect(firstHeading(html)).toBe('Calculate Your Cash Offer');
  expect(textOf(html)).toContain('See the cash offer Lee Homes Buyer can make');
  expect(textOf(html)).toContain('Call 512-555-0199');
  expect(html).toContain('New Roof');
  // Handles are case-insensitive: the same page for one typed in capitals.
  expect(firstHeading(await firstHtml(page, `/c/${handle.toUpperCase()}`))).toBe('Calculate Your Cash Offer');

  const asked = await openHydrated(page, `/c/${handle}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calculate Your Cash Offer');
  await expect(page.getByText(/See the cash offer Lee Homes Buyer can make/)).toBeVisible();
  expect(
    asked.filter((request) => request.startsWith('/api/public/wholesalers/') || request.startsWith('/api/calculator/')),
  ).toEqual([]);
  await expectNoAxeViolations(page, '/c/{handle}');
});

test('signed in, /saved and /leads come drawn with the session and their first screen, and hydrate without asking again', async ({
  page,
}) => {
  const origin = test.info().project.use.baseURL!;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Lee', email: uniqueEmail('ssr-saved'), password: E2E_PASSWORD },
    headers: { origin },
  });
  expect(signUp.status()).toBe(200);
  const address = '41 Birch Ln, Austin, TX 78701';
  const saved = await page.request.post('/api/properties', {
    data: {
      address,
      marketValue: 200000,
      repairs: defaultRepairCatalog,
      template: defaultTemplate,
      contact: { name: 'Ann Lee', email: '', phones: ['512-555-0100'] },
    },
    headers: { origin },
  });
  expect(saved.status()).toBe(201);

  const savedHtml = await firstHtml(page, '/saved');
  expect(firstHeading(savedHtml)).toBe('Saved Properties');
  const savedText = textOf(/<main\b.*<\/main>/s.exec(savedHtml)?.[0] ?? '');
  expect(savedText).toContain('1 of 3 properties saved');
  expect(savedText).toContain(address);
  expect(savedText).not.toContain('Loading');
  // Drawn for this browser alone.
  expect((await page.request.get('/saved')).headers()['cache-control']).toBe('private, no-cache');

  // The session, the plan, the list and the workspace came with the page. The live feed refreshes
  // the list and the plan once it has connected (a change made between the page's drawing and
  // then would otherwise be missed); nothing else is asked for.
  const asked = await openHydrated(page, '/saved');
  await expect(page.getByRole('article', { name: address })).toBeVisible();
  await expect(page.getByText('1 of 3 properties saved')).toBeVisible();
  const feedOpened = asked.indexOf('/api/events');
  expect(feedOpened).toBeGreaterThanOrEqual(0);
  expect(asked.filter((path) => ['/api/auth/get-session', '/api/workspace'].includes(path))).toEqual([]);
  expect(asked.slice(0, feedOpened)).toEqual([]);
  await expectNoAxeViolations(page, '/saved (server-drawn)');

  const leadsHtml = await firstHtml(page, '/leads');
  expect(firstHeading(leadsHtml)).toBe('Leads');
  expect(textOf(leadsHtml)).toContain('No leads yet');
  // The session, the inbox, the profile and the workspace came with the page; the feed refreshes the inbox once connected.
  const askedOnLeads = await openHydrated(page, '/leads');
  await expect(page.getByText('No leads yet')).toBeVisible();
  const leadsFeedOpened = askedOnLeads.indexOf('/api/events');
  expect(leadsFeedOpened).toBeGreaterThanOrEqual(0);
  expect(askedOnLeads.slice(0, leadsFeedOpened)).toEqual([]);
  expect(
    askedOnLeads.filter((path) => ['/api/auth/get-session', '/api/profile', '/api/workspace'].includes(path)),
  ).toEqual([]);
  await expectNoAxeViolations(page, '/leads (server-drawn)');

  // Signed out, or with a forged session cookie, nobody's data is drawn: the browser draws the
  // page, and sends the visitor to sign in.
  await page.context().clearCookies();
  for (const cookie of [undefined, 'cash-offer.session_token=forged.c2lnbmF0dXJl']) {
    const signedOut = await (await page.request.get('/saved', { headers: cookie ? { cookie } : {} })).text();
    expect(signedOut).not.toContain('id="page-data"');
    expect(signedOut).not.toContain(address);
  }
  await page.goto('/saved');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown offer link is a 404 that says so, drawn by the server', async ({ page, consoleErrors }) => {
  // The browser reports the document's own 404 status as a failed resource.
  consoleErrors.allow(/status of 404/);
  const response = await page.request.get('/offer/this-is-not-an-offer-token-at-all');
  expect(response.status()).toBe(404);
  expect(firstHeading(await response.text())).toBe('Offer not found');
  await openHydrated(page, '/offer/this-is-not-an-offer-token-at-all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offer not found');
});

test('an unknown deal link is a 404 that says so, drawn by the server, private and unindexed', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  const address = `/deal/${'x'.repeat(43)}`;
  const response = await page.request.get(address);
  expect(response.status()).toBe(404);
  expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const html = await response.text();
  expect(firstHeading(html)).toBe('Deal not found');
  expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  await openHydrated(page, address);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deal not found');
});

test('a hydration mismatch is reported as a console error, which fails the end-to-end tests', async ({
  page,
  consoleErrors,
}) => {
  // The server's HTML altered on its way: the browser draws something else, and React says so.
  consoleErrors.allow(/React recovered/);
  const reported: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') reported.push(message.text());
  });
  await page.route('**/login', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('>Sign In</h1>', '>Sign in, altered</h1>');
    await route.fulfill({ response, body: html });
  });
  await openHydrated(page, '/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  expect(reported.some((text) => text.includes('React recovered'))).toBe(true);
});
