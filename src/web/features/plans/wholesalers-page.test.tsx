// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicConfigProvider, type PublicConfig } from '#web/api/public-config.tsx';
import type { SessionState } from '#web/api/use-session.ts';
import { WholesalersPage } from './wholesalers-page';

const mocks = vi.hoisted(() => ({
  session: null as unknown as SessionState,
  notify: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('#web/api/use-session.ts', () => ({ useSession: () => mocks.session }));
vi.mock('#web/components/notify.ts', () => ({ notify: mocks.notify }));

const signedOut: SessionState = { user: null, isPending: false, error: null, refetch: async () => {} };
const signedIn: SessionState = {
  user: { id: 'user-1', email: 'dealer@example.com', name: 'Dealer' },
  isPending: false,
  error: null,
  refetch: async () => {},
};

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let requests: string[];

beforeEach(() => {
  replies = {};
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const key = `${method.toUpperCase()} ${path}`;
      requests.push(key);
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
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

function renderPage(billingMode: PublicConfig['billingMode'] = 'demo') {
  const router = createMemoryRouter(
    [
      { path: '/wholesalers', element: <WholesalersPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: ['/wholesalers'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PublicConfigProvider>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });
const status = (plan: string) => ({ plan, currentPeriodEnd: null, savedCount: 2, limit: 3 });

describe('WholesalersPage (§2 landing and pricing)', () => {
  it('has the hero, calls to action, features, plans and steps', () => {
    mocks.session = signedOut;
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Revolutionize Your Wholesaling Business' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Try Calculator' }).getAttribute('href')).toBe('/?as=wholesaler');
    for (const title of ['Instant Calculations', 'Customizable Formula', 'Save Properties'])
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Choose Your Plan' })).toBeTruthy();
    for (const step of ['Enter Property Details', 'Customize Repairs', 'Get Your Offer'])
      expect(screen.getByRole('heading', { level: 3, name: step })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your Free Account' }).getAttribute('href')).toBe('/register');
  });

  it('Try Calculator opens the calculator as a wholesaler, in the address (a link followed before the code runs carries no state)', async () => {
    mocks.session = signedOut;
    renderPage();
    await userEvent.click(screen.getByRole('link', { name: 'Try Calculator' }));
    expect(screen.getByTestId('location').textContent).toBe('/?as=wholesaler null');
  });

  it('signed out: every plan says Sign Up; a paid plan asks to sign in and goes to /login, remembering the page', async () => {
    mocks.session = signedOut;
    renderPage();
    expect(within(card('Free')).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Sign Up' }));
    expect(mocks.notify.error).toHaveBeenCalledWith('Please sign in to subscribe');
    expect(screen.getByTestId('location').textContent).toBe('/login {"from":"/wholesalers"}');
    expect(requests).toEqual([]);
  });

  it('signed in on Pro: choosing Free asks first, then switches to the Free plan', async () => {
    mocks.session = signedIn;
    replies['GET /api/subscription'] = { status: 200, body: status('pro') };
    replies['POST /api/subscription/free'] = { status: 200, body: status('free') };
    renderPage();

    await within(card('Pro')).findByRole('button', { name: 'Current Plan' });
    await userEvent.click(within(card('Free')).getByRole('button', { name: 'Subscribe Now' }));
    // Keeping the plan changes nothing.
    const confirm = screen.getByRole('dialog', { name: 'Downgrade to the Free plan?' });
    expect(confirm.textContent).toContain('Your plan changes to Free now and you will not be billed again');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep my plan' }));
    expect(requests).not.toContain('POST /api/subscription/free');
    expect(within(card('Pro')).getByRole('button', { name: 'Current Plan' })).toBeTruthy();

    await userEvent.click(within(card('Free')).getByRole('button', { name: 'Subscribe Now' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Downgrade to the Free plan?' })).getByRole('button', {
        name: 'Downgrade now',
      }),
    );

    expect(await within(card('Free')).findByRole('button', { name: 'Current Plan' })).toBeTruthy();
    expect(within(card('Pro')).getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
    expect(mocks.notify.success).toHaveBeenCalledWith('Successfully switched to Free plan');
  });

  it('signed in: a failed switch to Free says so', async () => {
    mocks.session = signedIn;
    replies['GET /api/subscription'] = { status: 200, body: status('personal') };
    replies['POST /api/subscription/free'] = {
      status: 500,
      body: { error: 'Something went wrong. Please try again.' },
    };
    renderPage();

    await userEvent.click(await within(card('Free')).findByRole('button', { name: 'Subscribe Now' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Downgrade to the Free plan?' })).getByRole('button', {
        name: 'Downgrade now',
      }),
    );

    await vi.waitFor(() => expect(mocks.notify.error).toHaveBeenCalledWith('Error updating subscription'));
    expect(within(card('Personal')).getByRole('button', { name: 'Current Plan' })).toBeTruthy();
  });

  it('signed in with a team: a downgrade refused for its members says how many to remove, with the Team page a link away', async () => {
    mocks.session = signedIn;
    replies['GET /api/subscription'] = { status: 200, body: status('pro') };
    const refusal =
      'The Free plan has 1 seat and this workspace has 3 members. Remove 2 members on the Team page first, choosing who stays, then change the plan.';
    replies['POST /api/subscription/free'] = {
      status: 409,
      body: { error: refusal, code: 'too-many-members', members: 3, seats: 1, toRemove: 2 },
    };
    renderPage();

    await userEvent.click(await within(card('Free')).findByRole('button', { name: 'Subscribe Now' }));
    const confirm = screen.getByRole('dialog', { name: 'Downgrade to the Free plan?' });
    const downgradeNow = within(confirm).getByRole('button', { name: 'Downgrade now' });
    await userEvent.click(downgradeNow);

    expect((await within(confirm).findByRole('alert')).textContent).toBe(`${refusal} Open the Team page`);
    expect(mocks.notify.error).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(downgradeNow);
    await userEvent.click(within(confirm).getByRole('link', { name: 'Open the Team page' }));
    expect(screen.getByTestId('location').textContent).toBe('/team null');
  });

  it('signed in: a paid plan starts checkout and reports when there is none', async () => {
    mocks.session = signedIn;
    replies['GET /api/subscription'] = { status: 200, body: status('free') };
    renderPage();

    await userEvent.click(await within(card('Personal')).findByRole('button', { name: 'Subscribe Now' }));

    await vi.waitFor(() => expect(mocks.notify.error).toHaveBeenCalledWith('Error updating subscription'));
    expect(requests).toContain('POST /api/billing/checkout');
    expect(within(card('Personal')).getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
  });

  it('signed in: when the plan cannot be loaded the user is treated as free (§4)', async () => {
    mocks.session = signedIn;
    replies['GET /api/subscription'] = { status: 500, body: { error: 'down' } };
    renderPage();
    expect(await within(card('Free')).findByRole('button', { name: 'Current Plan' })).toBeTruthy();
  });

  it('on a site that takes no payments, paid plans say so and cannot be chosen', async () => {
    mocks.session = signedIn;
    replies['GET /api/subscription'] = { status: 200, body: status('free') };
    renderPage('unavailable');
    for (const name of ['Personal', 'Pro']) {
      const button = await within(card(name)).findByRole('button', { name: 'Unavailable' });
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.getByText('Paid plans are not available on this site yet: it takes no payments.')).toBeTruthy();
    expect(requests).not.toContain('POST /api/billing/checkout');
  });

  it('while the session loads, no plan choice is offered', () => {
    mocks.session = { ...signedOut, isPending: true };
    renderPage();
    for (const name of ['Free', 'Personal', 'Pro']) {
      expect((within(card(name)).getByRole('button', { name: 'Loading...' }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
