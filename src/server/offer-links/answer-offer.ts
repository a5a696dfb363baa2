import { homeownerAnswerMessage, type HomeownerAnswerMessage } from '#domain/leads/homeowner-answer-message.ts';
import { answeredAs, offerLinkAnswer } from '#domain/leads/lead-answer.ts';
import { describeLeadAnswer, type LeadSource } from '#domain/leads/lead-answered-kind.ts';
import { negotiationOutcome } from '#domain/leads/negotiation-outcome.ts';
import type { OfferAnswerRequest } from '#domain/leads/offer-answer-request.ts';
import { isOfferExpired } from '#domain/offer/offer-validity.ts';
import type { AppContext } from '../app-context';
import type { offerLinks } from '../db/schema';
import { Refusal } from '../http/refusal';
import { recordLead } from '../leads/record-lead';
import { readWholesaler } from '../profile/read-wholesaler';
import { recordProspectTouch } from '../prospect-touches/record-prospect-touch';
import { capAnonymousWrites } from '../rate-limit/cap-anonymous-writes';
import { findOfferLink, publicOfferMessages } from './read-public-offer';

type OfferLinkSource = (typeof offerLinks.$inferSelect)['source'];

const leadSources: Record<OfferLinkSource, LeadSource> = {
  'shared-link': 'shared-link',
  'bulk-email': 'bulk-email',
  mail: 'mail',
  'personal-page': 'personal-page',
  // A revised offer answers into its lead, which keeps its own source; this is only a fallback.
  'revised-offer': 'shared-link',
};

/**
 * Whom a new lead from this link goes to before the workspace's rule: the member who shared the
 * offer or whose personal page made it. A bulk or mail send's answers follow the workspace's rule (a
 * campaign's leads are what round-robin is for); a revised offer answers into its lead, which keeps
 * its assignee.
 */
function answeredMember(link: typeof offerLinks.$inferSelect): string | null {
  return link.source === 'bulk-email' || link.source === 'mail' ? null : link.userId;
}

/**
 * A homeowner answers an offer link (no sign-in): the answer becomes (or updates) a lead of the
 * link's workspace, assigned as assignNewLead says, with its history and the wholesaler's notification, in one
 * transaction, at most ANONYMOUS_WRITES_PER_WHOLESALER an hour per wholesaler (then 429, nothing
 * stored). An expired offer can no longer be accepted or countered, only asked to be renewed
 * (or the MLS/Retail programme asked about). A counter above 82 % of market value is passed on
 * and the homeowner is also shown the MLS/Retail programme (§4 Negotiate rule). The answer says
 * whom it was sent to and what happens next, never that anything was accepted.
 */
export async function answerOffer(
  { env, database }: AppContext,
  token: string,
  answer: OfferAnswerRequest,
  now = new Date(),
): Promise<HomeownerAnswerMessage> {
  const link = await findOfferLink(database.db, token);
  if (isOfferExpired(link.expiresAt, now) && (answer.kind === 'accept' || answer.kind === 'counter')) {
    throw new Refusal(410, publicOfferMessages.expired, { code: 'offer-expired' });
  }
  // The member who made the link: the homeowner is told they answered them.
  const owner = await readWholesaler(database.db, link);
  if (!owner) throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });

  const lead = offerLinkAnswer(
    answer,
    { address: link.address, marketValue: link.marketValue, offerRange: { low: link.offerLow, high: link.offerHigh } },
    leadSources[link.source],
  );
  const aboveProgramThreshold =
    answer.kind === 'counter' &&
    negotiationOutcome({ desiredPrice: answer.desiredPrice, marketValue: link.marketValue, userType: 'homeowner' }) ===
      'needs-program-info';

  await database.db.transaction(async (tx) => {
    // Per wholesaler, whatever the address: a flood from many addresses cannot fill one inbox.
    await capAnonymousWrites(tx, 'offer-answer', owner.userId);
    const { leadId } = await recordLead(tx, env, {
      workspace: { id: link.workspaceId, answeredMemberUserId: answeredMember(link) },
      answer: lead,
      offerLinkId: link.id,
      revisesLeadId: link.revisesLeadId,
      at: now,
    });
    // The owner a send reached answered: that prospect is this lead now (issue 41).
    await recordProspectTouch(
      tx,
      { offerLinkId: link.id },
      { kind: 'answered', at: now, leadId, detail: describeLeadAnswer(answeredAs[answer.kind], lead.desiredPrice) },
    );
  });
  return homeownerAnswerMessage({
    kind: answeredAs[answer.kind],
    displayName: owner.displayName,
    desiredPrice: lead.desiredPrice,
    aboveProgramThreshold,
  });
}
