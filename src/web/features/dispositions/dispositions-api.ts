import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import type {
  BuyerChoice,
  BuyerEarnestMoney,
  DealCosts,
  DealDispositionInput,
} from '#domain/deals/disposition-requests.ts';
import { api, readJson, retryUnlessRefused } from '#web/api/api-client.ts';
import { refetchChanged, subscribeToChanges } from '#web/api/change-feed.ts';
import { useSession } from '#web/api/use-session.ts';

/** Every dispositions query starts with this key. */
export const dispositionsKey = ['dispositions'] as const;

type DispositionsRoutes = (typeof api)['dispositions'][':leadId'];
export type DealDispositions = InferResponseType<DispositionsRoutes['$get'], 200>;
export type BuyerOfferView = DealDispositions['offers'][number];

const useLeadKey = (leadId: string) => [...dispositionsKey, useSession().user?.id ?? null, leadId] as const;

/** A lead's buyer offers, chosen buyers, earnest money, sale and fee ledger (once it is under contract). */
export function useDealDispositions(leadId: string, enabled: boolean) {
  return useQuery({
    queryKey: useLeadKey(leadId),
    queryFn: () => readJson(api.dispositions[':leadId'].$get({ param: { leadId } })),
    enabled,
    retry: retryUnlessRefused,
  });
}

/**
 * While a lead's page is shown, its offers refresh when a buyer makes one (the feed's
 * 'buyer_offers' change) and its deal when anyone changes it (the lead is touched).
 */
export function useDispositionsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToChanges(({ table }) => {
        if (table === null || table === 'buyer_offers' || table === 'leads')
          void refetchChanged(queryClient, dispositionsKey);
      }),
    [queryClient],
  );
}

/** The address of an offer's proof of funds file: a plain link the browser downloads with the session's cookie. */
export const proofOfFundsHref = (leadId: string, offerId: string) =>
  `/api/dispositions/${encodeURIComponent(leadId)}/offers/${encodeURIComponent(offerId)}/proof-of-funds`;

function useDealMutation<Request, Answer>(send: (request: Request) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dispositionsKey }),
        // The sale closes the lead, and its terms show on the lead's page.
        queryClient.invalidateQueries({ queryKey: ['leads'] }),
      ]),
  });
}

export const useChooseBuyers = (leadId: string) =>
  useDealMutation((choice: BuyerChoice) =>
    readJson(api.dispositions[':leadId'].buyers.$put({ param: { leadId }, json: choice })),
  );

export const useRecordEarnestMoney = (leadId: string) =>
  useDealMutation((earnest: BuyerEarnestMoney) =>
    readJson(api.dispositions[':leadId']['earnest-money'].$put({ param: { leadId }, json: earnest })),
  );

export const useSaveDealCosts = (leadId: string) =>
  useDealMutation((costs: DealCosts) =>
    readJson(api.dispositions[':leadId'].costs.$put({ param: { leadId }, json: costs })),
  );

export const useRecordSale = (leadId: string) =>
  useDealMutation((sale: DealDispositionInput) =>
    readJson(api.dispositions[':leadId'].sale.$put({ param: { leadId }, json: sale })),
  );
