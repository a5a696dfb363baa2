import { homeownerResponseMessage, type HomeownerResponseMessage } from '../../domain/leads/homeowner-response-message';
import type { LeadResponseKind, LeadSource } from '../../domain/leads/lead-response';
import { negotiationOutcome } from '../../domain/leads/negotiation-outcome';
import { responseContact, type OfferResponseRequest } from '../../domain/leads/offer-response-request';
import { isOfferExpired } from '../../domain/offer/offer-validity';
import type { AppContext } from '../app-context';
import type { offerLinks } from '../db/schema';
import { Refusal } from '../http/refusal';
import { recordWholesalerLead } from '../leads/record-wholesaler-lead';
import { readWholesaler } from '../profile/read-wholesaler';
import { capAnonymousWrites } from '../rate-limit/cap-anonymous-writes';
import { findOfferLink, publicOfferMessages } from './read-public-offer';

type OfferLinkSource = (typeof offerLinks.$inferSelect)['source'];

const responseKinds: Record<OfferResponseRequest['kind'], LeadResponseKind> = {
  accept: 'accepted',
  counter: 'countered',
  program: 'program-interest',
  'new-offer': 'new-offer-requested',
};

const leadKinds = { accept: 'accept', counter: 'negotiate', program: 'program', 'new-offer': 'new-offer' } as const;

const leadSources: Record<OfferLinkSource, LeadSource> = {
  'shared-link': 'shared-link',
  'bulk-email': 'bulk-email',
  'personal-page': 'personal-page',
  // A revised offer answers into its lead, which keeps its own source; this is only a fallback.
  'revised-offer': 'shared-link',
};

/**
 * A homeowner answers an offer link (no sign-in): the answer becomes (or updates) a lead owned
 * by the link's wholesaler, with its history and the wholesaler's notification, in one
 * transaction, at most ANONYMOUS_WRITES_PER_WHOLESALER an hour per wholesaler (then 429, nothing
 * stored). An expired offer can no longer be accepted or countered, only asked to be renewed
 * (or the MLS/Retail programme asked about). A counter above 82 % of market value is passed on
 * and the homeowner is also shown the MLS/Retail programme (§4 Negotiate rule). The answer says
 * whom it was sent to and what happens next, never that anything was accepted.
 */
export async function answerOffer(
  { env, database }: AppContext,
  token: string,
  answer: OfferResponseRequest,
  now = new Date(),
): Promise<HomeownerResponseMessage> {
  const link = await findOfferLink(database.db, token);
  if (isOfferExpired(link.expiresAt, now) && (answer.kind === 'accept' || answer.kind === 'counter')) {
    throw new Refusal(410, publicOfferMessages.expired, { code: 'offer-expired' });
  }
  const owner = await readWholesaler(database.db, link.userId);
  if (!owner) throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });

  const responseKind = responseKinds[answer.kind];
  const counterAmount = answer.kind === 'counter' || answer.kind === 'program' ? (answer.desiredPrice ?? null) : null;
  const aboveProgramThreshold =
    answer.kind === 'counter' &&
    negotiationOutcome({ desiredPrice: answer.desiredPrice, marketValue: link.marketValue, userType: 'homeowner' }) ===
      'needs-program-info';
  const message = answer.kind === 'program' ? answer.notes : answer.message;
  const details =
    answer.kind === 'program'
      ? { condition: answer.condition, timeframe: answer.timeframe, notes: answer.notes }
      : { message: answer.message };

  await database.db.transaction(async (tx) => {
    // Per wholesaler, whatever the address: a flood from many addresses cannot fill one inbox.
    await capAnonymousWrites(tx, 'offer-answer', owner.userId);
    return recordWholesalerLead(tx, env.APP_URL, env.EMAIL_FROM, {
      owner,
      source: leadSources[link.source],
      kind: leadKinds[answer.kind],
      responseKind,
      counterAmount,
      address: link.address,
      marketValue: link.marketValue,
      offerRange: { low: link.offerLow, high: link.offerHigh },
      contact: responseContact(answer),
      message,
      details,
      offerLinkId: link.id,
      revisesLeadId: link.revisesLeadId,
      at: now,
    });
  });
  return homeownerResponseMessage({
    kind: responseKind,
    displayName: owner.displayName,
    counterAmount,
    aboveProgramThreshold,
  });
}
