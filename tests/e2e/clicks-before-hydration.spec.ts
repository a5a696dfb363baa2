// Clicks that work before the page's code arrives (issue 42 §9, issue 40 §6). A page the server
// drew is on screen seconds before its code on a slow phone, and people act on what they see: every
// control on it works without the code (a link or a form the server answers), or shows it is not
// ready yet (a disabled submit button), or keeps the click and does it once the code has run (a
// button: public/load-page-scripts.js). Each journey here holds the page's scripts back (at least
// 2.5 s, and until the test has acted) and acts at once, on every server-drawn page: /, /wholesalers,
// /login, /register, /offer/{token}, /c/{handle}, /saved and /leads.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { toggleRepair } from '#domain/repairs/repair-state.ts';
import { leeHomesProfile, uniqueEmail } from '../support/test-users';
import { accountButton, E2E_PASSWORD } from './support/accounts';
import { calculatorHeading, expectRange, userTypeButton } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { expectHydrated, expectNotHydrated, holdPageScripts } from './support/hold-page-scripts';

/** A signed-in wholesaler in `page`'s context (through the API), with a personal page at `handle`. */
async function signUpWholesaler(page: Page, handle: string | null = null) {
  const origin = test.info().project.use.baseURL!;
  const email = uniqueEmail('early');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Lee', email, password: E2E_PASSWORD },
    headers: { origin },
  });
  expect(signUp.status()).toBe(200);
  const profile = await page.request.put('/api/profile', { data: leeHomesProfile(handle), headers: { origin } });
  expect(profile.status()).toBe(200);
  return email;
}

/** Shares an offer for `address` as the signed-in wholesaler of `page`; the link's path. */
async function shareOffer(page: Page, address: string) {
  const response = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: {
        address,
        marketValue: 200000,
        repairs: toggleRepair(defaultRepairCatalog, 'New Roof'),
        template: defaultTemplate,
      },
    },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(201);
  return new URL(((await response.json()) as { url: string }).url).pathname;
}

let homeownerAddress = 0;

