import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { FollowUpSequenceKind } from '#domain/follow-ups/sequence.ts';
import type { LeadSource } from '#domain/leads/lead-answered-kind.ts';
import type { LeadCallLogInput } from '#domain/leads/lead-call.ts';
import type { LeadStatusChangeInput, RevisedOfferRequest } from '#domain/leads/lead-inbox-requests.ts';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import { invalidateAccountData } from '#web/api/account-data.ts';
import { api, readJson, type ApiClient } from '#web/api/api-client.ts';
import { LIVE_DATA_STALE_TIME_MS } from '#web/api/change-feed.ts';
import { tasksKey } from '#web/api/tasks-api.ts';
import { useSession } from '#web/api/use-session.ts';

/** Every leads query starts with this key; the live feed invalidates them all at once. */
export const leadsKey = ['leads'] as const;

type LeadsInboxRoutes = (typeof api)['leads-inbox'];
export type LeadSummary = InferResponseType<LeadsInboxRoutes['$get'], 200>['leads'][number];
export type LeadDetail = InferResponseType<LeadsInboxRoutes[':id']['$get'], 200>;
export type LeadEvent = LeadDetail['events'][number];

export interface LeadsFilter {
  status: LeadStatus | null;
  /** Address or name, as typed (the server trims it); '' for all. */
  search: string;
  /** 'me' (Mine), a member's user id, or null for everyone the member sees. */
  assignee: string | null;
  /** Where the leads came from; null for every source. */
  source: LeadSource | null;
  /** The send (e-mail or mail) whose offers they answered; null for any. */
  sendId: string | null;
}

// Keys carry the account, so another account's leads are never shown from the cache.
const useAccountKey = () => [...leadsKey, useSession().user?.id ?? null] as const;

/**
 * The user's leads matching the filter, latest answer first, a server page (50) at a time
 * (through `client`: the server draws /leads with its own).
 */
export function leadsInboxQuery(userId: string | null, filter: LeadsFilter, client: ApiClient = api) {
  const search = filter.search.trim();
  return infiniteQueryOptions({
    queryKey: [...leadsKey, userId, 'list', filter.status, search, filter.assignee, filter.source, filter.sendId],
    queryFn: ({ pageParam }) =>
      readJson(
        client['leads-inbox'].$get({
          query: {
            ...(filter.status ? { status: filter.status } : {}),
            ...(search ? { q: search } : {}),
            ...(filter.assignee ? { assignee: filter.assignee } : {}),
            ...(filter.source ? { source: filter.source } : {}),
            ...(filter.sendId ? { sendId: filter.sendId } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: LIVE_DATA_STALE_TIME_MS,
  });
}

export function useLeadsInbox(filter: LeadsFilter) {
  return useInfiniteQuery(leadsInboxQuery(useSession().user?.id ?? null, filter));
}

/**
 * One lead with its history (oldest first). The lead comes with the newest 50 entries;
 * fetchNextPage loads the 50 before those (hasNextPage while there are more). A refresh
 * refetches every page loaded, in order, so new entries never leave a gap.
 */
export function useLead(id: string) {
  const accountKey = useAccountKey();
  return useInfiniteQuery({
    queryKey: [...accountKey, 'detail', id],
    queryFn: async ({ pageParam }) =>
      pageParam === null
        ? readJson(api['leads-inbox'][':id'].$get({ param: { id } }))
        : {
            lead: null,
            ...(await readJson(api['leads-inbox'][':id'].events.$get({ param: { id }, query: { before: pageParam } }))),
          },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.earlierCursor,
    select: ({ pages }): LeadDetail => {
      const [newest] = pages;
      // The first page is always GET /{id}, which carries the lead.
      if (!newest?.lead) throw new Error('The lead’s first page has no lead');
      return { ...newest, lead: newest.lead, events: [...pages].reverse().flatMap((page) => page.events) };
    },
  });
}

/** Runs a change to a lead and then refreshes every leads query (list rows and the detail). */
function useLeadMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}

/** Gives the lead to another member of the workspace (written on its history). */
export function useReassignLead(id: string) {
  return useLeadMutation((userId: string) =>
    readJson(api['leads-inbox'][':id'].assignee.$put({ param: { id }, json: { userId } })),
  );
}

/** Moves the lead to a status; Under Contract comes with its contract terms, Closed with what was received. */
export function useChangeLeadStatus(id: string) {
  return useLeadMutation((change: LeadStatusChangeInput) =>
    readJson(api['leads-inbox'][':id'].$patch({ param: { id }, json: change })),
  );
}

export function useAddLeadNote(id: string) {
  return useLeadMutation((text: string) =>
    readJson(api['leads-inbox'][':id'].notes.$post({ param: { id }, json: { text } })),
  );
}

/** Logs a call's or text's outcome on the lead (its history, status, wrong number, call-back task). */
export function useLogLeadCall(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (log: LeadCallLogInput) =>
      readJson(api['leads-inbox'][':id'].calls.$post({ param: { id }, json: log })),
    // The call may have added a task: the lead's and the member's tasks are read again too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsKey }),
        queryClient.invalidateQueries({ queryKey: tasksKey }),
      ]),
  });
}

export function useSendRevisedOffer(id: string) {
  return useLeadMutation((request: RevisedOfferRequest) =>
    readJson(api['leads-inbox'][':id']['revised-offer'].$post({ param: { id }, json: request })),
  );
}

/** Saves the lead as a saved property, its deal from then on: the saved list, the plan's count and the lead change with it. */
export function useSaveLeadAsProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api['leads-inbox'][':id'].save.$post({ param: { id } })),
    onSuccess: () =>
      Promise.all([invalidateAccountData(queryClient), queryClient.invalidateQueries({ queryKey: leadsKey })]),
  });
}

/** Starts the workspace's sequence of a kind on the lead; `replace` answers "Replace it?" with yes. */
export function useStartLeadFollowUp(id: string) {
  return useLeadMutation(({ replace, sequence }: { replace: boolean; sequence: FollowUpSequenceKind }) =>
    readJson(api['leads-inbox'][':id']['follow-up'].$post({ param: { id }, json: { replace, sequence } })),
  );
}

/** Pauses the lead's running sequence (written on its history). */
export function usePauseLeadFollowUp(id: string) {
  return useLeadMutation(() => readJson(api['leads-inbox'][':id']['follow-up'].$delete({ param: { id } })));
}
