// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as changeFeed from '#web/api/change-feed.ts';
import type { SessionState } from '#web/api/use-session.ts';
import type { LeadSummary } from './leads-api';
import { LeadsPage } from './leads-page';

const session: SessionState = {
  user: { id: 'user-1', email: 'dealer@example.com', name: 'Dealer' },
  isPending: false,
  error: null,
  refetch: async () => {},
};
vi.mock('#web/api/use-session.ts', () => ({ useSession: () => session }));
vi.mock('#web/api/change-feed.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof changeFeed>()),
  subscribeToChanges: () => () => {},
}));

const lead = (overrides: Partial<LeadSummary> = {}): LeadSummary => ({
  id: '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e',
  status: 'negotiating',
  source: 'bulk-email',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '512-555-0100',
  phones: [{ number: '512-555-0100', wrongNumber: false }],
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  offerRange: { low: 113000, high: 128000 },
  responseKind: 'countered',
  desiredPrice: 150000,
  response: 'countered at $150,000',
  acceptedOffer: null,
  savedPropertyId: null,
  respondedAt: '2026-11-22T17:41:00.000Z',
  createdAt: '2026-11-22T17:41:00.000Z',
  assignee: null,
  ...overrides,
});

/** What GET /api/leads-inbox answers next: a page, an error status, or never (still loading). */
let reply: { status: number; body: unknown } | 'never';
let queries: string[];

const member = (userId: string, name: string) => ({
  id: `m-${userId}`,
  userId,
  name,
  email: `${userId}@example.com`,
  role: 'owner',
  seesAllLeads: true,
  mayBulkSendAndExport: true,
  joinedAt: '2026-11-01T00:00:00.000Z',
});
/** What GET /api/workspace answers: a workspace of one (the default) or a team. */
let workspaceMembers: ReturnType<typeof member>[];
const workspaceView = () => ({
  workspace: { id: 'user-1', name: 'Dealer', leadAssignment: 'member', leadAssigneeUserId: null },
  me: { userId: 'user-1', role: 'owner', seesAllLeads: true, mayBulkSendAndExport: true },
  members: workspaceMembers,
  invitations: [],
  seats: { total: 3, taken: workspaceMembers.length },
});

beforeEach(() => {
  queries = [];
  workspaceMembers = [member('user-1', 'Dealer')];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/workspace') return Response.json(workspaceView());
      if (url.pathname === '/api/leads-inbox') queries.push(url.search);
      if (reply === 'never') return new Promise<Response>(() => {});
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
});

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.search}</p>;
}

function renderPage(path = '/leads') {
  const router = createMemoryRouter(
    [
      {
        path: '/leads',
        element: (
          <>
            <LeadsPage slots={{ PersonalPageSummary: () => null }} />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('LeadsPage', () => {
  it('shows placeholders, never figures, while the first page loads', () => {
    reply = 'never';
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading leads...');
    expect(document.body.textContent).not.toMatch(/\$|\d+ leads?/);
  });

  it('says when there are no leads yet', async () => {
    reply = { status: 200, body: { leads: [], nextCursor: null } };
    renderPage();
    expect(await screen.findByText('No leads yet')).toBeTruthy();
  });

  it('says when the leads cannot be loaded, and tries again', async () => {
    reply = { status: 500, body: { error: 'Something went wrong. Please try again.' } };
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your leads.');
    reply = { status: 200, body: { leads: [lead()], nextCursor: null } };
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Ann Lee, 12 Oak St, Austin, TX' })).toBeTruthy();
  });

  it('shows one row per answer with what the homeowner said, and links it to the lead', async () => {
    reply = { status: 200, body: { leads: [lead()], nextCursor: null } };
    renderPage();
    const row = await screen.findByRole('article', { name: 'Ann Lee, 12 Oak St, Austin, TX' });
    for (const text of [
      'ann@example.com',
      '512-555-0100',
      'Offer $113,000 – $128,000',
      'Countered at $150,000',
      'via Bulk e-mail',
      'Negotiating',
    ]) {
      expect(row.textContent).toContain(text);
    }
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/leads/0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e');
    expect(screen.getByText('1 lead')).toBeTruthy();
  });

  it('asks the server for the filter in the address bar, and offers to clear it when nothing matches', async () => {
    reply = { status: 200, body: { leads: [], nextCursor: null } };
    renderPage('/leads?status=dead&q=oak');
    expect(await screen.findByText('No leads match “oak” with status Dead.')).toBeTruthy();
    expect(queries.at(-1)).toBe('?status=dead&q=oak');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('dead');
    await userEvent.click(screen.getByRole('button', { name: 'Show all leads' }));
    expect(await screen.findByText('No leads yet')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('shows nothing about assignees in a workspace of one', async () => {
    reply = {
      status: 200,
      body: { leads: [lead({ assignee: { userId: 'user-1', name: 'Dealer' } })], nextCursor: null },
    };
    renderPage();
    const row = await screen.findByRole('article', { name: 'Ann Lee, 12 Oak St, Austin, TX' });
    expect(row.textContent).not.toContain('Assigned to');
    expect(screen.queryByRole('group', { name: 'Whose leads' })).toBeNull();
  });

  it("in a team, shows each lead's assignee and asks for Mine or one member's leads", async () => {
    workspaceMembers = [member('user-1', 'Dealer'), member('user-2', 'Rita Rep')];
    reply = {
      status: 200,
      body: { leads: [lead({ assignee: { userId: 'user-2', name: 'Rita Rep' } })], nextCursor: null },
    };
    renderPage();
    const row = await screen.findByRole('article', { name: 'Ann Lee, 12 Oak St, Austin, TX' });
    expect(await within(row).findByText('Assigned to Rita Rep')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mine' }));
    expect(screen.getByTestId('location').textContent).toBe('?assignee=me');
    await vi.waitFor(() => expect(queries.at(-1)).toBe('?assignee=me'));
    await userEvent.selectOptions(screen.getByLabelText('Assigned to'), 'Rita Rep');
    await vi.waitFor(() => expect(queries.at(-1)).toBe('?assignee=user-2'));
    expect(screen.getByRole('button', { name: 'Everyone' }).getAttribute('aria-pressed')).toBe('true');
  });
});
