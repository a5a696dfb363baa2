// Issue 39's "Done means", start to finish, as a wholesaler and a cash buyer do it in the browser:
// 5 buyers imported from a CSV (one outside the area, one then opted out), a lead put Under Contract
// with its contract price and the 3 buyers that fit it, with why; the deal sent to them (one ticked
// and the send confirmed by keyboard); a buyer opens the e-mailed link (read from the e-mail
// provider's fake), taps "Make an offer" before the page's code has run, and offers with a
// proof-of-funds PDF; the wholesaler makes that offer the primary one, records the buyer's earnest
// money, marks the deal assigned, reads the fee in the lead's ledger and on /deals, and downloads
// the assignment of contract, read back. Axe on every screen; the lead's dispositions at 360 px
// (screenshot in test-results/dispositions-journey-screens).
//
// Not through the UI, and why: the lead itself comes from a homeowner's counter-offer sent to the
// offer link's API (the homeowner's screens have their own journeys, homeowner.spec.ts), and the
// verification e-mail is asked for by the API the bulk import dialog calls (verifyEmailThroughOutbox);
// its link is opened in the page. Nothing is written into the database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Download } from '@playwright/test';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { readPdfText } from '../support/pdf-text';
import { uniqueEmail } from '../support/test-users';
import { registerThroughUi } from './support/accounts';
import { emailTo, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { actsAtOnce, expect, expectNoAxeViolations, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';
import { DEAL_ADDRESS, leadFromCounterOffer, putUnderContractThroughUi } from './support/leads';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'dispositions-journey-screens');
const port = dedicatedPort(116);
const proofOfFunds = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Bank letter: Ann Lee has $300,000\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

let resend: ResendFake;
let server: DedicatedServer;

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(port, {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

/** `days` days before today, as YYYY-MM-DD (UTC). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a wholesaler imports buyers, sends a deal under contract to the 3 that fit, assigns it to the buyer who offered, and reads the fee and the assignment', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const account = await registerThroughUi(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await expectNoAxeViolations(page, 'the verified landing');

  // The profile every deal e-mail and the assignment carry.
  await page.goto('/profile');
  await page.getByLabel('Display name').fill('Ann Wholesale');
  await page.getByLabel('Company (optional)').fill('Oak Homes LLC');
  await page.getByLabel('Postal address (optional)').fill('1 Main St, Austin, TX 78701');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expectNoAxeViolations(page, '/profile, saved');

  // 1. Five buyers from a CSV: Ann, Bob and Cy fit 78702; Dee buys in Dallas; Eve fits but opts out.
  const email = {
    ann: uniqueEmail('ann.buyer'),
    bob: uniqueEmail('bob.buyer'),
    cy: uniqueEmail('cy.buyer'),
    dee: uniqueEmail('dee.buyer'),
    eve: uniqueEmail('eve.buyer'),
  };
  const buyersCsv = [
    'Name,Email,Zips,Max Price,Max Rehab,Strategy,POF,POF Expires',
    `Ann Lee,${email.ann},78702,300000,50000,flip,300000,12/31/2099`,
    `Bob Ray,${email.bob},Austin,,,,,`,
    `Cy Diaz,${email.cy},,,,rental,,`,
    `Dee Fox,${email.dee},Dallas,,,,,`,
    `Eve Gray,${email.eve},78702,,,,,`,
  ].join('\n');
  await page.goto('/buyers');
  await expect(page.getByText('No buyers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import buyers' });
  await expectNoAxeViolations(page, 'the import dialog');
  await importDialog.getByLabel('Choose a CSV file').setInputFiles({
    name: 'buyers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(buyersCsv),
  });
  await expect(importDialog.getByRole('status')).toHaveText(
    'buyers.csv: 5 buyers added, 0 buyers updated, 0 rows refused.',
  );
  await expectNoAxeViolations(page, 'the import result');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: '5 buyers' })).toBeVisible();
  const eve = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Eve Gray' }) });
  await eve.getByRole('button', { name: 'Opt out' }).click();
  await expect(eve.getByText('Opted out')).toBeVisible();
  await expect(eve.getByRole('button', { name: 'Opt back in' })).toBeVisible();
  await expectNoAxeViolations(page, '/buyers with 5 buyers, one opted out');

  // 2. The lead Under Contract at 140,000: exactly the 3 buyers that fit, best first, each with why.
  const leadId = await leadFromCounterOffer(page, baseURL!, { sellerEmail: uniqueEmail('sam') });
  await page.goto(`/leads/${leadId}`);
  const contractDate = daysAgo(7);
  await putUnderContractThroughUi(page, '140,000', contractDate);
  const matching = page.getByRole('region', { name: 'Matching buyers' });
  await expect(matching.getByText('Matched at the contract price, $140,000.')).toBeVisible();
  await expect(matching.getByRole('status').filter({ hasText: 'buyers fit' })).toHaveText('3 buyers fit this deal.');
  const matches = matching.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(matches.getByRole('heading', { level: 3 })).toHaveText(['Ann Lee', 'Bob Ray', 'Cy Diaz']);
  await expect(matching.getByRole('list', { name: 'Why Ann Lee scored 90' }).getByRole('listitem')).toContainText([
    'Buys in 78702',
    'is in their range (up to $300,000)',
    'Repairs $0 within their $50,000 limit',
    'Proof of funds $300,000, valid to 2099-12-31',
  ]);
  await expect(matching.getByRole('list', { name: /^Why Bob Ray scored/ })).toContainText('Buys in Austin');
  await expect(matching.getByRole('list', { name: /^Why Cy Diaz scored/ })).toContainText('Buys in any area');
  await expect(matching).not.toContainText('Dee Fox');
  await expect(matching).not.toContainText('Eve Gray');

  // 3. What buyers see, then the deal sent to the three: Ann ticked and the send confirmed by keyboard.
  await matching.getByLabel('Asking price').fill('$185,000');
  await matching.getByLabel('Earnest money asked').fill('5000');
  await matching.getByLabel('Access and showing notes').fill('Lockbox 4321 on the back door');
  await matching.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByText('Buyer listing saved')).toBeVisible();
  const ann = matching.getByRole('checkbox', { name: 'Ann Lee' });
  await ann.focus();
  await page.keyboard.press('Space');
  await expect(ann).toBeChecked();
  await matching.getByRole('checkbox', { name: 'Bob Ray' }).check();
  await matching.getByRole('checkbox', { name: 'Cy Diaz' }).check();
  await expect(matching.getByText('3 buyers chosen.')).toBeVisible();
  await expectNoAxeViolations(page, 'the lead page with its matching buyers chosen');
  await matching.getByRole('button', { name: 'Send deal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this deal?' });
  await expect(confirm).toContainText('Each of the 3 buyers gets one e-mail with their own link');
  await expectNoAxeViolations(page, 'the send confirmation');
  await confirm.getByRole('button', { name: 'Send to 3 buyers' }).press('Enter');
  await expect(confirm).toBeHidden();
  await expect(matching.getByRole('status').filter({ hasText: 'Deal sent' })).toHaveText('Deal sent to 3 buyers.');
  await expect(matching.getByRole('listitem').filter({ hasText: 'E-mailed, not opened yet' })).toHaveCount(3);

  const subject = 'A deal under contract at 88 Birch Ln';
  const annEmail = await emailTo(resend.emails, email.ann, subject);
  await emailTo(resend.emails, email.bob, subject);
  await emailTo(resend.emails, email.cy, subject);
  expect(annEmail.text).toContain('$185,000');
  expect(annEmail.text).not.toContain('140,000');
  expect(resend.emails.filter((sent) => [email.dee, email.eve].includes(sent.to[0]!))).toEqual([]);
  const link = annEmail.text?.match(/https?:\/\/\S+\/deal\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeDefined();

  // 4. Ann opens her link and taps "Make an offer" before the page's code has run: kept, done once it has.
  const buyerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.43.${Math.floor(Math.random() * 250) + 1}.9` },
  });
  try {
    const buyer = await buyerContext.newPage();
    actsAtOnce(buyer);
    const runPageScripts = await holdRequests(buyer, '**/assets/*.js');
    await buyer.goto(new URL(link!).pathname, { waitUntil: 'domcontentloaded' });
    await expect(buyer.getByRole('heading', { level: 1, name: DEAL_ADDRESS })).toBeVisible();
    await buyer.getByRole('button', { name: 'Make an offer' }).click();
    await expect(buyer.locator('html[data-hydrated]')).toHaveCount(0);
    runPageScripts();
    await expect(buyer.getByRole('heading', { name: 'Your offer' })).toBeFocused({ timeout: 15_000 });
    const dealCard = buyer.getByRole('heading', { name: 'The deal' }).locator('..');
    await expect(dealCard).toContainText('$185,000');
    await expect(dealCard).toContainText('Lockbox 4321 on the back door');
    await expect(buyer.locator('body')).not.toContainText('140,000');
    await expectNoAxeViolations(buyer, '/deal/{token} with the offer form');

    await buyer.getByLabel('Offer amount').fill('180000');
    await buyer
      .getByLabel(/^Proof of funds/)
      .setInputFiles({ name: 'bank-letter.pdf', mimeType: 'application/pdf', buffer: proofOfFunds });
    await buyer.getByLabel('Funds shown (optional)').fill('300000');
    await expect(buyer.getByLabel('Name')).toHaveValue('Ann Lee');
    await buyer.getByRole('button', { name: 'Send offer' }).click();
    await expect(buyer.getByRole('status').filter({ hasText: 'Your offer of $180,000 was sent.' })).toBeFocused();
    await expectNoAxeViolations(buyer, '/deal/{token} after the offer');
  } finally {
    await buyerContext.close();
  }

  // 5. Live on the lead page: the offer, compared; Ann as primary buyer, her earnest money, the sale, the fee.
  const offered = matching.getByRole('listitem').filter({ hasText: 'Offered: see Buyer offers' });
  await expect(offered).toContainText('Ann Lee', { timeout: 15_000 });
  await expect(offered).toContainText('Opened');
  await expect(matching.getByRole('listitem').filter({ hasText: 'E-mailed, not opened yet' })).toHaveCount(2);
  const offers = page.getByRole('region', { name: 'Buyer offers', exact: true });
  const annOffer = offers.getByRole('table').getByRole('row', { name: /Ann Lee/ });
  await expect(annOffer).toContainText('$180,000');
  await expect(annOffer).toContainText('$300,000: covers the offer');
  const proofLink = annOffer.getByRole('link', { name: "Download Ann Lee's proof of funds" });
  const proofFile = await page.request.get((await proofLink.getAttribute('href'))!);
  expect(proofFile.headers()['content-type']).toBe('application/pdf');
  expect((await proofFile.body()).equals(proofOfFunds)).toBe(true);
  await offers.getByLabel('Primary buyer').selectOption({ label: 'Ann Lee: $180,000' });
  await offers.getByRole('button', { name: 'Save buyers' }).press('Enter');
  await expect(annOffer.getByRole('cell', { name: 'Primary' })).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Fee ledger', exact: true });
  await expect(ledger.locator('div', { hasText: /^Fee, if the primary buyer closes/ })).toContainText('$40,000');
  await expectNoAxeViolations(page, 'the lead page with the primary buyer chosen');

  const today = daysAgo(0);
  const earnest = page.getByRole('region', { name: "Buyer's earnest money", exact: true });
  await earnest.getByLabel('Amount received ($)').fill('5,000');
  await earnest.getByLabel('Arrived on').fill(today);
  await earnest.getByRole('button', { name: 'Record earnest money' }).click();
  await expect(earnest.getByRole('status')).toContainText('$5,000 arrived on');

  const sale = page.getByRole('region', { name: 'Sale', exact: true });
  await sale.getByLabel('How it sold').selectOption('assigned');
  await sale.getByLabel('Assignment price ($)').fill('180,000');
  await sale.getByLabel('Date', { exact: true }).fill(today);
  await sale.getByRole('button', { name: 'Mark sold' }).click();
  await expect(sale.getByRole('status')).toContainText('Assigned at $180,000');
  await expect(page.locator('.lead-header')).toContainText('Closed');
  await expect(ledger.locator('div', { hasText: /^Contract price/ })).toContainText('$140,000');
  await expect(ledger.locator('div', { hasText: /^Assignment fee/ })).toContainText('$40,000');
  await expect(ledger.locator('div', { hasText: /^Net fee/ })).toContainText('$40,000');
  await expectNoAxeViolations(page, 'the lead page after the sale');

  // 6. The assignment of contract, downloaded and read back.
  const assignment = page.getByRole('region', { name: 'Assignment of contract' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    assignment.getByRole('button', { name: 'Assignment PDF' }).click(),
  ]);
  expect((download as Download).suggestedFilename()).toBe('assignment-of-contract-88-birch-ln-austin-tx-78702.pdf');
  const text = (await readPdfText(readFileSync(await download.path()))).text.replace(/\s+/g, ' ');
  const contractDay = new Date(`${contractDate}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  for (const line of [
    'Have an attorney review this; rules differ by state.',
    'Assignor (holds the purchase contract): Ann Wholesale, Oak Homes LLC',
    'Assignee (the buyer): Ann Lee',
    'Seller: Sam Seller',
    `Property: ${DEAL_ADDRESS}`,
    `Purchase contract dated ${contractDay}`,
    'Assignment fee, paid to the Assignor $40,000',
    "Assignee's earnest money deposit $5,000",
  ])
    expect(text).toContain(line);

  await page.setViewportSize({ width: 360, height: 800 });
  for (const [region, file] of [
    [matching, 'matching-buyers-360.png'],
    [offers, 'buyer-offers-360.png'],
    [earnest, 'earnest-money-360.png'],
    [sale, 'sale-360.png'],
    [ledger, 'fee-ledger-360.png'],
    [assignment, 'assignment-360.png'],
  ] as const)
    await region.screenshot({ path: path.join(screenshots, file) });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'the lead page at 360 px');

  // The fee on /deals, under the month and the lead's source.
  await page.setViewportSize({ width: 1280, height: 900 });
  await ledger.getByRole('link', { name: 'All deals' }).click();
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  const totals = page.getByRole('region', { name: /^[A-Z][a-z]+ \d{4}$/ });
  await expect(totals.locator('div', { has: page.getByText('Deals sold', { exact: true }) })).toHaveText(
    /^Deals sold\s*1$/,
  );
  await expect(totals.locator('div', { has: page.getByText('Total fees', { exact: true }) })).toContainText('$40,000');
  const bySource = page.getByRole('region', { name: 'By lead source, table', exact: true });
  await expect(bySource.getByRole('row', { name: /^Shared link/ })).toContainText('$40,000');
  await expectNoAxeViolations(page, '/deals');
});
