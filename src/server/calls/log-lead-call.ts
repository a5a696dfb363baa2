import { eq, sql } from 'drizzle-orm';
import { callMessages, describeCall, phoneKey, statusAfterCall, type LeadCallLog } from '#domain/leads/lead-call.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { leadEvents, leads } from '../db/schema';
import { Refusal } from '../http/refusal';
import { moveLeadStatus } from '../leads-inbox/change-lead-status';
import { lockOwnedLead } from '../leads-inbox/find-owned-lead';
import { memberNames } from '../leads-inbox/lead-member-names';
import { leadEventView, leadView } from '../leads-inbox/lead-view';
import { assertMayWorkLead } from '../leads-inbox/may-work-lead';
import { insertLeadTask } from '../tasks/save-task';
import { taskView } from '../tasks/task-view';

/**
 * Logs how a call or text to one of a lead's numbers went (issue 42), in one transaction on the
 * locked lead the member sees and may work: a 'call' entry in its history; a wrong number marked on
 * the lead (never offered again: a later log to it is 409 'wrong-number'); the status moved as
 * statusAfterCall says; 'appointment-set' adds a meeting task at `appointmentAt` and 'not-now' a
 * call task at `callBackAt`, both the member's. A number the lead does not have is 400 'unknown-phone'.
 */
export async function logLeadCall(db: Database, member: WorkspaceMember, leadId: string, log: LeadCallLog) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    assertMayWorkLead(member, lead.status);
    const key = phoneKey(log.phone);
    if (!lead.phone || key === '' || phoneKey(lead.phone) !== key) {
      throw new Refusal(400, callMessages.unknownPhone, { code: 'unknown-phone', details: { field: 'phone' } });
    }
    if (lead.wrongPhones.includes(key)) {
      throw new Refusal(409, callMessages.wrongNumber, { code: 'wrong-number', details: { field: 'phone' } });
    }
    const at = new Date();
    const said = describeCall({ ...log, phone: lead.phone });
    const text = log.note ? `${said}. ${log.note}` : said;
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: 'call', text, actorUserId: member.userId, createdAt: at })
      .returning();
    if (!event) throw new Error('lead_events insert returned no row');

    let row = lead;
    if (log.outcome === 'wrong-number') {
      const [marked] = await tx
        .update(leads)
        .set({ wrongPhones: sql`array_append(${leads.wrongPhones}, ${key})`, updatedAt: at })
        .where(eq(leads.id, lead.id))
        .returning();
      if (marked) row = marked;
    }
    const status = statusAfterCall(log.outcome, row.status, log.markDead === true);
    if (status) row = await moveLeadStatus(tx, member, row, status, new Date(at.getTime() + 1));
    else if (row === lead) {
      // Touching the lead announces the change on its workspace's live feed.
      await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, lead.id));
    }

    const due =
      log.outcome === 'appointment-set'
        ? { kind: 'meeting' as const, dueAt: log.appointmentAt }
        : log.outcome === 'not-now'
          ? { kind: 'call' as const, dueAt: log.callBackAt }
          : null;
    const task =
      due?.dueAt &&
      (await insertLeadTask(tx, member, lead, {
        kind: due.kind,
        dueAt: due.dueAt,
        note: text,
        assigneeUserId: member.userId,
      }));
    const names = await memberNames(tx, member.workspaceId, [member.userId, row.assigneeUserId]);
    return {
      event: leadEventView(event, names.get(member.userId) ?? null),
      lead: leadView(row, names.get(row.assigneeUserId ?? '') ?? null),
      task: task ? await taskView(tx, task) : null,
    };
  });
}
