// Issue 42 part 7: the Owner chooses on /team what homeowners see of an offer. With "the range
// only" and the net sheet hidden, the homeowner's offer page shows the range, and neither the page
// nor the HTML the server sends holds the repairs, the formula, the market value or the net sheet;
// the personal page's calculator shows the range without how it was computed or the net sheet.
import type { Page } from '@playwright/test';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { registerThroughUi } from './support/accounts';
import { enterProperty, getCashOffer } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

async function shareOffer(page: Page): Promise<string> {
  const response = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: {
        address: '12 Oak St, Austin, TX',
        marketValue: 200000,
        repairs: setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000),
        template: defaultTemplate,
      },
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
  return new URL(((await response.json()) as { url: string }).url).pathname;
}

test('with "the range only" and no net sheet, the homeowner gets the range and nothing of the math', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await registerThroughUi(page);
  const handle = `view-${Date.now().toString(36)}`;
  const profile = await page.request.put('/api/profile', {
    data: {
      handle,
      displayName: 'Lee Homes Buyer',
      company: 'Lee Homes',
      phone: '512-555-0199',
      replyToEmail: '',
      postalAddress: '',
      notifyOnLeads: true,
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(profile.status()).toBe(200);
  const offerPath = await shareOffer(page);

  await page.goto('/team');
  const card = page.getByRole('region', { name: 'What homeowners see' });
  await expect(card.getByRole('radio', { name: /The whole math/ })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: /Show the net sheet/ })).toBeChecked();
  await card.getByRole('radio', { name: /The range only/ }).check();
  await card.getByRole('checkbox', { name: /Show the net sheet/ }).uncheck();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('What homeowners see is saved')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('radio', { name: /The range only/ })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: /Show the net sheet/ })).not.toBeChecked();
  await expectNoAxeViolations(page, '/team');

  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.77.1.1' } });
  const homeowner = await context.newPage();
  const html = await (await homeowner.request.get(offerPath)).text();
  expect(html).toContain('Your cash offer from');
  for (const hidden of ['New Roof', '9,000', '200,000', '200000', 'How we got this number', 'Compare your options'])
    expect(html).not.toContain(hidden);

  await homeowner.goto(offerPath);
  await expect(homeowner.locator('html[data-hydrated]')).toBeAttached({ timeout: 15_000 });
  await expect(homeowner.getByTestId('offer-range')).toHaveText(/\$111,000\s*–?\s*to\s*\$126,000/);
  await expect(homeowner.getByText('12 Oak St, Austin, TX')).toBeVisible();
  await expect(homeowner.getByText(/Repairs this offer allows for/)).toHaveCount(0);
  await expect(homeowner.getByText('How we got this number')).toHaveCount(0);
  await expect(homeowner.getByText('Compare your options')).toHaveCount(0);
  await expect(homeowner.getByText('Market value')).toHaveCount(0);
  await expect(homeowner.getByRole('button', { name: 'Negotiate' })).toBeVisible();
  const shown = await homeowner.content();
  for (const hidden of ['New Roof', '200,000', 'How we got this number']) expect(shown).not.toContain(hidden);
  await expectNoAxeViolations(homeowner, '/offer/{token} with the range only');
  await homeowner.setViewportSize({ width: 360, height: 800 });
  expect(await homeowner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The wholesaler's personal page follows the same choice: the range, without how it was computed or the net sheet.
  await homeowner.goto(`/c/${handle}`);
  await enterProperty(homeowner, { address: '48 Elm St, Austin, TX', marketValue: '200000' });
  await getCashOffer(homeowner);
  await expect(homeowner.getByTestId('offer-range')).toHaveText(/\$120,000\s*–?\s*to\s*\$135,000/);
  await expect(homeowner.getByRole('button', { name: 'Get Offer' })).toBeVisible();
  await expect(homeowner.getByText('How we got this number')).toHaveCount(0);
  await expect(homeowner.getByText('Compare your options')).toHaveCount(0);
  await expectNoAxeViolations(homeowner, '/c/{handle} with the range only');
  expect(await homeowner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
