import type { LeadStatus } from '../../domain/leads/lead-status';
import { may, workspaceMessages, type WorkspaceMember } from '../../domain/workspaces/roles';
import { Refusal } from '../http/refusal';

/** Statuses from which a lead is the dispositions' to work: the deal is under contract or closed. */
const CONTRACTED_STATUSES: readonly LeadStatus[] = ['under-contract', 'closed'];

/**
 * Refuses (403 'not-allowed', nothing changed) a member whose role may not change this lead's
 * status or add a note: roles that work deals always may; Dispositions only once the lead is
 * under contract or closed.
 */
export function assertMayWorkLead(member: Pick<WorkspaceMember, 'role' | 'mayBulkSendAndExport'>, status: LeadStatus) {
  if (may(member, 'work-deals')) return;
  if (CONTRACTED_STATUSES.includes(status) && may(member, 'work-contracted-deals')) return;
  throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
}
