import type { ShareOfferRequest } from '../../../domain/offer/share-offer-request';
import { api, readJson } from '../../api/api-client';

/** POST /api/offer-links: a new answerable link to the offer, valid 7 days; ApiError with the server's message otherwise. */
export function shareOffer(request: ShareOfferRequest) {
  return readJson(api['offer-links'].$post({ json: request }));
}

export type SharedOffer = Awaited<ReturnType<typeof shareOffer>>;
