// Issue 39 §4–5, as a wholesaler and a cash buyer do it: the lead under contract gets its buyer
// listing, the wholesaler ticks a matching buyer and sends the deal (confirming the count); the
// buyer opens the e-mailed link (read from the e-mail provider's fake), taps "Make an offer" before
// the page's code has run, and offers with a proof-of-funds PDF; the offer shows on the lead page
// without a reload. Axe on the lead page and on /deal (360 px screenshot in test-results/deal-page-screens).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { uniqueEmail } from '../support/test-users';
import { registerThroughUi } from './support/accounts';
import { addPostalAddress, emailTo, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { actsAtOnce, expect, expectNoAxeViolations, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';
import { DEAL_ADDRESS as ADDRESS, leadFromCounterOffer, putUnderContractThroughUi } from './support/leads';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'deal-page-screens');

const PORT_OFFSET = 110;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let resend: ResendFake;
let server: DedicatedServer;

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(dedicatedPort(PORT_OFFSET), {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${dedicatedPort(PORT_OFFSET)}` });

test('a deal sent to a chosen buyer is opened from the e-mail, answered with proof of funds, and shows on the lead page live', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  const account = await registerThroughUi(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await addPostalAddress(page);
  const buyerEmail = uniqueEmail('ann.buyer');
  const added = await page.request.post('/api/buyers', {
    data: {
      name: 'Ann Lee',
      email: buyerEmail,
      areas: ['78702'],
      proofOfFundsAmount: 300000,
      proofOfFundsExpiresOn: '2099-12-31',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const leadId = await leadFromCounterOffer(page, baseURL!, { sellerEmail: uniqueEmail('sam') });

  await page.goto(`/leads/${leadId}`);
  await putUnderContractThroughUi(page, '140,000');

  // What buyers will see: the asking price, the earnest money asked, the access notes.
  const matching = page.getByRole('region', { name: 'Matching buyers' });
  await matching.getByLabel('Asking price').fill('$185,000');
  await matching.getByLabel('Earnest money asked').fill('5000');
  await matching.getByLabel('Access and showing notes').fill('Lockbox 4321 on the back door');
  await matching.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByText('Buyer listing saved')).toBeVisible();

  // Ticked by keyboard, confirmed with the count.
  const choose = matching.getByRole('checkbox', { name: 'Ann Lee' });
  await choose.focus();
  await page.keyboard.press('Space');
  await expect(choose).toBeChecked();
  await expect(matching.getByText('1 buyer chosen.')).toBeVisible();
  await expectNoAxeViolations(page, 'the lead page with a buyer chosen');
  await matching.getByRole('button', { name: 'Send deal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this deal?' });
  await expect(confirm).toContainText('The buyer gets one e-mail with their own link');
  await confirm.getByRole('button', { name: 'Send to 1 buyer' }).click();
  await expect(confirm).toBeHidden();
  await expect(matching.getByRole('status').filter({ hasText: 'Deal sent' })).toHaveText('Deal sent to 1 buyer.');
  const sentTo = matching.getByRole('listitem').filter({ hasText: 'E-mailed, not opened yet' });
  await expect(sentTo).toContainText('Ann Lee');

  // The buyer's e-mail: their own link, and no seller figure.
  const email = await emailTo(resend.emails, buyerEmail, 'A deal under contract at 88 Birch Ln');
  expect(email.text).toContain('$185,000');
  expect(email.text).not.toContain('140,000');
  const link = email.text?.match(/https?:\/\/\S+\/deal\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeDefined();

  const buyerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.42.${Math.floor(Math.random() * 250) + 1}.9` },
  });
  try {
    const buyer = await buyerContext.newPage();
    // "Make an offer" tapped before the page's code has run: kept, and done once it has.
    actsAtOnce(buyer);
    const release = await holdRequests(buyer, '**/assets/*.js');
    const opened = await buyer.goto(new URL(link!).pathname, { waitUntil: 'domcontentloaded' });
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    await expect(buyer.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(buyer.getByRole('heading', { level: 1, name: ADDRESS })).toBeVisible();
    await buyer.getByRole('button', { name: 'Make an offer' }).click();
    await expect(buyer.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await expect(buyer.getByRole('heading', { name: 'Your offer' })).toBeFocused({ timeout: 15_000 });

    const dealCard = buyer.getByRole('heading', { name: 'The deal' }).locator('..');
    await expect(dealCard).toContainText('$185,000');
    await expect(dealCard).toContainText('$5,000');
    await expect(dealCard).toContainText('Lockbox 4321 on the back door');
    await expect(dealCard).toContainText('$220,000');
    await expect(buyer.locator('body')).not.toContainText('140,000');
    await expectNoAxeViolations(buyer, '/deal/{token} with the offer form');
    await buyer.setViewportSize({ width: 360, height: 800 });
    await buyer.screenshot({ path: path.join(screenshots, 'deal-page-360.png'), fullPage: true });
    const overflow = await buyer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // An empty offer says what is missing, and focuses it.
    await buyer.getByRole('button', { name: 'Send offer' }).click();
    await expect(buyer.getByText('Please enter your offer')).toBeVisible();
    await expect(buyer.getByLabel('Offer amount')).toBeFocused();
    await buyer.keyboard.type('180000');
    await buyer
      .getByLabel(/^Proof of funds/)
      .setInputFiles({ name: 'pof.pdf', mimeType: 'application/pdf', buffer: PDF });
    await buyer.getByLabel('Funds shown (optional)').fill('250000');
    await expect(buyer.getByLabel('Name')).toHaveValue('Ann Lee');
    await expect(buyer.getByLabel('Email')).toHaveValue(buyerEmail);
    await buyer.getByLabel('Message (optional)').fill('Can close in 10 days.');
    await buyer.getByRole('button', { name: 'Send offer' }).click();
    await expect(buyer.getByRole('status').filter({ hasText: 'Your offer of $180,000 was sent.' })).toBeFocused();
    await expectNoAxeViolations(buyer, '/deal/{token} after the offer');
  } finally {
    await buyerContext.close();
  }

  // Live on the lead page, no reload: the sent list says Ann opened and offered, and points to the
  // Buyer offers section, which alone shows the offer with its message and proof of funds.
  const offered = matching.getByRole('listitem').filter({ hasText: 'Offered: see Buyer offers' });
  await expect(offered).toContainText('Ann Lee', { timeout: 15_000 });
  await expect(offered).toContainText('Opened');
  await expect(offered).not.toContainText('$180,000');
  const offers = page.getByRole('region', { name: 'Buyer offers', exact: true });
  const row = offers.getByRole('row').filter({ hasText: 'Ann Lee' });
  await expect(row).toContainText('$180,000', { timeout: 15_000 });
  await expect(row).toContainText('Can close in 10 days.');
  const proof = row.getByRole('link', { name: "Ann Lee's proof of funds" });
  const file = await page.request.get((await proof.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).equals(PDF)).toBe(true);
  await expectNoAxeViolations(page, 'the lead page with a buyer offer');
});
