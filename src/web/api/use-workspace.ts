import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from './api-client';
import { useSession } from './use-session';

export type WorkspaceView = InferResponseType<typeof api.workspace.$get, 200>;
export type TeamMember = WorkspaceView['members'][number];

/** The query key of the session's workspace (the team page, the leads' assignees). */
export const useWorkspaceKey = () => ['workspace', useSession().user?.id ?? null] as const;

/** The session's workspace: who the user is there, its members, open invitations, seats and lead assignment. */
export function useWorkspace() {
  return useQuery({ queryKey: useWorkspaceKey(), queryFn: () => readJson(api.workspace.$get()) });
}
