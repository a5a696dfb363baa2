import type { LeadStatus } from '#domain/leads/lead-status.ts';
import { mayWorkLead, workspaceMessages, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import { Refusal } from '../http/refusal';

/**
 * Refuses (403 'not-allowed', nothing changed) a member whose role may not change this lead's
 * status or add a note (mayWorkLead, which the web uses to hide those controls): roles that work
 * deals always may; Dispositions only once the lead is under contract or closed.
 */
export function assertMayWorkLead(member: Pick<WorkspaceMember, 'role' | 'mayBulkSendAndExport'>, status: LeadStatus) {
  if (!mayWorkLead(member, status)) throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
}
