import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiErrorFrom, ApiError, readJson, type ApiClient } from '#web/api/api-client.ts';

/** GET /api/public/deals/{token}: the deal as its buyer sees it; 404 (unknown) or 410 (expired) ApiError. */
export function fetchDealPage(token: string, client: ApiClient = api) {
  return readJson(client.public.deals[':token'].$get({ param: { token } }));
}

export type DealPageData = Awaited<ReturnType<typeof fetchDealPage>>;

/** The deal page's query, drawn by the server with the page and not fetched again by the browser. */
export function dealPageQuery(token: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['public-deal', token],
    queryFn: () => fetchDealPage(token, client),
    staleTime: Infinity,
    retryOnMount: false,
  });
}

/** A photo of the deal through the buyer's own link (never the workspace's photo address). */
export function dealPhotoUrl(token: string, photoId: string, size: 'full' | 'thumbnail') {
  return `/api/public/deals/${encodeURIComponent(token)}/photos/${photoId}?size=${size}`;
}

/** A buyer's offer as the form holds it: its typed fields and the chosen proof-of-funds file. */
export interface BuyerOfferSubmission {
  fields: Record<'amount' | 'proofOfFundsAmount' | 'name' | 'email' | 'phone' | 'message', string>;
  proofOfFunds: File | null;
}

/** POST /api/public/deals/{token}/offers, as a form (the file travels with the fields). */
export function useSendBuyerOffer(token: string) {
  return useMutation({
    mutationFn: async ({ fields, proofOfFunds }: BuyerOfferSubmission) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      if (proofOfFunds) body.set('proofOfFunds', proofOfFunds);
      const response = await fetch(`/api/public/deals/${encodeURIComponent(token)}/offers`, {
        method: 'POST',
        body,
        credentials: 'same-origin',
      });
      if (!response.ok) throw await apiErrorFrom(response);
      return (await response.json()) as { offer: { id: string; createdAt: string } };
    },
  });
}

export const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);
