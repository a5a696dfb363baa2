// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as changeFeed from '#web/api/change-feed.ts';
import type { SessionState } from '#web/api/use-session.ts';
import { LeadDetailPage } from './lead-detail-page';

const session: SessionState = {
  user: { id: 'user-1', email: 'dealer@example.com', name: 'Dealer' },
  isPending: false,
  error: null,
  refetch: async () => {},
};
vi.mock('#web/api/use-session.ts', () => ({ useSession: () => session }));
/** The live feed's listeners: a test announces a change through them. */
const feedListeners = new Set<Parameters<typeof changeFeed.subscribeToChanges>[0]>();
vi.mock('#web/api/change-feed.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof changeFeed>()),
  subscribeToChanges: (listener: Parameters<typeof changeFeed.subscribeToChanges>[0]) => {
    feedListeners.add(listener);
    return () => feedListeners.delete(listener);
  },
}));

const leadId = '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e';
/** What GET /api/leads-inbox/{id} answers next: a status, or never (still loading). */
let reply: number | 'never';
let leadRequests: number;

beforeEach(() => {
  leadRequests = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname !== `/api/leads-inbox/${leadId}`) return Response.json({ error: 'Not here' }, { status: 404 });
      leadRequests += 1;
      if (reply === 'never') return new Promise<Response>(() => {});
      return Response.json({ error: 'Lead not found' }, { status: reply });
    }),
  );
});

afterEach(() => {
  cleanup();
  feedListeners.clear();
  vi.unstubAllGlobals();
});

describe('LeadDetailPage', () => {
  it('keeps saying a lead is not found, heading and all, while a live change fetches it again', async () => {
    reply = 404;
    const router = createMemoryRouter(
      [
        {
          path: '/leads/:id',
          element: <LeadDetailPage slots={{ LeadExports: () => null, MatchingBuyers: () => null }} />,
        },
      ],
      { initialEntries: [`/leads/${leadId}`] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Lead not found' })).toBeTruthy();

    // The feed reconnects (a change may have been missed): the lead is asked for again, and the answer is slow.
    reply = 'never';
    const requestsBefore = leadRequests;
    // The page listens from an effect, which may run after the heading is drawn.
    await vi.waitFor(() => expect(feedListeners.size).toBeGreaterThan(0));
    act(() => feedListeners.forEach((listener) => listener({ table: null })));
    await vi.waitFor(() => expect(leadRequests).toBe(requestsBefore + 1), { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Lead not found' })).toBeTruthy();
    expect(screen.queryByText('Loading lead...')).toBeNull();
  });
});
