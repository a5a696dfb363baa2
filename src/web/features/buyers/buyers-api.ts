import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import type { BuyerInput, BuyerSettings } from '#domain/buyers/buyer-request.ts';
import type { BuyerImportRequest } from '#domain/buyers/read-buyer-list.ts';
import type { BuyerListing, SendDealRequest } from '#domain/deals/buyer-listing.ts';
import { api, apiErrorFrom, readJson } from '#web/api/api-client.ts';
import { refetchChanged, subscribeToChanges } from '#web/api/change-feed.ts';
import { useSession } from '#web/api/use-session.ts';

/** Every buyers query starts with this key. */
export const buyersKey = ['buyers'] as const;

type BuyersRoutes = (typeof api)['buyers'];
export type BuyerSummary = InferResponseType<BuyersRoutes['$get'], 200>['buyers'][number];
export type BuyerImportAnswer = InferResponseType<BuyersRoutes['import']['$post'], 200>;
export type MatchingBuyers = InferResponseType<BuyersRoutes['matching'][':leadId']['$get'], 200>;

const useAccountKey = () => [...buyersKey, useSession().user?.id ?? null] as const;

/** The workspace's buyers in name order, searched by name, company, e-mail or area, a server page (50) at a time. */
export function useBuyers(search: string) {
  const accountKey = useAccountKey();
  const q = search.trim();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...accountKey, 'list', q],
      queryFn: ({ pageParam }) =>
        readJson(api.buyers.$get({ query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } })),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}

/** The buyers matched to a lead under contract, best first, with the reasons of each score. */
export function useMatchingBuyers(leadId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...useAccountKey(), 'matching', leadId],
    queryFn: () => readJson(api.buyers.matching[':leadId'].$get({ param: { leadId } })),
    enabled,
  });
}

/** Whether Acquisitions members see the buyers. */
export function useBuyerSettings() {
  return useQuery({
    queryKey: [...useAccountKey(), 'settings'],
    queryFn: () => readJson(api.buyers.settings.$get()),
  });
}

function useBuyersMutation<Request, Answer>(send: (request: Request) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyersKey }),
  });
}

export const useSaveBuyerSettings = () =>
  useBuyersMutation((settings: BuyerSettings) => readJson(api.buyers.settings.$put({ json: settings })));

/** Adds a buyer (id null) or replaces one's details. */
export const useSaveBuyer = (id: string | null) =>
  useBuyersMutation((buyer: BuyerInput) =>
    readJson(id === null ? api.buyers.$post({ json: buyer }) : api.buyers[':id'].$put({ param: { id }, json: buyer })),
  );

export const useDeleteBuyer = () =>
  useBuyersMutation(async (id: string) => {
    const response = await api.buyers[':id'].$delete({ param: { id } });
    if (!response.ok) throw await apiErrorFrom(response);
  });

export const useBuyerOptOut = () =>
  useBuyersMutation(({ id, optedOut }: { id: string; optedOut: boolean }) =>
    readJson(api.buyers[':id']['opt-out'].$post({ param: { id }, json: { optedOut } })),
  );

export const useImportBuyers = () =>
  useBuyersMutation((request: BuyerImportRequest) => readJson(api.buyers.import.$post({ json: request })));

/** Where the browser downloads a buyer's proof-of-funds file: a route of the workspace's (the session's cookie goes with it). */
export const proofOfFundsUrl = (buyerId: string) => `/api/buyers/${encodeURIComponent(buyerId)}/proof-of-funds`;

/** Uploads a buyer's proof-of-funds file as it is, replacing theirs (the server checks its content and size). */
export const useUploadProofOfFunds = () =>
  useBuyersMutation(async ({ buyerId, file }: { buyerId: string; file: File }) => {
    const response = await fetch(proofOfFundsUrl(buyerId), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
    if (!response.ok) throw await apiErrorFrom(response);
    return (await response.json()) as { buyer: BuyerSummary };
  });

export const useRemoveProofOfFunds = () =>
  useBuyersMutation((buyerId: string) =>
    readJson(api.buyers[':id']['proof-of-funds'].$delete({ param: { id: buyerId } })),
  );
type DealLinksRoutes = (typeof api)['deal-links'];
export type DealSending = InferResponseType<DealLinksRoutes['leads'][':leadId']['$get'], 200>;
export type SendDealAnswer = InferResponseType<DealLinksRoutes['send']['$post'], 200>;

/** A deal's sending: what buyers are shown, whom it was sent to, and how many offers each made (the offers are the dispositions'). */
export function useDealSending(leadId: string, enabled: boolean) {
  const accountKey = useAccountKey();
  const userId = accountKey[1];
  const queryClient = useQueryClient();
  // A buyer's offer lands from their page: the server touches the lead, and its live feed says so.
  useEffect(() => {
    if (!enabled) return;
    return subscribeToChanges(({ table }) => {
      if (table === null || table === 'leads') {
        void refetchChanged(queryClient, [...buyersKey, userId, 'deal-links', leadId]);
      }
    });
  }, [queryClient, enabled, userId, leadId]);
  return useQuery({
    queryKey: [...accountKey, 'deal-links', leadId],
    queryFn: () => readJson(api['deal-links'].leads[':leadId'].$get({ param: { leadId } })),
    enabled,
  });
}

/** Saves what buyers are shown of a lead under contract. */
export const useSaveBuyerListing = (leadId: string) =>
  useBuyersMutation((listing: BuyerListing) =>
    readJson(api['deal-links'].leads[':leadId'].listing.$put({ param: { leadId }, json: listing })),
  );

/** "Send deal": the ticked buyers, each e-mailed their own link once. */
export const useSendDeal = () =>
  useBuyersMutation((request: SendDealRequest) => readJson(api['deal-links'].send.$post({ json: request })));