/** A homeowner's answer to an offer link through the public API (from an address of their own): a lead. */
async function answerThroughApi(offerPath: string, name: string) {
  homeownerAddress += 1;
  const homeowner = await playwrightRequest.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250) + 1}.${homeownerAddress}` },
  });
  try {
    const token = offerPath.replace('/offer/', '');
    expect((await homeowner.get(`/api/public/offers/${token}`)).status()).toBe(200);
    const answered = await homeowner.post(`/api/public/offers/${token}/responses`, {
      data: { kind: 'accept', contact: { name, email: uniqueEmail('seller'), phone: '512-555-0100' }, message: '' },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await homeowner.dispose();
  }
}

test('Try Calculator, pressed before the page’s code has run, opens the calculator as a wholesaler', async ({
  page,
}) => {
  const release = await holdPageScripts(page);
  await page.goto('/wholesalers', { waitUntil: 'domcontentloaded' });
  await expectNotHydrated(page);
  // A link the browser follows itself: the type travels in the address, and the server draws the calculator in it.
  await page.getByRole('link', { name: 'Try Calculator' }).click();
  await expect(page).toHaveURL(/\/\?as=wholesaler$/);
  await expect(calculatorHeading(page)).toBeVisible();
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
  await expectNotHydrated(page);
  release();
  await expectHydrated(page);
  // Once hydrated the type stays, and the address is the calculator's own again.
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Formula Settings' })).toBeVisible();
  await expectNoAxeViolations(page, '/ as a wholesaler, from Try Calculator');
});

test('signed in, Try Calculator pressed before the page’s code has run draws and hydrates the wholesaler’s calculator', async ({
  page,
}) => {
  // /wholesalers is drawn without the session (the browser asks for it); the calculator is drawn with
  // it, Wholesaler tools and all: hydration must find the same page (a mismatch is a console error).
  const email = await signUpWholesaler(page);
  const release = await holdPageScripts(page);
  await page.goto('/wholesalers', { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: 'Try Calculator' }).click();
  await expect(page).toHaveURL(/\/\?as=wholesaler$/);
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Formula Settings' })).toBeVisible();
  await expectNotHydrated(page);
  release();
  await expectHydrated(page);
  await expect(accountButton(page, email)).toBeVisible();
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/$/);
});

test('on the calculator, a user type pressed before the page’s code has run is kept and applied once it runs', async ({
  page,
}) => {
  const release = await holdPageScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await userTypeButton(page, 'Wholesaler').click();
  // Kept, and said so: the button waits for the code.
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-busy', 'true');
  await expect(userTypeButton(page, 'Homeowner')).toHaveAttribute('aria-pressed', 'true');
  await expectNotHydrated(page);
  release();
  await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
  await expect(userTypeButton(page, 'Wholesaler')).not.toHaveAttribute('aria-busy');
  await expectHydrated(page);
  await expectNoAxeViolations(page, '/ after a kept click');
});

test('on an offer link, Negotiate and Get Offer tapped before the page’s code has run open their forms once it runs', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signUpWholesaler(page);
  const offerPath = await shareOffer(page, '12 Oak St, Austin, TX');
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.67.${Math.floor(Math.random() * 250) + 1}.1` },
  });
  try {
    const homeowner = await context.newPage();
    const release = await holdPageScripts(homeowner);
    await homeowner.goto(offerPath, { waitUntil: 'domcontentloaded' });
    await expect(homeowner.getByTestId('offer-range')).toHaveText(/\$113,000\s*–?\s*to\s*\$128,000/);
    await homeowner.getByRole('button', { name: 'Negotiate' }).click();
    await expect(homeowner.getByRole('button', { name: 'Negotiate' })).toHaveAttribute('aria-busy', 'true');
    await expectNotHydrated(homeowner);
    await expectNoAxeViolations(homeowner, '/offer/{token} with a tap kept');
    release();
    await expect(homeowner.getByRole('heading', { name: 'Negotiate' })).toBeFocused({ timeout: 15_000 });
    await homeowner.getByLabel('Your Desired Price').fill('150000');
    await homeowner.getByLabel('Name', { exact: true }).fill('Ann Lee');
    await homeowner.getByLabel('Email').fill(uniqueEmail('ann'));
    await homeowner.getByLabel('Phone').fill('5125550100');
    await homeowner.getByRole('button', { name: 'Send to Lee Homes Buyer' }).click();
    await expect(
      homeowner.getByRole('heading', { name: 'Your counter-offer of $150,000 was sent to Lee Homes Buyer' }),
    ).toBeVisible();
    await expectNoAxeViolations(homeowner, '/offer/{token} after an early Negotiate');

    // Get Offer, on the same link opened again: the scripts come from the cache no sooner than the hold lets them.
    const again = await context.newPage();
    const releaseAgain = await holdPageScripts(again);
    await again.goto(offerPath, { waitUntil: 'domcontentloaded' });
    await again.getByRole('button', { name: 'Get Offer' }).click();
    await expect(again.getByRole('button', { name: 'Get Offer' })).toHaveAttribute('aria-busy', 'true');
    await expectNotHydrated(again);
    await expectNoAxeViolations(again, '/offer/{token} with Get Offer kept');
    releaseAgain();
    await expect(again.getByRole('heading', { name: 'Accept this offer' })).toBeFocused({ timeout: 15_000 });
  } finally {
    await context.close();
  }
});

