import { queryOptions, useMutation } from '@tanstack/react-query';
import type { HomeownerAnswerMessage } from '#domain/leads/homeowner-answer-message.ts';
import type { OfferAnswerRequestInput } from '#domain/leads/offer-answer-request.ts';
import type { PersonalPageOfferRequest } from '#domain/offer/personal-page-offer-request.ts';
import { api, ApiError, readJson, type ApiClient } from '#web/api/api-client.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';

/** GET /api/public/offers/{token}: the offer as the homeowner sees it; 404 ApiError for an unknown token. */
export function fetchPublicOffer(token: string, client: ApiClient = api) {
  return readJson(client.public.offers[':token'].$get({ param: { token } }));
}

/**
 * The offer page's query. The server renders the page with it and sends it along (render-page.tsx):
 * an offer does not change while its homeowner reads it, so the browser does not fetch it again.
 */
export function publicOfferQuery(token: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['public-offer', token],
    queryFn: () => fetchPublicOffer(token, client),
    staleTime: Infinity,
    // A refusal the server drew the page with ('Offer not found') stays; 'Try again' asks anew.
    retryOnMount: false,
  });
}

/** POST /api/public/offers/{token}/responses: what the homeowner is told once the answer reached the wholesaler. */
export function answerOffer(token: string, answer: OfferAnswerRequestInput): Promise<HomeownerAnswerMessage> {
  return readJson(api.public.offers[':token'].responses.$post({ param: { token }, json: answer }));
}

/** GET /api/public/wholesalers/{handle}: a personal page's branding; 404 ApiError for an unknown handle. */
export function fetchWholesalerBranding(handle: string, client: ApiClient = api) {
  return readJson(client.public.wholesalers[':handle'].$get({ param: { handle } }));
}

/** A personal page's branding query; rendered by the server with the page, like the offer's. */
export function wholesalerBrandingQuery(handle: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['wholesaler-branding', handle],
    queryFn: () => fetchWholesalerBranding(handle, client),
    staleTime: Infinity,
    retryOnMount: false,
  });
}

/** POST /api/public/wholesalers/{handle}/offers: the visitor's calculated offer as an answerable link of that wholesaler. */
export function createPersonalPageOffer(handle: string, calculation: PersonalPageOfferRequest) {
  return readJson(api.public.wholesalers[':handle'].offers.$post({ param: { handle }, json: calculation }));
}

export type PublicOffer = Awaited<ReturnType<typeof fetchPublicOffer>>;
export type WholesalerBranding = Awaited<ReturnType<typeof fetchWholesalerBranding>>;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Delivers one answer to the wholesaler; resolves to what the homeowner is told. */
export type SendAnswer = (answer: OfferAnswerRequestInput) => Promise<HomeownerAnswerMessage>;

/** An answer that reached the wholesaler, with what the homeowner is told about it. */
export interface SentAnswer {
  answer: OfferAnswerRequestInput;
  told: HomeownerAnswerMessage;
}

/** Sends one homeowner answer through `send` (the link it belongs to); succeeds with the answer and what to tell. */
export function useAnswerOffer(send: SendAnswer, { onSuccess, onError }: MutationCallbacks<SentAnswer> = {}) {
  return useMutation({
    mutationFn: async (answer: OfferAnswerRequestInput) => ({ answer, told: await send(answer) }),
    onSuccess,
    onError,
  });
}

/** 410: the offer expired while the homeowner was answering it. */
export const isExpired = (error: unknown) => error instanceof ApiError && error.status === 410;

/** The toast for a refused answer: the server's words for what it refused (an expired offer, a limit, a field), never a stack trace. */
export function answerErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
