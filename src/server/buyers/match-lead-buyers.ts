import { and, eq, isNull, sql } from 'drizzle-orm';
import { dealArea, matchBuyers, type MatchDeal } from '#domain/buyers/match-buyers.ts';
import { CONTRACTED_LEAD_STATUSES } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { buyers, dealTerms, leads, offerLinks } from '../db/schema';
import { inWorkspace, leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { buyerTrackRecords } from './buyer-track-record';

const candidateColumns = [
  'id',
  'name',
  'company',
  'email',
  'phone',
  'areas',
  'propertyTypes',
  'strategies',
  'priceMin',
  'priceMax',
  'maxRepairs',
  'proofOfFundsAmount',
  'proofOfFundsExpiresOn',
] as const satisfies readonly (keyof typeof buyers.$inferSelect)[];
type Candidate = Pick<typeof buyers.$inferSelect, (typeof candidateColumns)[number]>;
type CandidateTuple = Candidate[keyof Candidate][];

/** The most matches one answer lists, best first. */
export const MATCHES_LISTED = 50;

export const matchingMessages = {
  leadNotFound: 'Lead not found',
  notUnderContract: 'Matching buyers are found for a lead under contract: move it to Under Contract first.',
} as const;

/**
 * The workspace's buyers ranked for a lead under contract (or closed): the deal is its address's
 * ZIP and city, its contract price (deal_terms; else its offer's high end, said so), its market
 * value as ARV and the repairs of the offer it answered. 404 for a lead the member does not see
 * (another workspace's, or not assigned to one who sees only theirs); 409 before Under Contract.
 */
export async function matchLeadBuyers(db: Database, member: LeadReader, leadId: string, today: string) {
  const [lead] = await db
    .select({
      id: leads.id,
      address: leads.address,
      status: leads.status,
      marketValue: leads.marketValue,
      offerHigh: leads.offerHigh,
      contractPrice: dealTerms.contractPrice,
      repairs: offerLinks.totalRepairCost,
    })
    .from(leads)
    .leftJoin(dealTerms, eq(dealTerms.leadId, leads.id))
    .leftJoin(offerLinks, eq(offerLinks.id, leads.offerLinkId))
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!lead) throw new Refusal(404, matchingMessages.leadNotFound, { code: 'lead-not-found' });
  if (!CONTRACTED_LEAD_STATUSES.includes(lead.status)) throw new Refusal(409, matchingMessages.notUnderContract);

  const { zip, city } = dealArea(lead.address);
  const price = lead.contractPrice ?? lead.offerHigh;
  const deal: MatchDeal = {
    zip,
    city,
    price,
    priceSource: lead.contractPrice !== null ? 'contract' : price !== null ? 'offer' : null,
    arv: lead.marketValue,
    repairs: lead.repairs,
    // Leads do not record a property type yet: the criterion says so and scores nothing.
    propertyType: null,
    today,
  };
  // The candidates come as one JSON text: read a value at a time, 10,000 rows of 13 columns cost
  // several times their scoring (bench/buyer-matching.ts).
  const [packed] = await db
    .select({
      rows: sql<string>`coalesce(json_agg(json_build_array(${sql.join(
        candidateColumns.map((column) => sql`${buyers[column]}`),
        sql`, `,
      )}))::text, '[]')`,
    })
    .from(buyers)
    .where(and(inWorkspace(buyers, member), isNull(buyers.optedOutAt)));
  // Their past with the workspace, only for the buyers who have one (read apart: joined to every
  // candidate, the grouped offers cost PGlite seconds).
  const record = buyerTrackRecords(db, member.workspaceId, lead.id);
  const pasts = new Map(
    (await db.select().from(record)).map((row) => [row.buyerId, { pastOffers: row.offers, closings: row.closings }]),
  );
  const candidates = (JSON.parse(packed?.rows ?? '[]') as CandidateTuple[]).map((tuple) => {
    const buyer = Object.fromEntries(candidateColumns.map((column, at) => [column, tuple[at]])) as Candidate;
    return { ...buyer, ...(pasts.get(buyer.id) ?? { pastOffers: 0, closings: 0 }) };
  });
  const { matched, matches } = matchBuyers(
    candidates.map((buyer) => ({ ...buyer, optedOut: false })),
    deal,
    MATCHES_LISTED,
  );
  const byId = new Map(candidates.map((buyer) => [buyer.id, buyer]));
  return {
    lead: { id: lead.id, address: lead.address, status: lead.status },
    deal,
    matched,
    matches: matches.map((match) => {
      const { company, email, phone } = byId.get(match.buyerId)!;
      return { ...match, company, email, phone };
    }),
  };
}
