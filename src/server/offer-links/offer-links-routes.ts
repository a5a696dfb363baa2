import { Hono } from 'hono';
import { SharedOfferFollowUpSchema } from '#domain/follow-ups/shared-offer-follow-up.ts';
import { OfferAnswerRequestSchema } from '#domain/leads/offer-answer-request.ts';
import { OfferTokenSchema } from '#domain/offer/offer-token-schema.ts';
import { ShareOfferRequestSchema } from '#domain/offer/share-offer-request.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { pdfResponse } from '../documents/documents';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerClient } from '../rate-limit/limit-per-client';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { answerOffer } from './answer-offer';
import { createOfferLink } from './create-offer-link';
import { followUpSharedOffer } from './follow-up-shared-offer';
import { offerLinkLetter } from './offer-link-letter';
import { publicOfferMessages, readPublicOffer } from './read-public-offer';

/** Opening offer pages, per client address and minute: generous for a person, useless for guessing tokens. */
export const PUBLIC_OFFER_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;
/** Answers per client address and minute: a homeowner needs a few at most (counter, programme, accept). */
export const OFFER_RESPONSE_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;

/**
 * POST /api/offer-links (signed in, 'Share offer'; a role that works deals, else 403 'not-allowed'): body
 * ShareOfferRequestSchema → 201 { id, url, expiresAt, offer }, the link of the member's workspace, made by them;
 * rate limited per user (PER_USER_ACTION_RATE_LIMIT): 429 { code: 'rate-limited' }.
 * POST /follow-up SharedOfferFollowUpSchema → 201 { followUp: { id, email } }: the shared offer is
 * followed up by e-mail with the homeowner named (followUpSharedOffer; same role and limit).
 */
export function offerLinksRoutes(context: AppContext) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .post(
      '/',
      requireRole('work-deals'),
      limitPerUser(context, 'share-offer'),
      validate('json', ShareOfferRequestSchema),
      async (c) => {
        const link = await createOfferLink(context, c.var.member, c.req.valid('json'));
        return c.json(
          {
            id: link.id,
            url: link.url,
            createdAt: link.createdAt.toISOString(),
            expiresAt: link.expiresAt.toISOString(),
            offer: link.offer,
          },
          201,
        );
      },
    )
    .post(
      '/follow-up',
      requireRole('work-deals'),
      limitPerUser(context, 'share-offer'),
      validate('json', SharedOfferFollowUpSchema),
      async (c) => c.json({ followUp: await followUpSharedOffer(context, c.var.member, c.req.valid('json')) }, 201),
    );
}

/**
 * /api/public/offers/{token} (no sign-in, rate limited per client address): GET the offer as
 * the homeowner sees it; GET /letter.pdf its offer letter; POST /responses with OfferAnswerRequestSchema to answer it → 201
 * { outcome, title, message }. Unknown or edited tokens: 404 { error: 'Offer not found', code: 'offer-not-found' }.
 */
export function publicOffersRoutes(context: AppContext) {
  const token = (value: string) => {
    // A token that cannot be one is "not found" like an unknown one, never a 400 that tells them apart.
    const parsed = OfferTokenSchema.safeParse(value);
    if (!parsed.success) throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });
    return parsed.data;
  };
  return (
    new Hono()
      .get('/:token', limitPerClient(context, 'public-offer', PUBLIC_OFFER_RATE_LIMIT), async (c) =>
        c.json(await readPublicOffer(context.database.db, token(c.req.param('token')))),
      )
      // The offer letter (PDF) the offer page and the offer e-mails link to.
      .get('/:token/letter.pdf', limitPerClient(context, 'public-offer', PUBLIC_OFFER_RATE_LIMIT), async (c) =>
        pdfResponse(await offerLinkLetter(context.database.db, token(c.req.param('token')))),
      )
      .post(
        '/:token/responses',
        limitPerClient(context, 'offer-response', OFFER_RESPONSE_RATE_LIMIT),
        validate('json', OfferAnswerRequestSchema),
        async (c) => c.json(await answerOffer(context, token(c.req.param('token')), c.req.valid('json')), 201),
      )
  );
}
