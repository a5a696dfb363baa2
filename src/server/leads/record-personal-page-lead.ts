import type { LeadResponseKind } from '../../domain/leads/lead-response';
import type { LeadRequest } from '../../domain/leads/lead-request-schema';
import type { AppContext } from '../app-context';
import { requireWholesalerByHandle } from '../personal-page/find-wholesaler-by-handle';
import { recordWholesalerLead } from './record-wholesaler-lead';

const responseKinds: Record<LeadRequest['kind'], LeadResponseKind> = {
  accept: 'accepted',
  negotiate: 'countered',
  program: 'program-interest',
};

/** The homeowner's contact as each calculator form gives it (the negotiate form has none). */
function leadContact(lead: LeadRequest) {
  if (lead.kind === 'program') return { name: lead.fullName, email: lead.email, phone: lead.phone };
  if (lead.kind === 'accept' && lead.contact) return lead.contact;
  return null;
}

/**
 * A lead from a wholesaler's personal calculator `/c/{handle}`: stored as that wholesaler's
 * (source 'personal-page'), with its history, and announced to them (not to LEADS_EMAIL),
 * in one transaction. One lead per submission: these forms carry no offer link to group by.
 */
export async function recordPersonalPageLead({ env, database }: AppContext, handle: string, lead: LeadRequest) {
  const owner = await requireWholesalerByHandle(database.db, handle);
  const details =
    lead.kind === 'program'
      ? { condition: lead.condition, timeframe: lead.timeframe, notes: lead.notes }
      : lead.kind === 'accept'
        ? { totalRepairCost: lead.totalRepairCost }
        : { userType: lead.userType };
  const { leadId } = await database.db.transaction((tx) =>
    recordWholesalerLead(tx, env.APP_URL, env.EMAIL_FROM, {
      owner,
      source: 'personal-page',
      kind: lead.kind,
      responseKind: responseKinds[lead.kind],
      counterAmount: lead.desiredPrice ?? null,
      address: lead.address,
      marketValue: lead.marketValue ?? null,
      offerRange: lead.offerRange ?? null,
      contact: leadContact(lead),
      message: lead.kind === 'program' ? lead.notes : '',
      details,
      offerLinkId: null,
      revisesLeadId: null,
      at: new Date(),
    }),
  );
  return { id: leadId };
}
