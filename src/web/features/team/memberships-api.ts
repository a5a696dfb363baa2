import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ApiError, readJson } from '#web/api/api-client.ts';
import { useSession } from '#web/api/use-session.ts';

// The workspaces a user belongs to, for the account menu and the access guard on every page
// (the team page's own requests are in team-api.ts, loaded with that page).

export type Membership = InferResponseType<typeof api.workspace.memberships.$get, 200>['workspaces'][number];

/** The workspaces the user belongs to and the one the session works in, for the account menu's switcher (once `wanted`). */
export function useMemberships(wanted = true) {
  const userId = useSession().user?.id ?? null;
  return useQuery({
    queryKey: ['workspace-memberships', userId],
    queryFn: () => readJson(api.workspace.memberships.$get()),
    enabled: userId !== null && wanted,
  });
}

/**
 * Works in another workspace from now on. The page loads afresh there: nothing cached for the last
 * workspace is shown, and the live feed reconnects to the new one.
 */
export function useSwitchWorkspace() {
  return useMutation({
    mutationFn: (workspaceId: string) => readJson(api.workspace.active.$put({ json: { workspaceId } })),
    onSuccess: () => window.location.assign('/leads'),
  });
}

/** Whether a refusal says the session's workspace removed the user. */
export const isAccessEnded = (error: unknown) => error instanceof ApiError && error.code === 'workspace-access-ended';

/** Whether a refusal says the user's seat in the session's workspace is suspended (fewer seats than members). */
export const isSeatSuspended = (error: unknown) => error instanceof ApiError && error.code === 'seat-suspended';
