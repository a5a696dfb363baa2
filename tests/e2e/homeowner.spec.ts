// The homeowner's journeys after the range (issue 6; spec §2 Homeowner buttons and modals, §4
// Homeowner accept and Negotiate, §5, §7 browser redirect, §8, §9 82 percent): negotiate above
// and below 82 percent, the MLS/Retail programme form, and accepting the offer, against the
// real server. The server runs without LEAD_FORM_URL, so Get Offer goes to the app's own lead
// page; the outside-form branch is driven by answering /api/config with a LEAD_FORM_URL.
//
// The server allows 5 lead submissions a minute from one address, and every test here comes
// from 127.0.0.1: only four tests let a submission reach the server; failures are simulated.
import type { Page, Request } from '@playwright/test';
import { expectRange } from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';

const address = '123 Main St, Austin, TX 78701';
const outsideForm = 'https://forms.example.com/lead?src=calculator';

async function getRange(page: Page, { marketValue = '200000', roof = false } = {}) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Calculate Your Cash Offer' })).toBeVisible();
  await page.getByLabel('Property address').fill(address);
  await page.getByLabel('Market value', { exact: true }).fill(marketValue);
  if (roof) await page.getByRole('checkbox', { name: /New Roof/ }).check();
  await page.getByRole('button', { name: 'Get Cash Offer' }).click();
  await expect(page.getByTestId('offer-range')).toBeVisible();
}

const negotiateDialog = (page: Page) => page.getByRole('dialog', { name: 'Negotiate Offer' });
const infoDialog = (page: Page) => page.getByRole('dialog', { name: 'Consider Our MLS/Retail Program' });
const programDialog = (page: Page) => page.getByRole('dialog', { name: 'MLS/Retail Program Details' });

async function negotiate(page: Page, desiredPrice: string) {
  await page.getByRole('button', { name: 'Negotiate', exact: true }).click();
  const dialog = negotiateDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Your Desired Price' }).fill(desiredPrice);
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

/** The JSON body of the next POST /api/leads, with its answer's status. */
async function nextLead(page: Page, action: () => Promise<void>) {
  const [request] = await Promise.all([
    page.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/leads'),
    action(),
  ]);
  const response = await (request as Request).response();
  return { body: request.postDataJSON() as Record<string, unknown>, status: response?.status() };
}

/** Serves the page's public configuration (inline in '/', and /api/config) as a server with LEAD_FORM_URL set would. */
async function useOutsideLeadForm(page: Page) {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), leadFormUrl: outsideForm } });
  });
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script id="public-config" type="application\/json">)(.*?)(<\/script>)/s,
        (_, open: string, json: string, close: string) =>
          `${open}${JSON.stringify({ ...(JSON.parse(json) as object), leadFormUrl: outsideForm }).replaceAll('<', '\\u003c')}${close}`,
      );
      await route.fulfill({ response, body: html });
    },
  );
  // The outside form (there is no internet here): a page of our own at its address.
  await page.route('https://forms.example.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Lead form</title><h1>Outside lead form</h1>',
    }),
  );
}

