// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicConfigProvider, type PublicConfig } from '#web/api/public-config.tsx';
import type { SessionState } from '#web/api/use-session.ts';
import { CheckoutReturnNotice } from './checkout-return-notice';
import { DemoCheckoutPage } from './demo-checkout-page';
import { ManageBillingButton } from './manage-billing-button';

const mocks = vi.hoisted(() => ({
  session: null as unknown as SessionState,
  notify: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('#web/api/use-session.ts', () => ({ useSession: () => mocks.session }));
vi.mock('#web/components/notify.ts', () => ({ notify: mocks.notify }));

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let requests: { key: string; body: unknown }[];

beforeEach(() => {
  mocks.session = {
    user: { id: 'user-1', email: 'dealer@example.com', name: 'Dealer' },
    isPending: false,
    error: null,
    refetch: async () => {},
  };
  replies = {};
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const path = new URL(request.url).pathname;
      const key = `${request.method} ${path}`;
      const text = await request.text();
      requests.push({ key, body: text ? JSON.parse(text) : undefined });
      const reply = replies[key] ?? { status: 404, body: { error: 'Not found' } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderAt(url: string, element: ReactNode, billingMode: PublicConfig['billingMode']) {
  const router = createMemoryRouter(
    [
      { path: new URL(url, 'http://localhost').pathname, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const config = {
    googleMapsApiKey: null,
    googleClientId: null,
    googleSignIn: false,
    stripePublishableKey: null,
    leadFormUrl: null,
    emailDelivery: 'outbox',
    billingMode,
  } as PublicConfig;
  render(
    <PublicConfigProvider value={config}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PublicConfigProvider>,
  );
}

describe('DemoCheckoutPage', () => {
  it('says plainly that no payment is taken, shows the plan, and confirming applies it and opens /saved', async () => {
    replies['GET /api/billing/demo/checkout-session'] = {
      status: 200,
      body: { plan: 'pro', planName: 'Pro', expiresAt: '2030-01-01T00:00:00Z', completed: false },
    };
    replies['POST /api/billing/demo/confirm'] = {
      status: 200,
      body: { plan: 'pro', planName: 'Pro', alreadyCompleted: false },
    };
    renderAt('/billing/demo-checkout?plan=pro&session=token-1', <DemoCheckoutPage />, 'demo');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Demo checkout — no payment is taken');
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeTruthy();
    expect(screen.getByText('$0.00 (demo)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Pro plan' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/saved'));
    expect(requests.find((request) => request.key === 'POST /api/billing/demo/confirm')?.body).toEqual({
      session: 'token-1',
    });
    expect(mocks.notify.success).toHaveBeenCalledWith('You are now on the Pro plan (demo, no charge)');
  });

  it("shows the server's message for a link that is invalid or expired", async () => {
    replies['GET /api/billing/demo/checkout-session'] = {
      status: 400,
      body: { error: 'This demo checkout link is invalid or has expired. Choose your plan again.' },
    };
    renderAt('/billing/demo-checkout?plan=pro&session=bad', <DemoCheckoutPage />, 'demo');
    expect(
      await screen.findByText('This demo checkout link is invalid or has expired. Choose your plan again.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/wholesalers');
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });

  it('cannot be reached when a payment provider is configured', () => {
    renderAt('/billing/demo-checkout?plan=pro&session=token-1', <DemoCheckoutPage />, 'stripe');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
    expect(requests).toEqual([]);
  });
});

describe('ManageBillingButton', () => {
  it('is not shown in demo billing', () => {
    renderAt('/saved', <ManageBillingButton />, 'demo');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it("opens the provider's portal", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    replies['POST /api/billing/portal'] = { status: 200, body: { url: 'https://billing.example/session/1' } };
    renderAt('/saved', <ManageBillingButton />, 'stripe');
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/session/1'));
  });

  it("shows the server's message when the portal cannot be opened", async () => {
    replies['POST /api/billing/portal'] = {
      status: 409,
      body: { error: 'There is no billing account for you yet. Subscribe to a plan first.' },
    };
    renderAt('/saved', <ManageBillingButton />, 'stripe');
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() =>
      expect(mocks.notify.error).toHaveBeenCalledWith(
        'There is no billing account for you yet. Subscribe to a plan first.',
      ),
    );
  });
});

describe('CheckoutReturnNotice', () => {
  it('says the plan is on its way until it arrives, then that it has', () => {
    window.localStorage.setItem('selectedPlan', 'pro');
    renderAt('/saved?checkout=success&session_id=cs_1', <CheckoutReturnNotice plan="free" />, 'stripe');
    expect(screen.getByRole('status').textContent).toContain('The payment provider is confirming your payment');
    cleanup();
    renderAt('/saved?checkout=success&session_id=cs_1', <CheckoutReturnNotice plan="pro" />, 'stripe');
    expect(screen.getByRole('status').textContent).toContain('Payment confirmed: you are on the Pro plan.');
  });

  it('is not shown without ?checkout=success', () => {
    renderAt('/saved', <CheckoutReturnNotice plan="pro" />, 'stripe');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
