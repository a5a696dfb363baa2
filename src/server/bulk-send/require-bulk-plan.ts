import { createMiddleware } from 'hono/factory';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { canBulkImport } from '#domain/plans/plans.ts';
import type { AppContext } from '../app-context';
import type { AuthVariables } from '../auth/require-user';
import { getSubscription } from '../subscriptions/subscription-store';

/** Bulk import, its sends and the prospects they reach are Pro only (spec §6), checked here whatever the browser shows. */
export function requireBulkPlan({ database }: Pick<AppContext, 'database'>) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const { plan } = await getSubscription(database.db, c.var.member.workspaceId);
    if (!canBulkImport(plan)) return c.json({ error: bulkImportMessages.proOnly }, 403);
    await next();
  });
}
