import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import type { PersonalPageOfferRequest } from '#domain/offer/personal-page-offer-request.ts';
import type { AppContext } from '../app-context';
import { offerFromCalculation } from '../offer-links/create-offer-link';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { readPublicOffer, type PublicOffer } from '../offer-links/read-public-offer';
import { capAnonymousWrites } from '../rate-limit/cap-anonymous-writes';
import { requireWholesalerByHandle } from './find-wholesaler-by-handle';

/**
 * A homeowner on `/c/{handle}` answers the offer they calculated: it becomes an offer link of
 * that member in the profile's workspace (its leads are assigned to them) (source 'personal-page', computed here with the default template), answered
 * like any other and reopened later at its URL. At most ANONYMOUS_WRITES_PER_WHOLESALER an hour
 * per wholesaler, from every address together (then 429, nothing stored).
 */
export async function createPersonalPageOffer(
  { env, database }: AppContext,
  handle: string,
  calculation: PersonalPageOfferRequest,
): Promise<{ token: string; url: string; offer: PublicOffer }> {
  const owner = await requireWholesalerByHandle(database.db, handle);
  const offer = offerFromCalculation({ ...calculation, template: defaultTemplate });
  const link = await database.db.transaction(async (tx) => {
    await capAnonymousWrites(tx, 'personal-page-offer', owner.userId);
    return insertOfferLink(tx, env.APP_URL, {
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      source: 'personal-page',
      offer,
    });
  });
  return { token: link.token, url: link.url, offer: await readPublicOffer(database.db, link.token) };
}
