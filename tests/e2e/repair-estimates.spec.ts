// Repair estimate modes (issue 13, item 4): a wholesaler estimates repairs per square foot or by
// line items instead of the checklist, by keyboard; bad figures are named; the saved property
// keeps the estimate and shows how each line was reckoned.
import path from 'node:path';
import { registerThroughUi } from './support/accounts';
import { enterProperty, expectRange, getCashOffer, saveOfferOnScreen } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const screenshots = path.join(process.cwd(), 'test-results', 'repair-estimates-screens');

test('a wholesaler estimates repairs per square foot, then by line items, and saves the estimate', async ({ page }) => {
  // A registration, two pages, three axe passes and three full-page screenshots: 35 s on a loaded machine.
  test.setTimeout(60_000);
  await registerThroughUi(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Wholesaler' }).click();
  await enterProperty(page, { address: '5 Rehab Rd, Austin, TX', marketValue: '200000' });

  // Per square foot, chosen by keyboard.
  const modes = page.getByRole('group', { name: 'Estimate repairs by' });
  await modes.getByRole('button', { name: 'Per sq ft' }).focus();
  await page.keyboard.press('Enter');
  await expect(modes.getByRole('button', { name: 'Per sq ft' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Square feet').fill('1500');
  await page.getByLabel('Condition').selectOption('moderate');
  await expect(page.getByLabel(/Cost per sq ft/)).toHaveValue('40');
  await page.getByLabel(/Cost per sq ft/).fill('10');
  await getCashOffer(page);
  // Said at the field it is about, which takes the focus.
  await expect(page.getByLabel(/Cost per sq ft/)).toBeFocused();
  await expect(page.getByLabel(/Cost per sq ft/)).toHaveAccessibleDescription(
    'Moderate repairs cost between $30 and $50 per sq ft',
  );
  await expect(page.getByTestId('offer-range')).toHaveCount(0);

  await page.getByLabel(/Cost per sq ft/).fill('40');
  // 1,500 × $40 = $60,000, plus 15 % contingency = $69,000.
  await expect(page.getByText('Total repairs').locator('..')).toContainText('$69,000');
  await getCashOffer(page);
  // $200,000 × 0.7 − $69,000 − profit $5,000 … $20,000.
  await expectRange(page, '$51,000', '$66,000');
  await expectNoAxeViolations(page, 'calculator, per square foot');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(screenshots, `per-square-foot-${width}.png`), fullPage: true });
    // The three modes fit inside the form, at 360px too.
    const form = (await page.getByRole('form', { name: 'Property and repairs' }).boundingBox())!;
    const switcher = (await modes.boundingBox())!;
    expect(switcher.x + switcher.width).toBeLessThanOrEqual(form.x + form.width);
  }

  // Line items.
  await modes.getByRole('button', { name: 'Line items' }).click();
  await page.getByLabel('Item 1', { exact: true }).fill('Windows');
  await page.getByLabel('Quantity (item 1)').fill('12');
  await page.getByLabel('Unit cost, $ (item 1)').fill('450');
  await page.getByRole('button', { name: 'Add line item' }).click();
  await page.getByLabel('Item 2', { exact: true }).fill('Paint');
  await page.getByLabel('Quantity (item 2)').fill('0');
  await getCashOffer(page);
  await expect(page.getByLabel('Quantity (item 2)')).toBeFocused();
  await expect(page.getByLabel('Quantity (item 2)')).toHaveAccessibleDescription(
    'Quantity must be more than 0 and at most 10,000',
  );
  await expectNoAxeViolations(page, 'calculator, a line item refused');
  await page.getByRole('button', { name: 'Remove item 2' }).click();
  // The focus is not left on the remaining item's Remove, which cannot be pressed.
  await expect(page.getByLabel('Item 1', { exact: true })).toBeFocused();
  await getCashOffer(page);
  // $140,000 − $5,400 − profit.
  await expectRange(page, '$114,600', '$129,600');
  await expectNoAxeViolations(page, 'calculator, line items');
  await page.setViewportSize({ width: 360, height: 900 });
  await page.screenshot({ path: path.join(screenshots, 'line-items-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await saveOfferOnScreen(page);
  await page.goto('/saved');
  const card = page.getByRole('article', { name: '5 Rehab Rd, Austin, TX' });
  await expect(card).toContainText('$5,400');
  await expect(card).toContainText('Windows (12 × $450)');
  await expect(card).toContainText('$114,600 – $129,600');
});
