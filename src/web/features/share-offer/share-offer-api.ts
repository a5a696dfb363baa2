import { useMutation } from '@tanstack/react-query';
import type { ShareOfferRequest } from '#domain/offer/share-offer-request.ts';
import { api, readJson } from '#web/api/api-client.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';

/** POST /api/offer-links: a new answerable link to the offer, valid 7 days; ApiError with the server's message otherwise. */
export function shareOffer(request: ShareOfferRequest) {
  return readJson(api['offer-links'].$post({ json: request }));
}

export type SharedOffer = Awaited<ReturnType<typeof shareOffer>>;

/** 'Share offer': each call makes a new link (shareOffer). */
export function useShareOffer({ onSuccess, onError }: MutationCallbacks<SharedOffer> = {}) {
  return useMutation({ mutationFn: shareOffer, onSuccess, onError });
}