test.describe('negotiate', () => {
  test('above 82% of value shows the programme, whose form is validated and submitted', async ({ page }) => {
    await getRange(page);
    await page.getByRole('button', { name: 'Negotiate', exact: true }).click();
    const dialog = negotiateDialog(page);
    await expect(dialog).toContainText('$120,000 - $135,000');
    const price = dialog.getByRole('spinbutton', { name: 'Your Desired Price' });
    await expect(price).toBeFocused();
    await expectNoAxeViolations(page, '/ (Negotiate Offer dialog)');

    // Nothing typed: told so, nothing recorded.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(price).toHaveAccessibleDescription('Please enter your desired price');
    await expect(price).toHaveAttribute('aria-invalid', 'true');

    // §4/§9: 180000 is 90% of 200000 (above 82%): the info dialog, no lead.
    let recorded = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/leads')) recorded = true;
    });
    await price.fill('180000');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    const info = infoDialog(page);
    await expect(info).toBeVisible();
    await expect(info).toContainText('$180,000');
    await expect(info).toContainText('$164,000');
    await expect(info).toContainText('MLS');
    expect(recorded).toBe(false);
    await expectNoAxeViolations(page, '/ (MLS/Retail programme information)');

    await info.getByRole('button', { name: 'Continue to Program Details' }).click();
    await expect(info).toBeHidden();
    const form = programDialog(page);
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Property Address')).toHaveValue(address);

    // Pressed straight from a field, Submit shows every message at once: the one the field shows
    // on leaving must not move the button away between press and release, losing the click.
    await page.setViewportSize({ width: 360, height: 740 });
    await form.getByLabel('Phone').fill('51255');
    await form.getByLabel('Email').fill('ann@');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByLabel('Timeframe to Sell')).toHaveAccessibleDescription('Please select a timeframe');
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form.getByLabel('Full Name')).toBeFocused();
    await form.getByLabel('Phone').fill('');
    await form.getByLabel('Email').fill('');
    await page.setViewportSize({ width: 1280, height: 720 });

    // §5: every field but notes is required, with its own message.
    await form.getByLabel('Property Address').fill('');
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const [label, message] of [
      ['Full Name', 'Full name is required'],
      ['Phone', 'Phone number is required'],
      ['Email', 'Email is required'],
      ['Property Address', 'Please enter a property address'],
      ['Property Condition', 'Please select the property condition'],
      ['Timeframe to Sell', 'Please select a timeframe'],
    ] as const) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
    }
    await expect(form.getByLabel('Full Name')).toBeFocused();
    await expectNoAxeViolations(page, '/ (MLS/Retail Program Details with errors)');

    await form.getByLabel('Full Name').fill('Ann Lee');
    await form.getByLabel('Phone').fill('5125550100');
    await expect(form.getByLabel('Phone')).toHaveValue('512-555-0100');
    await form.getByLabel('Email').fill('ann@');
    await form.getByLabel('Email').blur();
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await form.getByLabel('Email').fill('ann@example.com');
    await form.getByLabel('Property Address').fill(address);
    await expect(form.getByLabel('Property Condition').locator('option')).toHaveText([
      'Select condition',
      'Excellent',
      'Good',
      'Fair',
      'Poor',
    ]);
    await expect(form.getByLabel('Timeframe to Sell').locator('option')).toHaveText([
      'Select timeframe',
      'ASAP',
      '30 days',
      '60 days',
      '90 days',
      'Flexible',
    ]);
    await form.getByLabel('Property Condition').selectOption('Fair');
    await form.getByLabel('Timeframe to Sell').selectOption({ label: '60 days' });
    await form.getByLabel('Additional Notes (optional)').fill('Roof leaks over the porch');
    await expect(form.locator('.field-error')).toHaveCount(0);

    const lead = await nextLead(page, () => form.getByRole('button', { name: 'Submit' }).click());
    expect(lead.status).toBe(201);
    expect(lead.body).toEqual({
      kind: 'program',
      fullName: 'Ann Lee',
      phone: '512-555-0100',
      email: 'ann@example.com',
      address,
      condition: 'Fair',
      timeframe: '60',
      notes: 'Roof leaks over the porch',
      marketValue: 200000,
      offerRange: { low: 120000, high: 135000 },
      desiredPrice: 180000,
    });
    await expect(page.getByText('Your information has been submitted successfully!')).toBeVisible();
    await expect(form).toBeHidden();
  });

  test('at 60% of value the counter-offer is accepted, recorded and the dialog closes', async ({ page }) => {
    await getRange(page);
    const lead = await nextLead(page, () => negotiate(page, '120000'));
    expect(lead.status).toBe(201);
    expect(lead.body).toEqual({
      kind: 'counter',
      address,
      marketValue: 200000,
      offerRange: { low: 120000, high: 135000 },
      desiredPrice: 120000,
      userType: 'homeowner',
    });
    await expect(negotiateDialog(page)).toBeHidden();
    await expect(infoDialog(page)).toBeHidden();
    await expect(page.getByText('Your counter-offer of $120,000 has been accepted!')).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your counter-offer of $120,000 was accepted' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/ (counter-offer accepted)');
  });

  test('works with the keyboard, and Escape gives the focus back', async ({ page }) => {
    await getRange(page);
    const negotiateButton = page.getByRole('button', { name: 'Negotiate', exact: true });
    await negotiateButton.focus();
    await page.keyboard.press('Enter');
    await expect(negotiateDialog(page)).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Your Desired Price' })).toBeFocused();
    await page.keyboard.type('190000');
    await page.keyboard.press('Enter');
    await expect(infoDialog(page)).toBeVisible();
    await expect(infoDialog(page).getByRole('button', { name: 'Close', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(infoDialog(page)).toBeHidden();
    await expect(negotiateButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(negotiateDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(negotiateDialog(page)).toBeHidden();
    await expect(negotiateButton).toBeFocused();
  });
});

test.describe('accept (Get Offer)', () => {
  test('goes to the lead page with the §7 query, and records the homeowner contact', async ({ page }) => {
    await getRange(page, { roof: true });
    await page.getByRole('button', { name: 'Get Offer' }).click();

    // §7 fields, with the range as shown and the repair total ($7,000 for the roof).
    await expect(page).toHaveURL(/\/offer\/accept\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('cash_offer_range')).toBe('$113,000 - $128,000');
    for (const field of ['estimated_repairs', 'repair_cost', 'repairs', 'total_repairs', 'repair_estimate']) {
      expect(query.get(field), field).toBe('$7,000');
    }

    await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cash Offer' })).toBeVisible();
    await expect(page.getByText('$113,000 - $128,000')).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page, '/offer/accept');

    // §5 homeowner: name, e-mail and phone all required, with the spec's messages on leaving a field.
    const name = page.getByLabel('Name');
    const email = page.getByLabel('Email');
    const phone = page.getByLabel('Phone');
    await name.focus();
    await email.focus();
    await phone.focus();
    await name.focus();
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(phone).toHaveAccessibleDescription('Phone number is required');
    await expectNoAxeViolations(page, '/offer/accept (with errors)');

    await name.fill('Ann Lee');
    await email.fill('ann@example');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await email.fill('ann@example.com');
    await phone.fill('512555');
    await expect(phone).toHaveValue('512-555');
    await expect(phone).toHaveAccessibleDescription('Please enter a valid phone number (XXX-XXX-XXXX)');
    await expect(submit).toBeDisabled();
    await phone.fill('(512) 555-0100 ext 9');
    await expect(phone).toHaveValue('512-555-0100');
    await expect(submit).toBeEnabled();

    const lead = await nextLead(page, () => submit.click());
    expect(lead.status).toBe(201);
    expect(lead.body).toEqual({
      kind: 'accept',
      address,
      marketValue: 200000,
      offerRange: { low: 113000, high: 128000 },
      totalRepairCost: 7000,
      contact: { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' },
    });
    const toast = page.getByText('Your information has been submitted successfully!');
    await expect(toast).toBeVisible();
    // The form is gone: the focus is on what replaced it, not lost to the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeFocused();
    // axe measures contrast mid-animation, so let the toast go first.
    await expect(toast).toBeHidden({ timeout: 10_000 });
    await expectNoAxeViolations(page, '/offer/accept (submitted)');
  });

  test('coming back from the lead page finds the calculation as it was left', async ({ page }) => {
    await getRange(page, { roof: true });
    await page.getByRole('textbox', { name: 'New Roof cost' }).fill('9500');
    await page.getByRole('button', { name: 'Get Cash Offer' }).click();
    await expectRange(page, '$110,500', '$125,500');

    for (const goBack of [
      () => page.getByRole('link', { name: 'Back to calculator' }).click(),
      async () => {
        await page.goBack();
      },
    ]) {
      await page.getByRole('button', { name: 'Get Offer' }).click();
      await expect(page).toHaveURL(/\/offer\/accept\?/);
      await goBack();
      await expect(page.getByLabel('Property address')).toHaveValue(address);
      await expect(page.getByLabel('Market value', { exact: true })).toHaveValue('200000');
      await expect(page.getByRole('checkbox', { name: /New Roof/ })).toBeChecked();
      await expect(page.getByRole('textbox', { name: 'New Roof cost' })).toHaveValue('9500');
      await expectRange(page, '$110,500', '$125,500');
    }

    // Kept for one return only: a fresh visit starts empty.
    await page.goto('/');
    await expect(page.getByLabel('Property address')).toHaveValue('');
  });

  test('with an outside lead form: shows Redirecting..., records the lead, then redirects with the query', async ({
    page,
  }) => {
    await useOutsideLeadForm(page);
    // Hold the lead until 'Redirecting...' has been seen.
    const release = await holdRequests(page, '**/api/leads');
    await getRange(page, { roof: true });

    const lead = nextLead(page, () => page.getByRole('button', { name: 'Get Offer' }).click());
    await expect(page.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
    release();
    const { body, status } = await lead;
    expect(status).toBe(201);
    expect(body).toEqual({
      kind: 'accept',
      address,
      marketValue: 200000,
      offerRange: { low: 113000, high: 128000 },
      totalRepairCost: 7000,
    });

    await expect(page.getByRole('heading', { name: 'Outside lead form' })).toBeVisible();
    const url = new URL(page.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://forms.example.com/lead');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      src: 'calculator',
      cash_offer_range: '$113,000 - $128,000',
      estimated_repairs: '$7,000',
      repair_cost: '$7,000',
      repairs: '$7,000',
      total_repairs: '$7,000',
      repair_estimate: '$7,000',
    });
  });

  test('a link without a complete offer says so', async ({ page }) => {
    await page.goto('/offer/accept?cash_offer_range=%24120%2C000+-+%24135%2C000');
    await expect(page.getByText('This link does not carry a complete offer')).toBeVisible();
    await page.getByRole('link', { name: 'Calculate your cash offer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Calculate Your Cash Offer' })).toBeVisible();
  });
});

test.describe('when recording a lead fails', () => {
  test('each form says so with the §8 message and keeps what was typed', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    consoleErrors.allow(/status of 429/);
    await useOutsideLeadForm(page);
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong. Please try again.' } }),
    );
    await getRange(page);

    // Get Offer with an outside form: nothing recorded, so no redirect.
    await page.getByRole('button', { name: 'Get Offer' }).click();
    await expect(page.getByText('Error redirecting to form. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Offer' })).toBeEnabled();
    await expect(page).toHaveURL(/\/$/);

    // The programme form stays open with its values.
    await negotiate(page, '175000');
    await infoDialog(page).getByRole('button', { name: 'Continue to Program Details' }).click();
    const form = programDialog(page);
    await form.getByLabel('Full Name').fill('Ann Lee');
    await form.getByLabel('Phone').fill('512-555-0100');
    await form.getByLabel('Email').fill('ann@example.com');
    await form.getByLabel('Property Condition').selectOption('Good');
    await form.getByLabel('Timeframe to Sell').selectOption('ASAP');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Failed to submit form. Please try again.')).toBeVisible();
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Full Name')).toHaveValue('Ann Lee');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Too many submissions: the server's own message says how long to wait.
    await page.unroute('**/api/leads');
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 429, json: { error: 'Too many submissions. Please try again in 42 seconds.' } }),
    );
    await negotiate(page, '110000');
    await expect(page.getByText('Too many submissions. Please try again in 42 seconds.')).toBeVisible();
    await expect(negotiateDialog(page)).toBeVisible();
  });

  test('the lead page says so and lets the homeowner try again', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong. Please try again.' } }),
    );
    await getRange(page);
    await page.getByRole('button', { name: 'Get Offer' }).click();
    await page.getByLabel('Name').fill('Ann Lee');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Phone').fill('5125550100');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Failed to submit form. Please try again.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cash Offer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});

