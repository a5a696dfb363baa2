import type { HomeownerResponseMessage } from '../../../domain/leads/homeowner-response-message';
import type { OfferResponseRequestInput } from '../../../domain/leads/offer-response-request';
import type { PersonalPageOfferRequest } from '../../../domain/offer/personal-page-offer-request';
import { api, ApiError, readJson } from '../../api/api-client';

/** GET /api/public/offers/{token}: the offer as the homeowner sees it; 404 ApiError for an unknown token. */
export function fetchPublicOffer(token: string) {
  return readJson(api.public.offers[':token'].$get({ param: { token } }));
}

/** POST /api/public/offers/{token}/responses: what the homeowner is told once the answer reached the wholesaler. */
export function answerOffer(token: string, answer: OfferResponseRequestInput): Promise<HomeownerResponseMessage> {
  return readJson(api.public.offers[':token'].responses.$post({ param: { token }, json: answer }));
}

/** GET /api/public/wholesalers/{handle}: a personal page's branding; 404 ApiError for an unknown handle. */
export function fetchWholesalerBranding(handle: string) {
  return readJson(api.public.wholesalers[':handle'].$get({ param: { handle } }));
}

/** POST /api/public/wholesalers/{handle}/offers: the visitor's calculated offer as an answerable link of that wholesaler. */
export function createPersonalPageOffer(handle: string, calculation: PersonalPageOfferRequest) {
  return readJson(api.public.wholesalers[':handle'].offers.$post({ param: { handle }, json: calculation }));
}

export type PublicOffer = Awaited<ReturnType<typeof fetchPublicOffer>>;
export type WholesalerBranding = Awaited<ReturnType<typeof fetchWholesalerBranding>>;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
