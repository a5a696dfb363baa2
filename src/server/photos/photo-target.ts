import { and, eq } from 'drizzle-orm';
import { photoMessages, type PhotoTarget } from '#domain/photos/photo-rules.ts';
import { may, mayWorkLead, workspaceMessages, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database, Transaction } from '../db/database';
import { leads, savedProperties } from '../db/schema';
import { leadsVisibleTo, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { leadNotFound } from '../leads-inbox/find-owned-lead';

/** What photos hang off: a saved property or a lead the member sees, with what decides who may change its photos. */
export interface PhotoTargetRow {
  address: string;
  /** A lead's status (Dispositions may work a lead once it is under contract); null for a saved property. */
  leadStatus: (typeof leads.$inferSelect)['status'] | null;
}

export const propertyNotFound = () => new Refusal(404, photoMessages.propertyNotFound, { code: 'not-found' });

/**
 * The saved property or lead the photos are of, when the member sees it (another workspace's, or a
 * lead a member who sees only theirs was not given, is 404 as an unknown id, so ids reveal nothing),
 * locked for the rest of the transaction when `lock` is set: photos are counted under it.
 */
export async function findPhotoTarget(
  db: Database | Transaction,
  member: WorkspaceMember,
  target: PhotoTarget,
  { lock = false } = {},
): Promise<PhotoTargetRow> {
  if ('savedPropertyId' in target) {
    const query = db
      .select({ address: savedProperties.address })
      .from(savedProperties)
      .where(ownedRow(savedProperties, target.savedPropertyId, member));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw propertyNotFound();
    return { address: row.address, leadStatus: null };
  }
  const query = db
    .select({ address: leads.address, status: leads.status })
    .from(leads)
    .where(and(eq(leads.id, target.leadId), leadsVisibleTo(member)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw leadNotFound();
  return { address: row.address, leadStatus: row.status };
}

/**
 * Refuses (403 'not-allowed', nothing changed) a member who may not add or delete photos of it: a
 * saved property's need a role that works deals; a lead's, a role that may work the lead (Dispositions
 * once it is under contract). Viewers only look.
 */
export function assertMayChangePhotos(member: WorkspaceMember, target: PhotoTargetRow) {
  const allowed = target.leadStatus === null ? may(member, 'work-deals') : mayWorkLead(member, target.leadStatus);
  if (!allowed) throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
}
