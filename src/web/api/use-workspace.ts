import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import { may, mayWorkLead, type WorkspaceAction } from '#domain/workspaces/roles.ts';
import { api, PAGE_DATA_STALE_TIME_MS, readJson, type ApiClient } from './api-client';
import { useSession } from './use-session';

export type WorkspaceView = InferResponseType<typeof api.workspace.$get, 200>;
export type TeamMember = WorkspaceView['members'][number];

/**
 * The session's workspace: who the user is there, its members, open invitations, seats and lead
 * assignment; under the user's id, so another account's is never shown from the cache.
 */
export function workspaceQuery(userId: string | null, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['workspace', userId],
    queryFn: () => readJson(client.workspace.$get()),
    staleTime: PAGE_DATA_STALE_TIME_MS,
  });
}

/** The query key of the session's workspace (the team page, the leads' assignees). */
export const useWorkspaceKey = () => workspaceQuery(useSession().user?.id ?? null).queryKey;

export function useWorkspace() {
  return useQuery(workspaceQuery(useSession().user?.id ?? null));
}

/**
 * Who the signed-in member is in the session's workspace (role and switches), for hiding what the
 * server would refuse; undefined while not known, and for a visitor who is not signed in.
 */
export function useWorkspaceMe(): WorkspaceView['me'] | undefined {
  const { user } = useSession();
  const workspace = useQuery({
    ...workspaceQuery(user?.id ?? null),
    enabled: user !== null,
  });
  return user ? workspace.data?.me : undefined;
}

/**
 * Whether the signed-in member's role allows `action` (domain/workspaces/roles.ts, which the server
 * enforces), so that a control the server would refuse is not shown at all. Until the workspace is
 * known, and for a visitor who is not signed in, everything is allowed: a workspace of one (its
 * Owner, who may do everything) looks exactly as it did before teams, and the server refuses anyway.
 */
export function useMay(): (action: WorkspaceAction) => boolean {
  const me = useWorkspaceMe();
  return (action) => !me || may(me, action);
}

/** Whether the member may change the status of, or add a note to, a lead that has `status` (allowed until known, as useMay). */
export function useMayWorkLead(status: LeadStatus): boolean {
  const me = useWorkspaceMe();
  return !me || mayWorkLead(me, status);
}
