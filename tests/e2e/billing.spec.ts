// Paid plans (§4 Subscribe, §2 Saved properties): upgrading through demo billing when no
// payment provider is configured, and through the provider's checkout (a local fake of Stripe,
// on the second e2e server) when one is; the saved list switches to ∞ by itself when the
// plan arrives. Downgrade and cancellation end the subscription at the provider.
import type { Page } from '@playwright/test';
import { registerThroughUi } from './support/accounts';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { stripeAppUrl, stripeFakeUrl } from './support/stripe-e2e-server';

async function subscribeNow(page: Page, plan: 'Personal' | 'Pro') {
  await page.goto('/wholesalers');
  await page.getByRole('article', { name: plan }).getByRole('button', { name: 'Subscribe Now' }).click();
}

/** Marks the window, so a later check can tell the page was not reloaded meanwhile. */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { billingSpecMark: true }));
}
async function expectSameWindow(page: Page) {
  expect(await page.evaluate(() => 'billingSpecMark' in window), 'the page was reloaded').toBe(true);
}

test('/wholesalers invites a visitor to sign up, and sends a signed-in wholesaler back to their work', async ({
  page,
}) => {
  await page.goto('/wholesalers');
  const hero = page.getByRole('region', { name: 'Revolutionize Your Wholesaling Business' });
  const closing = page.getByRole('region', { name: 'Ready to Make Your Next Offer?' });
  await expect(hero.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
  await expect(closing.getByRole('link', { name: 'Create Your Free Account' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('article', { name: 'Free' }).getByRole('link', { name: 'Sign Up' })).toBeVisible();
  // §6: formula templates of one's own are Pro's; every plan picks the built-in ones.
  await expect(page.getByRole('article', { name: 'Free' })).toContainText('Built-in formula templates');
  await expect(page.getByRole('article', { name: 'Free' })).not.toContainText('Your own formula templates');
  await expect(page.getByRole('article', { name: 'Pro' })).toContainText('Your own formula templates');

  await registerThroughUi(page);
  await page.goto('/wholesalers');
  await expect(
    page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();
  await expect(hero.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
  await expect(closing.getByRole('link', { name: 'Create Your Free Account' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/wholesalers signed in');
  await hero.getByRole('link', { name: 'Open Saved Properties' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Properties' })).toBeVisible();
  await page.goBack();
  await closing.getByRole('link', { name: 'Open the Calculator' }).click();
  await expect(page.getByRole('button', { name: 'Wholesaler' })).toHaveAttribute('aria-pressed', 'true');
});

test('with no payment provider, Pro comes through the demo checkout, and an open saved list switches to ∞', async ({
  page,
  context,
}) => {
  await registerThroughUi(page);
  // The saved list open in another tab: it must switch by itself (§4 changes arrive live).
  const savedTab = await context.newPage();
  await savedTab.goto('/saved');
  await expect(savedTab.getByText('0 of 3 properties saved')).toBeVisible();
  await markWindow(savedTab);

  await subscribeNow(page, 'Pro');
  await expect(page).toHaveURL(/\/billing\/demo-checkout\?plan=pro&session=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo checkout — no payment is taken');
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(page.getByText('$0.00 (demo)')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('selectedPlan'))).toBe('pro');
  await expectNoAxeViolations(page, '/billing/demo-checkout');

  await page.getByRole('button', { name: 'Confirm Pro plan' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByText('You are now on the Pro plan (demo, no charge)')).toBeVisible();
  await expect(page.getByText('0 of ∞ properties saved')).toBeVisible();
  // Demo billing has no provider portal.
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/saved on Pro through demo billing');

  await expect(savedTab.getByText('0 of ∞ properties saved')).toBeVisible();
  await expectSameWindow(savedTab);
});

test.describe('with a payment provider', () => {
  test.use({ baseURL: stripeAppUrl });

  test("buys Pro on the provider's checkout, sees /saved switch to ∞ live, then cancels in the billing portal", async ({
    page,
    request,
  }) => {
    await registerThroughUi(page);
    await subscribeNow(page, 'Pro');
    await expect(page).toHaveURL(new RegExp(`^${stripeFakeUrl}/checkout/cs_test_`));
    await expect(page.getByRole('heading', { name: 'Subscribe to Pro' })).toBeVisible();

    // The provider's events are held back, to see the page before and after they arrive.
    await request.post(`${stripeFakeUrl}/_fake/hold-deliveries`);
    try {
      await page.getByRole('button', { name: 'Pay $29.00' }).click();
      await expect(page).toHaveURL(/\/saved\?checkout=success&session_id=cs_test_/);
      // Back from paying, but only the provider's event grants the plan.
      await expect(page.getByText('0 of 3 properties saved')).toBeVisible();
      await expect(page.getByText(/The payment provider is confirming your payment/)).toBeVisible();
      await markWindow(page);
    } finally {
      await request.post(`${stripeFakeUrl}/_fake/release-deliveries`);
    }
    await expect(page.getByText('0 of ∞ properties saved')).toBeVisible();
    await expect(page.getByText('Payment confirmed: you are on the Pro plan.')).toBeVisible();
    await expectSameWindow(page);
    await expectNoAxeViolations(page, '/saved after paying for Pro');

    // Manage billing: the provider's portal, where the subscription is cancelled.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripeFakeUrl}/billing_portal/bps_`));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page).toHaveURL(`${stripeAppUrl}/saved`);
    await expect(page.getByText('0 of 3 properties saved')).toBeVisible();
  });

  test('Downgrade to Free cancels the subscription at the provider', async ({ page, request }) => {
    const email = await registerThroughUi(page);
    await subscribeNow(page, 'Personal');
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(page.getByText('0 of 25 properties saved')).toBeVisible();

    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    await page
      .getByRole('dialog', { name: 'Downgrade to the Free plan?' })
      .getByRole('button', { name: 'Downgrade now' })
      .click();
    await expect(page.getByText('Successfully downgraded to free plan')).toBeVisible();
    await expect(page.getByText('0 of 3 properties saved')).toBeVisible();

    const state = (await (await request.get(`${stripeFakeUrl}/_fake/state`)).json()) as {
      customers: { id: string; email: string }[];
      subscriptions: { customer: string; status: string }[];
    };
    const customer = state.customers.find((candidate) => candidate.email === email);
    expect(
      state.subscriptions.filter((subscription) => subscription.customer === customer?.id).map(({ status }) => status),
    ).toEqual(['canceled']);
  });
});
