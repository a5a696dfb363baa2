import { Hono } from 'hono';
import { HandleSchema } from '../../domain/profile/wholesaler-profile-schema';
import type { AppContext } from '../app-context';
import { Refusal } from '../http/refusal';
import { limitPerClient } from '../rate-limit/limit-per-client';
import { PUBLIC_OFFER_RATE_LIMIT } from '../offer-links/offer-links-routes';
import { findWholesalerByHandle } from './find-wholesaler-by-handle';

export const personalPageMessages = { notFound: 'Page not found' } as const;

/**
 * GET /api/public/wholesalers/{handle} (no sign-in, rate limited per client address): the
 * branding of a wholesaler's personal calculator `/c/{handle}`: { handle, displayName, company,
 * phone }. Handles compare case-insensitively; an unknown one is 404 { code: 'wholesaler-not-found' }.
 */
export function personalPageRoutes(context: AppContext) {
  return new Hono().get('/:handle', limitPerClient(context, 'personal-page', PUBLIC_OFFER_RATE_LIMIT), async (c) => {
    const handle = HandleSchema.safeParse(c.req.param('handle'));
    const found = handle.success ? await findWholesalerByHandle(context.database.db, handle.data) : null;
    if (!found) throw new Refusal(404, personalPageMessages.notFound, { code: 'wholesaler-not-found' });
    return c.json({ handle: found.handle, displayName: found.displayName, company: found.company, phone: found.phone });
  });
}