for (const { path, button } of [
  { path: '/login', button: 'Sign In' },
  { path: '/register', button: 'Create Account' },
]) {
  test(`${path}: typed before the page’s code has run, the form waits for it, visibly, and never sends the password natively`, async ({
    page,
  }) => {
    const email = path === '/login' ? await signUpWholesaler(page) : uniqueEmail('early-register');
    await page.context().clearCookies();
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    const release = await holdPageScripts(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    // Not ready: the submit button says so, and Enter in a field submits nothing.
    const submit = page.getByRole('button', { name: button });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expectNotHydrated(page);
    await expectNoAxeViolations(page, `${path} before its code has run`);
    release();
    // Once the code runs the button works, with what was typed before.
    await submit.click();
    await expect(accountButton(page, email)).toBeVisible({ timeout: 15_000 });
    expect(addresses.filter((address) => address.includes(encodeURIComponent(E2E_PASSWORD)))).toEqual([]);
    expect(addresses.filter((address) => new URL(address).search.includes('password'))).toEqual([]);
  });
}

test('a personal page: the property typed and Get Cash Offer pressed before the page’s code has run give the offer', async ({
  page,
  browser,
}) => {
  const handle = `early-${Date.now().toString(36)}`;
  await signUpWholesaler(page, handle);
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.68.${Math.floor(Math.random() * 250) + 1}.1` },
  });
  try {
    const homeowner = await context.newPage();
    const release = await holdPageScripts(homeowner);
    await homeowner.goto(`/c/${handle}`, { waitUntil: 'domcontentloaded' });
    await homeowner.getByLabel('Property address').fill('3 Pine Rd, Austin, TX');
    await homeowner.getByLabel('Market value', { exact: true }).fill('200000');
    await homeowner.getByRole('checkbox', { name: /New Roof/ }).check();
    // Not ready: Get Cash Offer says so (a native submission would reload the page and lose what was typed).
    await expect(homeowner.getByRole('button', { name: 'Get Cash Offer' })).toBeDisabled();
    await expectNotHydrated(homeowner);
    release();
    await homeowner.getByRole('button', { name: 'Get Cash Offer' }).click();
    await expectRange(homeowner, '$113,000', '$128,000');
    await expect(homeowner.getByRole('button', { name: 'Get Offer' })).toBeVisible();
    await expectNoAxeViolations(homeowner, '/c/{handle} after an early offer');
  } finally {
    await context.close();
  }
});

test('/saved: Share offer pressed before the page’s code has run makes the link once it runs', async ({ page }) => {
  await signUpWholesaler(page);
  const address = '41 Birch Ln, Austin, TX 78701';
  const saved = await page.request.post('/api/properties', {
    data: {
      address,
      marketValue: 200000,
      repairs: defaultRepairCatalog,
      template: defaultTemplate,
      contact: { name: 'Ann Lee', email: '', phones: ['512-555-0100'] },
    },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(saved.status()).toBe(201);
  const release = await holdPageScripts(page);
  await page.goto('/saved', { waitUntil: 'domcontentloaded' });
  const card = page.getByRole('article', { name: address });
  await card.getByRole('button', { name: `Share offer for ${address}` }).click();
  await expect(card.getByRole('button', { name: `Share offer for ${address}` })).toHaveAttribute('aria-busy', 'true');
  await expectNotHydrated(page);
  release();
  const dialog = page.getByRole('dialog', { name: 'Share offer' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('textbox')).toHaveValue(/\/offer\/[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, '/saved after an early Share offer');
});

test('/leads: a search typed before the page’s code has run filters the inbox, with Enter and without', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpWholesaler(page);
  await answerThroughApi(await shareOffer(page, '12 Oak St, Austin, TX'), 'Ann Lee');
  await answerThroughApi(await shareOffer(page, '9 Elm St, Austin, TX'), 'Bob Diaz');
  const leadRow = (name: string) => page.getByRole('article', { name: new RegExp(`^${name},`) });

  // Enter in the search asks the server for the filtered inbox: it comes drawn, before any code.
  const release = await holdPageScripts(page);
  await page.goto('/leads', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Search by address or name').fill('Oak');
  await page.getByLabel('Search by address or name').press('Enter');
  await expect(page).toHaveURL(/\/leads\?q=Oak/);
  await expect(leadRow('Ann Lee')).toBeVisible();
  await expect(leadRow('Bob Diaz')).toHaveCount(0);
  await expect(page.getByLabel('Search by address or name')).toHaveValue('Oak');
  await expectNotHydrated(page);
  release();
  await expectHydrated(page);
  await expect(leadRow('Ann Lee')).toBeVisible();
  await expect(leadRow('Bob Diaz')).toHaveCount(0);

  // Typed without Enter, and a status chosen, before the code: applied once it runs.
  const releaseAgain = await holdPageScripts(page);
  await page.goto('/leads', { waitUntil: 'domcontentloaded' });
  await expect(leadRow('Bob Diaz')).toBeVisible();
  await page.getByLabel('Search by address or name').fill('Elm');
  await page.getByLabel('Status').selectOption('new');
  await expectNotHydrated(page);
  releaseAgain();
  await expectHydrated(page);
  await expect(page).toHaveURL(/\/leads\?status=new&q=Elm$/);
  await expect(leadRow('Bob Diaz')).toBeVisible();
  await expect(leadRow('Ann Lee')).toHaveCount(0);
  await expect(page.getByLabel('Search by address or name')).toHaveValue('Elm');
  await expect(page.getByLabel('Status')).toHaveValue('new');
  await expectNoAxeViolations(page, '/leads filtered before its code ran');
});
