// The anonymous visitor's journeys through the calculator (spec §2 Calculator screen, §4, §5,
// §8, §9), by role and visible text, against the real server and its seeded database.
import type { Locator, Page } from '@playwright/test';
import {
  calculatorHeading,
  chooseWholesaler,
  enterProperty,
  escapeRegExp,
  expectNoRange,
  expectRange,
  getCashOffer,
  offerRange,
  openCalculator,
  sampleAddress as address,
  userTypeButton,
} from './support/calculator-page';
import { actsAtOnce, expect, expectNoAxeViolations, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `maxPresses`. */
async function tabTo(page: Page, target: Locator, { backwards = false, maxPresses = 25 } = {}) {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  await expect(target, `Tab never reached the element after ${maxPresses} presses`).toBeFocused();
}

test.describe('homeowner', () => {
  test('gets a cash offer range, and repairs lower it', async ({ page }) => {
    await openCalculator(page);
    await expect(userTypeButton(page, 'Homeowner')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('before giving any contact information')).toBeVisible();
    await expectNoRange(page);

    // §5 with Standard Wholesale: 200000 × 0.7 − 20000 and − 5000.
    await enterProperty(page, { address, marketValue: '200000' });
    await getCashOffer(page);
    await expectRange(page, '$120,000', '$135,000');
    // Screen readers hear the range in one sentence, not the whole card read out again.
    await expect(offerRange(page).getByRole('status').filter({ hasText: 'Your cash offer range' })).toHaveText(
      'Your cash offer range: $120,000 to $135,000',
    );
    await expect(offerRange(page)).not.toHaveAttribute('aria-live');
    await expect(offerRange(page)).toContainText('Market value$200,000');
    await expect(offerRange(page)).toContainText('Repairs$0');
    await expectNoAxeViolations(page, '/ (homeowner, with a range)');

    // §4: selecting a repair shows its cost (the minimum) and hides the range.
    const roof = page.getByRole('checkbox', { name: /New Roof/ });
    await roof.check();
    await expectNoRange(page);
    const roofCost = page.getByRole('textbox', { name: 'New Roof cost' });
    await expect(roofCost).toHaveValue('7000');
    await expect(page.getByRole('paragraph').filter({ hasText: 'Total repairs' })).toContainText('$7,000');
    await getCashOffer(page);
    await expectRange(page, '$113,000', '$128,000');
    await expect(offerRange(page)).toContainText('Repairs$7,000');

    // §4: any edit hides the range: the address, the market value, a repair's cost, a toggle.
    await page.getByLabel('Property address').fill(`${address} `);
    await expectNoRange(page);
    await getCashOffer(page);
    await expectRange(page, '$113,000', '$128,000');

    await page.getByLabel('Market value', { exact: true }).fill('210000');
    await expectNoRange(page);
    await getCashOffer(page);
    await expectRange(page, '$120,000', '$135,000');

    await roofCost.fill('9000');
    await expectNoRange(page);
    await getCashOffer(page);
    await expectRange(page, '$118,000', '$133,000');

    // Deselecting resets the cost to the minimum (§4) and hides the range again.
    await roof.uncheck();
    await expectNoRange(page);
    await expect(roofCost).toHaveCount(0);
    await roof.check();
    await expect(roofCost).toHaveValue('7000');
  });

  test('types the property and ticks a repair before the page’s code has run, and gets the offer for them', async ({
    page,
  }) => {
    // A visitor on a slow phone starts at once on the page the server drew; its code is held back here until then.
    actsAtOnce(page);
    const runPageScripts = await holdRequests(page, '**/load-page-scripts.js');
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Property address').fill(address);
    await page.getByLabel('Market value', { exact: true }).fill('200000');
    await page.getByRole('checkbox', { name: /New Roof/ }).check();
    runPageScripts();
    // Hydrated, the page keeps all three: the roof's cost and the total show, and the offer counts them.
    await expect(page.getByRole('textbox', { name: 'New Roof cost' })).toHaveValue('7000');
    await expect(page.getByRole('paragraph').filter({ hasText: 'Total repairs' })).toContainText('$7,000');
    await getCashOffer(page);
    await expectRange(page, '$113,000', '$128,000');
    await expect(offerRange(page)).toContainText('Market value$200,000');
  });

  test('is told what is missing or wrong, and typed money formats are accepted', async ({ page }) => {
    await openCalculator(page);
    const addressField = page.getByLabel('Property address');
    const marketValueField = page.getByLabel('Market value', { exact: true });

    await getCashOffer(page);
    await expect(page.getByText('Please enter a property address')).toBeVisible();
    await expect(page.getByText('Please enter the market value')).toBeVisible();
    // The first field that needs attention takes the focus.
    await expect(addressField).toBeFocused();
    await expect(addressField).toHaveAttribute('aria-invalid', 'true');
    await expect(marketValueField).toHaveAttribute('aria-invalid', 'true');
    await expect(addressField).toHaveAccessibleDescription('Please enter a property address');
    await expectNoRange(page);
    await expectNoAxeViolations(page, '/ (with both field errors)');

    // Typing in a field clears its own message only.
    await addressField.fill(address);
    await expect(page.getByText('Please enter a property address')).toHaveCount(0);
    await expect(page.getByText('Please enter the market value')).toBeVisible();

    for (const [typed, message] of [
      ['abc', 'Market value must be a number'],
      ['-5', 'Market value must be a positive number'],
    ] as const) {
      await marketValueField.fill(typed);
      await getCashOffer(page);
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(marketValueField).toHaveAttribute('aria-invalid', 'true');
      await expectNoRange(page);
    }

    // 250000 × 0.7 = 175000: low 155000, high 170000 (cents floored away).
    for (const typed of ['250,000', '$250000', '250000.50']) {
      await marketValueField.fill(typed);
      await getCashOffer(page);
      await expectRange(page, '$155,000', '$170,000');
      await expect(marketValueField).not.toHaveAttribute('aria-invalid', 'true');
    }
  });

  test('a refused repair cost says why under its field, and no offer is made from the cost before it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await openCalculator(page);
    await enterProperty(page, { address, marketValue: '200000' });
    await page.getByRole('checkbox', { name: /New Roof/ }).check();
    const roofCost = page.getByRole('textbox', { name: 'New Roof cost' });
    await roofCost.fill('9000');
    await getCashOffer(page);
    await expectRange(page, '$111,000', '$126,000');

    await roofCost.fill('-100');
    await expectNoRange(page);
    await getCashOffer(page);
    const error = page.getByRole('alert').filter({ hasText: 'Enter a repair cost of $0 or more' });
    await expect(error).toBeVisible();
    await expectNoRange(page);
    await expect(roofCost).toBeFocused();
    await expect(roofCost).toHaveValue('-100');
    await expect(roofCost).toHaveAccessibleDescription('Enter a repair cost of $0 or more');
    // The message is a line of its own under the field; the '$' stays inside the field.
    const field = (await roofCost.boundingBox())!;
    const prefix = (await page.locator('.repair-cost .input-prefix').boundingBox())!;
    expect((await error.boundingBox())!.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(prefix.y).toBeGreaterThan(field.y);
    expect(prefix.y + prefix.height).toBeLessThan(field.y + field.height);
    await expectNoAxeViolations(page, '/ (a refused repair cost)');

    // Above the largest repair cost is refused too, not silently lowered.
    await roofCost.fill('20000000000');
    await getCashOffer(page);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter a repair cost of at most $10,000,000,000' }),
    ).toBeVisible();
    await expectNoRange(page);

    await roofCost.fill('8000');
    await expect(error).toHaveCount(0);
    await getCashOffer(page);
    await expectRange(page, '$112,000', '$127,000');
  });

  test('sees that the deal does not work rather than a negative price', async ({ page }) => {
    await openCalculator(page);
    // 25000 × 0.7 − 20000 = −2500: no offer can be made at this value.
    await enterProperty(page, { address, marketValue: '25000' });
    await getCashOffer(page);
    const result = offerRange(page);
    await expect(result.getByRole('alert')).toContainText('there is no cash offer to show');
    await expect(result.getByTestId('offer-range')).toHaveCount(0);
    await expect(result).not.toContainText('-$');
    await expectNoAxeViolations(page, '/ (an unworkable offer)');
  });

  test('does the whole journey with the keyboard alone', async ({ page }) => {
    await openCalculator(page);

    const addressField = page.getByLabel('Property address');
    await tabTo(page, addressField);
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Market value', { exact: true })).toBeFocused();
    await page.keyboard.type('200000');
    // Enter in a field submits the form, like the button.
    await page.keyboard.press('Enter');
    await expectRange(page, '$120,000', '$135,000');

    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Estimate' })).toBeFocused();
    await page.keyboard.press('Tab');
    const roof = page.getByRole('checkbox', { name: /New Roof/ });
    await expect(roof).toBeFocused();
    await page.keyboard.press('Space');
    await expect(roof).toBeChecked();
    await expectNoRange(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'New Roof cost' })).toBeFocused();

    const submit = page.getByRole('button', { name: 'Get Cash Offer' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expectRange(page, '$113,000', '$128,000');

    // Space on the toggle switches to the wholesaler's tools.
    await tabTo(page, userTypeButton(page, 'Wholesaler'), { backwards: true });
    await page.keyboard.press('Space');
    await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Formula Settings' })).toBeVisible();
  });
});

