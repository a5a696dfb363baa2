import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationRequest, MemberChange, WorkspaceChange } from '#domain/workspaces/workspace-requests.ts';
import { api, readJson } from '#web/api/api-client.ts';
import { useWorkspaceKey, type WorkspaceView } from '#web/api/use-workspace.ts';

/**
 * A change to the workspace that answers with the workspace as it is now (a member's change adds
 * what the member's lost rights stopped or handed over: for its caller, not kept with the workspace).
 */
function useWorkspaceChange<Input, Answer extends WorkspaceView>(request: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  const key = useWorkspaceKey();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ lostWork: _lostWork, ...view }: Answer & { lostWork?: unknown }) =>
      queryClient.setQueryData<WorkspaceView>(key, view),
  });
}

export function useChangeWorkspace() {
  return useWorkspaceChange((change: WorkspaceChange) => readJson(api.workspace.$patch({ json: change })));
}

/** The Owner sets a Pro workspace's extra seats (billing); the answer is the workspace with its new seats. */
export function useSetExtraSeats() {
  return useWorkspaceChange((extraSeats: number) => readJson(api.billing.seats.$put({ json: { extraSeats } })));
}

/** A member's change; the answer is the workspace as it is now and what the member's lost rights stopped or handed over. */
export function useChangeMember() {
  return useWorkspaceChange(({ memberId, change }: { memberId: string; change: MemberChange }) =>
    readJson(api.workspace.members[':id'].$patch({ param: { id: memberId }, json: change })),
  );
}

/** A change after which the workspace is read again (invitations, removals). */
function useWorkspaceRefresh<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const key = useWorkspaceKey();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useInvite() {
  return useWorkspaceRefresh((invitation: InvitationRequest) =>
    readJson(api.workspace.invitations.$post({ json: invitation })),
  );
}

export function useRevokeInvitation() {
  return useWorkspaceRefresh((id: string) => readJson(api.workspace.invitations[':id'].$delete({ param: { id } })));
}

export function useRemoveMember() {
  return useWorkspaceRefresh(({ memberId, leadsTo }: { memberId: string; leadsTo: string }) =>
    readJson(api.workspace.members[':id'].$delete({ param: { id: memberId }, json: { leadsTo } })),
  );
}

/** The invitation page's invitation, before anyone signs in, by its link's secret. */
export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => readJson(api.public.invitations[':token'].$get({ param: { token } })),
    retry: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) => readJson(api.workspace.invitations[':token'].accept.$post({ param: { token } })),
    onSuccess: () => window.location.assign('/leads'),
  });
}
