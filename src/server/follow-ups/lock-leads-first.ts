import { inArray, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { followUps, leads } from '../db/schema';

/**
 * The one lock order of a lead and its follow-up sequences (decision 044): the lead's row first,
 * then the sequences' rows. A member's change to a lead locks the lead (lockOwnedLead) and then
 * stops its sequences, and an answer writes its lead and then stops them; so whoever starts from
 * the sequences (a stop by a webhook, a pause, a hand-over, an enrolment replacing one, the
 * worker) first takes the rows of the leads they name with this, then the sequences. Taken the
 * other way round, a stop waiting for a lead a status change held, while the status change waited
 * for the stop's sequence, was a deadlock (40P01).
 *
 * `strength`: 'key share' to write the leads' history only (it waits only for a member changing
 * the lead), 'no key update' to change the leads as well. `skipLocked`: the worker's, which never
 * waits for a lead (their sequences wait for its next batch). The leads are locked in id order, so
 * two callers naming several never cross either. Returns the ids of the leads locked.
 */
export async function lockLeadsOfFollowUps(
  tx: Transaction,
  which: SQL,
  { strength, skipLocked = false }: { strength: 'key share' | 'no key update'; skipLocked?: boolean },
): Promise<Set<string>> {
  const rows = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(inArray(leads.id, tx.select({ id: followUps.leadId }).from(followUps).where(which)))
    .orderBy(leads.id)
    .for(strength, skipLocked ? { skipLocked: true } : {});
  return new Set(rows.map((row) => row.id));
}