test.describe('wholesaler', () => {
  test('chooses a formula template and is asked to sign in to save', async ({ page }) => {
    await openCalculator(page);
    await expect(page.getByRole('button', { name: 'Formula Settings' })).toHaveCount(0);
    await chooseWholesaler(page);
    await expect(page.getByText('Using Standard Wholesale')).toBeVisible();

    await enterProperty(page, { address, marketValue: '200000' });
    await getCashOffer(page);
    await expectRange(page, '$120,000', '$135,000');

    const settings = page.getByRole('button', { name: 'Formula Settings' });
    await settings.click();
    const dialog = page.getByRole('dialog', { name: 'Formula Templates' });
    await expect(dialog).toBeVisible();
    // §3: the five templates, sorted by name, the current one marked.
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      'Aggressive Investor',
      'Buy & Hold',
      'Fix & Flip',
      'Light Rehab',
      'Standard Wholesale',
    ]);
    await expect(dialog.getByRole('button', { name: 'Select Standard Wholesale' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoAxeViolations(page, '/ (wholesaler, Formula Templates dialog)');

    await dialog.getByRole('button', { name: 'Select Aggressive Investor' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Aggressive Investor template selected')).toBeVisible();
    await expect(page.getByText('Using Aggressive Investor')).toBeVisible();
    // The range on screen is worked out again with the new formula: 200000 × 0.6 − 30000 and − 10000.
    await expectRange(page, '$90,000', '$110,000');
    await getCashOffer(page);
    await expectRange(page, '$90,000', '$110,000');
    await expect(offerRange(page)).toContainText('FormulaAggressive Investor');
    const signIn = offerRange(page).getByRole('link', { name: 'Sign In to Save' });
    await expect(signIn).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(page, '/ (wholesaler, with a range)');

    // Close and Escape both close the dialog; the choice is remembered.
    await settings.click();
    await expect(dialog.getByRole('button', { name: 'Select Aggressive Investor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
    await settings.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(settings).toBeFocused();
    await expectRange(page, '$90,000', '$110,000');

    await signIn.click();
    await expect(page).toHaveURL(/\/login$/);
    await expectNoAxeViolations(page, '/login');
  });
});

test.describe('signing in to save', () => {
  test('brings the wholesaler back to the same calculation after registering, ready to save', async ({ page }) => {
    await openCalculator(page);
    await chooseWholesaler(page);
    await enterProperty(page, { address, marketValue: '200000' });
    await page.getByLabel('New Roof').check();
    await page.getByLabel('New Roof cost').fill('9000');
    await page.getByRole('button', { name: 'Formula Settings' }).click();
    await page
      .getByRole('dialog', { name: 'Formula Templates' })
      .getByRole('button', { name: 'Select Aggressive Investor' })
      .click();
    await getCashOffer(page);
    // 200000 × 0.6 − 9000 × 1 − 30000 and − 10000.
    await expectRange(page, '$81,000', '$101,000');

    await offerRange(page).getByRole('link', { name: 'Sign In to Save' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create one' }).click();
    // The sign-in form's fields stay until the registration page has loaded.
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByLabel('Email').fill(`draft-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('e2e-Secret-passphrase-9');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(calculatorHeading(page)).toBeVisible();
    await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Property address')).toHaveValue(address);
    await expect(page.getByLabel('New Roof cost')).toHaveValue('9000');
    await expect(page.getByText('Using Aggressive Investor')).toBeVisible();
    await expectRange(page, '$81,000', '$101,000');
    await expect(offerRange(page).getByRole('button', { name: 'Save Property' })).toBeVisible();
    await expectNoAxeViolations(page, '/ (back from registering, calculation kept)');
  });
});

test.describe('market value estimate', () => {
  test('lists three valuation sites and opens each in a 1000x800 window', async ({ page }) => {
    // Record window.open instead of opening real outside sites (there is no internet here).
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      Object.assign(window, { openCalls: calls });
      window.open = (...args: unknown[]) => {
        calls.push(args);
        return null;
      };
    });
    await openCalculator(page);
    await page.getByLabel('Property address').fill(address);

    const estimate = page.getByRole('button', { name: 'Estimate' });
    await estimate.click();
    const dialog = page.getByRole('dialog', { name: 'Get Property Value Estimate' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(address);
    await expect(dialog).toContainText('Third-party estimates vary');
    const sites = dialog.getByRole('listitem').getByRole('button');
    await expect(sites).toHaveText([/Zillow/, /Redfin/, /Realtor\.com/]);
    await expectNoAxeViolations(page, '/ (Get Property Value Estimate dialog)');

    for (const name of ['Zillow', 'Redfin', 'Realtor.com']) {
      await dialog.getByRole('button', { name: new RegExp(`Check ${escapeRegExp(name)}`) }).click();
    }
    const calls = await page.evaluate(() => (window as unknown as { openCalls: [string, string, string][] }).openCalls);
    expect(calls).toHaveLength(3);
    const hosts = ['www.zillow.com', 'www.redfin.com', 'www.realtor.com'];
    calls.forEach(([url, target, features], index) => {
      expect(new URL(url).hostname).toBe(hosts[index]);
      expect(url).toContain(encodeURIComponent(address));
      expect(target).toBe('_blank');
      expect(features).toContain('width=1000,height=800');
    });

    // Escape closes it and gives the focus back to the Estimate button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(estimate).toBeFocused();
  });
});

test.describe('navigation', () => {
  test('the Calculator link resets to homeowner, and a link can preselect wholesaler', async ({ page }) => {
    await openCalculator(page);
    await chooseWholesaler(page);

    // §2: on / the Calculator link carries no user type, so the choice stays.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('link', { name: 'For Wholesalers' }).click();
    await expect(page).toHaveURL(/\/wholesalers$/);
    await expectNoAxeViolations(page, '/wholesalers');

    // Coming back from another page, the Calculator link sets homeowner.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(calculatorHeading(page)).toBeVisible();
    await expect(userTypeButton(page, 'Homeowner')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Formula Settings' })).toHaveCount(0);

    // Try Calculator passes Wholesaler, in the address (`/?as=wholesaler`: a link followed before
    // the page's code has run carries no state; clicks-before-hydration.spec.ts follows it so).
    await page.getByRole('link', { name: 'For Wholesalers' }).click();
    await expect(page).toHaveURL(/\/wholesalers$/);
    await page.getByRole('link', { name: 'Try Calculator' }).click();
    await expect(calculatorHeading(page)).toBeVisible();
    await expect(userTypeButton(page, 'Wholesaler')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Formula Settings' })).toBeVisible();

    // §2: the passed type is then cleared from the address, so a reload starts as homeowner again.
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(calculatorHeading(page)).toBeVisible();
    await expect(userTypeButton(page, 'Homeowner')).toHaveAttribute('aria-pressed', 'true');
  });
  test('a new page opens at its top, and Back returns to where the reader was', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 700 });
    await page.goto('/wholesalers');
    const createAccount = page.getByRole('link', { name: 'Create Your Free Account' });
    await createAccount.scrollIntoViewIfNeeded();
    const readTo = await page.evaluate(() => window.scrollY);
    expect(readTo).toBeGreaterThan(1000);

    await createAccount.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(createAccount).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(readTo);

    // A page loaded afresh in the same tab (a typed address) opens at its top too, not where the
    // tab's last loaded page was left.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Calculate Your Cash Offer' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('when the server fails', () => {
  /**
   * '/' as the browser would get it without the data the server draws it with (the public
   * configuration, the templates and repairs): the browser then asks the API for them itself.
   */
  async function calculatorPageWithoutItsData(page: Page) {
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /<script id="(public-config|page-data)" type="application\/json">.*?<\/script>/gs,
          '',
        );
        await route.fulfill({ response, body: html });
      },
    );
  }

  test('a configuration failure shows the Configuration Error page', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    consoleErrors.allow(/Failed to initialize configuration/);
    await calculatorPageWithoutItsData(page);
    await page.route('**/api/config', (route) =>
      route.fulfill({ status: 500, json: { error: 'The configuration could not be read' } }),
    );
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Configuration Error' })).toBeVisible();
    await expect(
      page.getByText('Unable to initialize application. Please check your configuration settings.'),
    ).toBeVisible();
    await expect(page.getByText('The configuration could not be read')).toBeVisible();
    await expect(page.getByText('Configuration error. Please check settings in your dashboard.')).toBeVisible();
    await expect(calculatorHeading(page)).toHaveCount(0);
    await expectNoAxeViolations(page, '/ (Configuration Error page)');
  });

  test('without the stored templates the calculator says so and uses the built-in ones', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 500/);
    await calculatorPageWithoutItsData(page);
    await page.route('**/api/calculator/templates', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong. Please try again.' } }),
    );
    await page.goto('/');

    await expect(page.getByText('Error initializing calculator')).toBeVisible({ timeout: 10_000 });
    await expect(calculatorHeading(page)).toBeVisible();
    await enterProperty(page, { address, marketValue: '200000' });
    await getCashOffer(page);
    await expectRange(page, '$120,000', '$135,000');

    await chooseWholesaler(page);
    await page.getByRole('button', { name: 'Formula Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formula Templates' });
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(5);
    await dialog.getByRole('button', { name: 'Select Fix & Flip' }).click();
    await getCashOffer(page);
    // 200000 × 0.8 − 40000 and − 15000.
    await expectRange(page, '$120,000', '$145,000');
  });
});
