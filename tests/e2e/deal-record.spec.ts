// One deal record (issue 42 §4), as a wholesaler works it: a homeowner counters a shared offer; the
// lead is saved as a property, reopened in the calculator from the lead, its repairs changed after
// the walkthrough and saved again (the earlier version listed); the revised offer, computed from
// those figures, is e-mailed carrying them (read from the e-mail provider's fake); the lead goes
// Under Contract with its contract terms, shown on the lead. Axe and a 360 px screen on each new screen.
import { request as playwrightRequest } from '@playwright/test';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { toggleRepair } from '#domain/repairs/repair-state.ts';
import { startResendFake, type ResendFake, type ResendFakeEmail } from '../fakes/resend-fake';
import { uniqueEmail } from '../support/test-users';
import { registerThroughUi } from './support/accounts';
import { addPostalAddress, verifyEmailThroughOutbox } from './support/bulk-sender';
import { expectRange, getCashOffer } from './support/calculator-page';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const PORT_OFFSET = 98;
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

/** The newest e-mail to `address` whose subject starts with `subject`, waiting for it at the fake. */
async function emailTo(address: string, subject: string): Promise<ResendFakeEmail> {
  let found: ResendFakeEmail | undefined;
  await expect
    .poll(
      () => {
        found = resend.emails.findLast((email) => email.to[0] === address && email.subject.startsWith(subject));
        return found;
      },
      { message: `an e-mail to ${address}: ${subject}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

test('a saved deal is reopened, its repairs changed, the revised offer e-mailed with the new figures, and Under Contract takes the terms', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await registerThroughUi(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await addPostalAddress(page);

  // The wholesaler's offer with a new roof ($7,000): $113,000 – $128,000 at $200,000; the homeowner counters.
  const shared = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: {
        address: '12 Oak St, Austin, TX',
        marketValue: 200000,
        repairs: toggleRepair(defaultRepairCatalog, 'New Roof'),
        template: defaultTemplate,
      },
    },
  });
  expect(shared.status()).toBe(201);
  const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
  const homeowner = uniqueEmail('ann');
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.92.0.7' } });
  try {
    const answered = await visitor.post(`/api/public/offers/${token}/responses`, {
      data: {
        kind: 'counter',
        desiredPrice: 150000,
        contact: { name: 'Ann Lee', email: homeowner, phone: '512-555-0100' },
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }

  // The lead becomes a saved property: one deal.
  await page.goto('/leads');
  await page.getByRole('link', { name: 'Ann Lee, 12 Oak St, Austin, TX' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ann Lee' })).toBeVisible();
  const leadUrl = page.url();

  // The lead's property opens in the calculator as it is: its address, value and roof.
  await page.getByRole('link', { name: 'Open in calculator' }).click();
  await expect(page).toHaveURL(/\/\?lead=/);
  await expect(page.getByText("Working the lead's property at 12 Oak St, Austin, TX.")).toBeVisible();
  await expect(page.getByLabel('Market value', { exact: true })).toHaveValue('200000');
  await expect(page.getByLabel(/New Roof/).first()).toBeChecked();
  await expectRange(page, '$113,000', '$128,000');
  await page.goto(leadUrl);
  await page.getByRole('button', { name: 'Save as saved property' }).click();
  await expect(page.getByText('Saved. View saved properties')).toBeVisible();

  // Reopened in the calculator from the lead: the saved analysis, its roof ticked, its range shown.
  const open = page.getByRole('link', { name: 'Open in calculator' });
  await expect(open).toHaveAttribute('href', /\/\?saved=/);
  await open.click();
  await expect(page.getByText('Editing the saved analysis of 12 Oak St, Austin, TX')).toBeVisible();
  await expect(page.getByLabel('Property address')).toHaveValue('12 Oak St, Austin, TX');
  await expect(page.getByLabel(/New Roof/).first()).toBeChecked();
  await expectRange(page, '$113,000', '$128,000');

  // The walkthrough found the HVAC too ($5,000): 140,000 − 12,000, less $20,000 to $5,000.
  await page.getByRole('checkbox', { name: /HVAC Replacement/ }).check();
  await getCashOffer(page);
  await expectRange(page, '$108,000', '$123,000');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const save = page.getByRole('dialog', { name: 'Save Changes' });
  await expect(save.getByLabel('Name')).toHaveValue('Ann Lee');
  await save.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Changes saved; the earlier version is kept.')).toBeVisible();

  // Reopened again: the earlier version is there to read.
  await page.goto(leadUrl);
  await page.getByRole('link', { name: 'Open in calculator' }).click();
  const versions = page.getByRole('region', { name: 'Earlier versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions).toContainText('repairs $7,000, offer $113,000 - $128,000');
  await expectRange(page, '$108,000', '$123,000');
  await expectNoAxeViolations(page, 'a saved analysis reopened in the calculator');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('saved-deal-reopened-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The revised offer starts from the deal's figures as they now stand, and shows its math.
  await page.goto(leadUrl);
  await page.getByRole('button', { name: 'Send revised offer' }).click();
  const revise = page.getByRole('dialog', { name: 'Send revised offer' });
  await expect(revise.getByLabel('After-repair value ($)')).toHaveValue('200000');
  await expect(revise.getByLabel('Repairs ($)')).toHaveValue('12000');
  await expect(revise.getByText('New offer: $108,000 – $123,000')).toBeVisible();
  await revise.getByText('How we got this number').click();
  await expect(revise.getByRole('row', { name: /Repairs \$12,000 × repair multiplier 1/ })).toBeVisible();
  await expectNoAxeViolations(page, 'revised offer from the deal figures');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('revised-offer-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await revise.getByRole('button', { name: 'Send revised offer' }).click();
  await expect(revise.getByText(`is queued to be e-mailed to ${homeowner}`)).toBeVisible();
  const offer = await emailTo(homeowner, 'Revised Cash Offer for 12 Oak St, Austin, TX');
  expect(offer.text).toContain('$108,000 - $123,000');
  expect(offer.text).toContain('Market value once repaired: $200,000');
  expect(offer.text).toContain('Repairs: $12,000 (New Roof $7,000, HVAC Replacement $5,000)');
  await revise.getByRole('button', { name: 'Done' }).click();

  // Under Contract asks for the contract terms; the lead then shows them.
  await page.getByRole('group', { name: 'Pipeline status' }).getByRole('button', { name: 'Under Contract' }).click();
  const terms = page.getByRole('dialog', { name: 'Move to Under Contract' });
  await terms.getByRole('button', { name: 'Save contract terms' }).click();
  await expect(terms.getByLabel('Contract price ($)')).toHaveAccessibleDescription('Please enter the contract price');
  await expect(terms.getByLabel('Contract price ($)')).toBeFocused();
  await expectNoAxeViolations(page, 'Under Contract terms with an error');
  await page.keyboard.type('150,000');
  await terms.getByLabel('Contract date').fill('2026-12-01');
  await terms.getByLabel('Closing date (optional)').fill('2027-01-15');
  await terms.getByLabel('Earnest money ($, optional)').fill('1,000');
  await terms.getByLabel('Title company (optional)').fill('Lone Star Title');
  await terms.getByRole('button', { name: 'Save contract terms' }).click();
  await expect(terms).toBeHidden();
  const pipeline = page.getByRole('group', { name: 'Pipeline status' });
  await expect(pipeline.getByRole('button', { name: 'Under Contract' })).toHaveAttribute('aria-pressed', 'true');
  const dealTerms = page.getByRole('region', { name: 'Deal terms' });
  await expect(dealTerms).toContainText('Contract price$150,000');
  await expect(dealTerms).toContainText('Closing dateJan 15, 2027');
  await expect(dealTerms).toContainText('Title companyLone Star Title');
  await expect(dealTerms).toContainText('Earnest money$1,000');
  await expectNoAxeViolations(page, 'a lead under contract with its terms');
  await page.setViewportSize({ width: 360, height: 800 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('lead-under-contract-360.png'), fullPage: true });
});
