import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import type { FollowUpSequenceRequestInput } from '#domain/follow-ups/sequence-request.ts';
import type { FollowUpSequenceKind } from '#domain/follow-ups/sequence.ts';
import { api, readJson } from '#web/api/api-client.ts';
import { refetchChanged, subscribeToChanges } from '#web/api/change-feed.ts';
import { useSession } from '#web/api/use-session.ts';

/** Every follow-ups query starts with this key. */
export const followUpsKey = ['follow-ups'] as const;

export type FollowUpsView = InferResponseType<(typeof api)['follow-ups']['$get'], 200>;
export type FollowUpTask = FollowUpsView['tasks'][number];

/** The member's Today list, the e-mails due within a day and how each step does; live. */
export function useFollowUps() {
  const queryClient = useQueryClient();
  const key = [...followUpsKey, useSession().user?.id ?? null] as const;
  useEffect(
    () =>
      subscribeToChanges(({ table }) => {
        if (table === null || table === 'follow_ups' || table === 'leads')
          void refetchChanged(queryClient, followUpsKey);
      }),
    [queryClient],
  );
  return useQuery({ queryKey: key, queryFn: () => readJson(api['follow-ups'].$get()) });
}

/** Marks a task of the Today list done; the list is read again. */
export function useMarkTaskDone() {
  return useFollowUpsChange((taskId: string) =>
    readJson(api['follow-ups'].tasks[':id'].done.$post({ param: { id: taskId } })),
  );
}

/** A change after which /follow-ups' view (tasks, sequence, results) is read again. */
function useFollowUpsChange<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: followUpsKey }) });
}

/** The workspace's sequence of each kind (first offer, nurture, quarterly): its own or the built-in one. */
export function useFollowUpSequences() {
  return useQuery({
    queryKey: [...followUpsKey, 'sequences', useSession().user?.id ?? null],
    queryFn: () => readJson(api['follow-ups'].sequences.$get()),
  });
}

/** Saves the workspace's own sequence of a kind (Pro, managers): the sequences of that kind it starts from now on follow it. */
export function useSaveSequence(kind: FollowUpSequenceKind) {
  return useFollowUpsChange((request: FollowUpSequenceRequestInput) =>
    readJson(api['follow-ups'].sequences[':kind'].$put({ param: { kind }, json: request })),
  );
}

/** Goes back to the built-in sequence of a kind. */
export function useResetSequence(kind: FollowUpSequenceKind) {
  return useFollowUpsChange(() => readJson(api['follow-ups'].sequences[':kind'].$delete({ param: { kind } })));
}

/** "Print these today": the due letters and postcards become one print send, each piece printed by the member. */
export function usePrintToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.mail['follow-up-print-runs'].$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followUpsKey }),
  });
}
