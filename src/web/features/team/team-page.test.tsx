// @vitest-environment happy-dom
// Issue 37: a co-Owner is offered no way to remove or demote a workspace's maker (the server
// refuses it), and what a member's change stopped or handed over stays said on the page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicConfigProvider, type PublicConfig } from '#web/api/public-config.tsx';
import type { SessionState } from '#web/api/use-session.ts';
import { TeamPage } from './team-page';

const session: SessionState = {
  user: { id: 'co-owner', email: 'co@example.com', name: 'Cole' },
  isPending: false,
  error: null,
  refetch: async () => {},
};
vi.mock('#web/api/use-session.ts', () => ({ useSession: () => session }));

const member = (userId: string, name: string, role: string, mayBulkSendAndExport = false) => ({
  id: `m-${userId}`,
  userId,
  name,
  email: `${userId}@example.com`,
  role,
  seesAllLeads: true,
  mayBulkSendAndExport,
  joinedAt: '2026-11-01T00:00:00.000Z',
});
let rep: ReturnType<typeof member>;
const workspaceView = () => ({
  // The maker's workspace: its id is hers.
  workspace: { id: 'maker', name: 'Maker Homes', leadAssignment: 'member', leadAssigneeUserId: null },
  me: { userId: 'co-owner', role: 'owner', seesAllLeads: true, mayBulkSendAndExport: true },
  members: [member('maker', 'Mia Maker', 'owner'), member('co-owner', 'Cole', 'owner', true), rep],
  invitations: [],
  seats: { total: 3, taken: 3, plan: 'pro', extra: 0 },
});
let patches: { path: string; body: unknown }[];

beforeEach(() => {
  rep = member('rep', 'Rae Rep', 'acquisitions', true);
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      if (request.method === 'PATCH') {
        const body = (await request.json()) as { mayBulkSendAndExport?: boolean };
        patches.push({ path: url.pathname, body });
        rep = { ...rep, mayBulkSendAndExport: body.mayBulkSendAndExport ?? rep.mayBulkSendAndExport };
        return Response.json({
          ...workspaceView(),
          lostWork: { bulkSendsStopped: 1, emailsNotSent: 5, followUpsHandedOver: 3, handedTo: 'Cole' },
        });
      }
      return Response.json(workspaceView());
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/team', element: <TeamPage /> }], { initialEntries: ['/team'] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <PublicConfigProvider value={{ billingMode: 'demo' } as PublicConfig}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PublicConfigProvider>,
  );
}

describe('TeamPage', () => {
  it("offers a co-Owner no role change or removal of the workspace's maker, and both for the rep", async () => {
    renderPage();
    const makerRow = await screen.findByRole('row', { name: /Mia Maker/ });
    expect(within(makerRow).queryByRole('combobox')).toBeNull();
    expect(within(makerRow).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(makerRow).getByText('Owner')).toBeTruthy();
    const repRow = screen.getByRole('row', { name: /Rae Rep/ });
    expect(within(repRow).getByRole('combobox', { name: 'Role of Rae Rep' })).toBeTruthy();
    expect(within(repRow).getByRole('button', { name: 'Remove Rae Rep' })).toBeTruthy();
  });

  it('says on the page what turning "may bulk send" off stopped and who sends the follow-ups now', async () => {
    renderPage();
    const repRow = await screen.findByRole('row', { name: /Rae Rep/ });
    const status = screen.getAllByRole('status').find((element) => element.classList.contains('team-lost-work'))!;
    expect(status.textContent).toBe('');
    await userEvent.click(within(repRow).getByRole('checkbox', { name: 'May bulk send and export' }));
    expect(patches).toEqual([{ path: '/api/workspace/members/m-rep', body: { mayBulkSendAndExport: false } }]);
    await vi.waitFor(() =>
      expect(status.textContent).toBe(
        "Rae Rep's bulk send was stopped (5 e-mails not sent). 3 follow-up sequences of Rae Rep's now go out from Cole.",
      ),
    );
    expect(
      (
        within(screen.getByRole('row', { name: /Rae Rep/ })).getByRole('checkbox', {
          name: 'May bulk send and export',
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
  });
});
