import { Hono } from 'hono';
import { PersonalPageOfferRequestSchema } from '#domain/offer/personal-page-offer-request.ts';
import { HandleSchema } from '#domain/profile/wholesaler-profile-schema.ts';
import type { AppContext } from '../app-context';
import { readWorkspaceHomeownerView } from '../homeowner-view/homeowner-view-store';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { OFFER_RESPONSE_RATE_LIMIT, PUBLIC_OFFER_RATE_LIMIT } from '../offer-links/offer-links-routes';
import { limitPerClient } from '../rate-limit/limit-per-client';
import { createPersonalPageOffer } from './create-personal-page-offer';
import { personalPageMessages, requireWholesalerByHandle } from './find-wholesaler-by-handle';

/** A path's handle, or the same 404 as an unknown one: a malformed handle reveals nothing more. */
function handleOf(value: string): string {
  const handle = HandleSchema.safeParse(value);
  if (!handle.success) throw new Refusal(404, personalPageMessages.notFound, { code: 'wholesaler-not-found' });
  return handle.data;
}

/**
 * /api/public/wholesalers/{handle} (no sign-in, rate limited per client address). GET: the
 * branding of a wholesaler's personal calculator `/c/{handle}`: { handle, displayName, company,
 * phone, homeownerView } (what the workspace shows homeowners of an offer). POST /offers with PersonalPageOfferRequestSchema: the visitor's calculated offer as
 * an answerable offer link of that wholesaler → 201 { token, url, offer }. Handles compare
 * case-insensitively; a handle its owner renamed away from still answers for them (GET gives their
 * current handle); an unknown one is 404 { code: 'wholesaler-not-found' }. Offers are also capped
 * per wholesaler and hour across all addresses (429).
 */
export function personalPageRoutes(context: AppContext) {
  return new Hono()
    .get('/:handle', limitPerClient(context, 'personal-page', PUBLIC_OFFER_RATE_LIMIT), async (c) => {
      const found = await requireWholesalerByHandle(context.database.db, handleOf(c.req.param('handle')));
      return c.json({
        handle: found.handle,
        displayName: found.displayName,
        company: found.company,
        phone: found.phone,
        homeownerView: await readWorkspaceHomeownerView(context.database.db, found.workspaceId),
      });
    })
    .post(
      '/:handle/offers',
      // Answering takes one offer, maybe a second after changing the figures: the answer's own limit.
      limitPerClient(context, 'personal-page-offer', OFFER_RESPONSE_RATE_LIMIT),
      validate('json', PersonalPageOfferRequestSchema),
      async (c) =>
        c.json(await createPersonalPageOffer(context, handleOf(c.req.param('handle')), c.req.valid('json')), 201),
    );
}
