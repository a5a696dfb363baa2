import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { savedProperties, savedPropertyVersions } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';

export const savedPropertyMessages = { notFound: 'Property not found' } as const;

export const savedPropertyNotFound = () => new Refusal(404, savedPropertyMessages.notFound, { code: 'not-found' });

/** Earlier versions one answer lists at most (the newest ones). */
export const SAVED_PROPERTY_VERSIONS_SHOWN = 50;

/**
 * One of the workspace's saved properties as it is now (every column but its workspace), with its
 * earlier versions, newest first (each: the figures it had and when they were replaced); 404 for
 * an id the workspace does not own, which looks exactly like a missing one.
 */
export async function readSavedProperty(db: Database, workspaceId: string, propertyId: string) {
  const [row] = await db
    .select()
    .from(savedProperties)
    .where(ownedRow(savedProperties, propertyId, workspaceId));
  if (!row) throw savedPropertyNotFound();
  const versions = await db
    .select({
      id: savedPropertyVersions.id,
      figures: savedPropertyVersions.figures,
      replacedAt: savedPropertyVersions.replacedAt,
    })
    .from(savedPropertyVersions)
    .where(and(eq(savedPropertyVersions.savedPropertyId, row.id), inWorkspace(savedPropertyVersions, workspaceId)))
    .orderBy(desc(savedPropertyVersions.replacedAt), desc(savedPropertyVersions.id))
    .limit(SAVED_PROPERTY_VERSIONS_SHOWN);
  const { workspaceId: _workspace, ...property } = row;
  return { property, versions };
}
