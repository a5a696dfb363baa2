import { and, eq } from 'drizzle-orm';
import {
  assignmentMessages,
  assignmentOfContract,
  DEFAULT_ASSIGNMENT_CLAUSE,
  type AssignmentClause,
} from '#domain/documents/assignment-of-contract.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { CONTRACTED_LEAD_STATUSES, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { buyerOffers, buyers, dealTerms, leads } from '../db/schema';
import { leadsVisibleTo, sameWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { readSettings, removeSettings, writeSettings } from '../integrations/wholesaler-settings';
import { readWholesaler } from '../profile/read-wholesaler';
import { pdfFileName, type PdfDocument } from './documents';
import { renderPdf } from './render-pdf';

/** The workspace setting (wholesaler_settings) holding its own assignment wording; absent: the default. */
const CLAUSE_SETTING = 'assignment_clause';

/** The workspace's assignment wording as stored ('' when it uses the default), and the default itself. */
export async function readAssignmentClause(db: Database, workspaceId: string) {
  const text = (await readSettings(db, workspaceId, [CLAUSE_SETTING])).get(CLAUSE_SETTING) ?? '';
  return { text, defaultText: DEFAULT_ASSIGNMENT_CLAUSE };
}

/** Stores the workspace's wording in one statement; an empty text goes back to the default. */
export async function writeAssignmentClause(db: Database, workspaceId: string, { text }: AssignmentClause) {
  if (text) await writeSettings(db, workspaceId, { [CLAUSE_SETTING]: text });
  else await removeSettings(db, workspaceId, [CLAUSE_SETTING]);
  return { text, defaultText: DEFAULT_ASSIGNMENT_CLAUSE };
}

const notReady = (message: string) => new Refusal(409, message, { code: 'assignment-not-ready' });

/**
 * POST /api/documents/assignment: the assignment of contract of a lead the member sees (404
 * otherwise, as an unknown id), under contract or closed, to its primary buyer
 * (deal_terms.primary_buyer_offer_id → the offer → its buyer). The fee is the buyer's price (the
 * deal's disposition price, else the primary offer's amount) less the contract price. 409
 * 'assignment-not-ready', saying what is missing, when there is no primary buyer or contract
 * price, the deal was double-closed, or the buyer's price is below the contract's. The assignor is
 * the member, as their profile in the workspace presents them (the offer letter's signer).
 */
export async function assignmentFor(
  db: Database,
  member: WorkspaceMember,
  leadId: string,
  now = new Date(),
): Promise<PdfDocument> {
  const [found] = await db
    .select({
      address: leads.address,
      sellerName: leads.name,
      status: leads.status,
      terms: {
        contractPrice: dealTerms.contractPrice,
        contractDate: dealTerms.contractDate,
        closingDate: dealTerms.closingDate,
        disposition: dealTerms.disposition,
        dispositionPrice: dealTerms.dispositionPrice,
        buyerEarnestMoney: dealTerms.buyerEarnestMoney,
      },
      offerAmount: buyerOffers.amount,
      buyer: { name: buyers.name, company: buyers.company },
    })
    .from(leads)
    .leftJoin(dealTerms, and(eq(dealTerms.leadId, leads.id), sameWorkspace(dealTerms, leads)))
    .leftJoin(
      buyerOffers,
      and(
        eq(buyerOffers.id, dealTerms.primaryBuyerOfferId),
        eq(buyerOffers.leadId, leads.id),
        sameWorkspace(buyerOffers, leads),
      ),
    )
    .leftJoin(buyers, and(eq(buyers.id, buyerOffers.buyerId), sameWorkspace(buyers, leads)))
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!found) throw new Refusal(404, assignmentMessages.leadNotFound, { code: 'lead-not-found' });
  if (!CONTRACTED_LEAD_STATUSES.includes(found.status)) throw notReady(assignmentMessages.notContracted);
  const { terms, buyer } = found;
  if (terms?.disposition === 'double-closed') throw notReady(assignmentMessages.doubleClosed);
  if (!buyer || found.offerAmount === null) throw notReady(assignmentMessages.noPrimaryBuyer);
  if (terms === null || terms.contractPrice === null) throw notReady(assignmentMessages.noContractPrice);
  const assignmentPrice = terms.dispositionPrice ?? found.offerAmount;
  if (assignmentPrice < terms.contractPrice) {
    throw notReady(
      assignmentMessages.priceBelowContract(formatMoney(assignmentPrice), formatMoney(terms.contractPrice)),
    );
  }

  const wholesaler = await readWholesaler(db, member);
  if (!wholesaler) throw new Refusal(404, 'Account not found');
  const { text } = await readAssignmentClause(db, member.workspaceId);
  const content = assignmentOfContract({
    date: now,
    assignor: { name: wholesaler.displayName, company: wholesaler.company, postalAddress: wholesaler.postalAddress },
    assignee: buyer,
    sellerName: found.sellerName,
    address: found.address,
    contractDate: terms.contractDate,
    closingDate: terms.closingDate,
    contractPrice: terms.contractPrice,
    assignmentPrice,
    buyerEarnestMoney: terms.buyerEarnestMoney,
    clause: text || DEFAULT_ASSIGNMENT_CLAUSE,
  });
  return {
    fileName: pdfFileName('assignment of contract', found.address),
    bytes: await renderPdf(content, { author: wholesaler.displayName }),
  };
}
