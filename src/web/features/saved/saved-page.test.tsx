// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SavedPage } from './saved-page';
import type { SavedPageSlots } from './saved-page-slots';

const slots: SavedPageSlots = {
  ManageBilling: () => null,
  CheckoutReturnNotice: () => null,
  PropertyExports: () => null,
};

let answerPlan: (body: unknown) => void;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/subscription') {
        return new Promise<Response>((resolve) => {
          answerPlan = (body) => resolve(json(body));
        });
      }
      return json({ properties: [], nextCursor: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/saved', element: <SavedPage slots={slots} /> }], {
    initialEntries: ['/saved'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('SavedPage while the plan loads', () => {
  it('shows no count, plan or plan button until the plan is known, then the real figures', async () => {
    renderPage();
    expect(await screen.findByText('Loading your plan...')).toBeTruthy();
    expect(screen.queryByText(/properties saved/)).toBeNull();
    expect(screen.queryByText(/Free plan/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();

    answerPlan({ plan: 'personal', currentPeriodEnd: null, savedCount: 7, limit: 25 });
    expect(await screen.findByText(/7 of 25 properties saved/)).toBeTruthy();
    expect(screen.getByText('Personal plan')).toBeTruthy();
    expect(screen.queryByText('Loading your plan...')).toBeNull();
  });
});
