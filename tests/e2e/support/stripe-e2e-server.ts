// The second end-to-end server (playwright.config.ts): the same app with a payment provider, a
// local fake of Stripe started in its launcher (start-e2e-server.ts with E2E_STRIPE_FAKE_PORT).
// Billing specs that need the provider run against it with test.use({ baseURL }).

/** Ports of the provider-configured app and of its Stripe fake, beside the main e2e app's port. */
export function stripeE2ePorts(appPort: number) {
  return { app: appPort + 20, fake: appPort + 21 };
}

const { app, fake } = stripeE2ePorts(Number(process.env.E2E_PORT ?? 3111));

/** Base URL of the app configured with the Stripe fake. */
export const stripeAppUrl = `http://127.0.0.1:${app}`;
/** Base URL of the Stripe fake (its hosted pages and its /_fake controls). */
export const stripeFakeUrl = `http://127.0.0.1:${fake}`;