for (const viewport of [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width}px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the dialogs and the lead page are accessible and fit the screen', async ({ page }, testInfo) => {
      const fits = async () => {
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, 'the page is wider than the viewport').toBeLessThanOrEqual(clientWidth);
      };
      await getRange(page);
      await negotiate(page, '');
      await expectNoAxeViolations(page, `Negotiate Offer at ${viewport.width}px`);
      await page.screenshot({ path: testInfo.outputPath(`${viewport.name}-negotiate.png`) });
      await negotiateDialog(page).getByRole('spinbutton', { name: 'Your Desired Price' }).fill('185000');
      await negotiateDialog(page).getByRole('button', { name: 'Submit' }).click();
      await expect(infoDialog(page)).toBeVisible();
      await expectNoAxeViolations(page, `programme information at ${viewport.width}px`);
      await page.screenshot({ path: testInfo.outputPath(`${viewport.name}-program-info.png`) });
      await infoDialog(page).getByRole('button', { name: 'Continue to Program Details' }).click();
      await expect(programDialog(page)).toBeVisible();
      await expectNoAxeViolations(page, `MLS/Retail Program Details at ${viewport.width}px`);
      await page.screenshot({ path: testInfo.outputPath(`${viewport.name}-program-form.png`) });
      await programDialog(page).getByRole('button', { name: 'Cancel' }).click();
      await fits();

      await page.getByRole('button', { name: 'Get Offer' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cash Offer' })).toBeVisible();
      await fits();
      await expectNoAxeViolations(page, `/offer/accept at ${viewport.width}px`);
      await page.screenshot({ path: testInfo.outputPath(`${viewport.name}-lead-page.png`), fullPage: true });
    });
  });
}
