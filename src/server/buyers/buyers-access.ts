import { createMiddleware } from 'hono/factory';
import type { BuyerSettings } from '#domain/buyers/buyer-request.ts';
import { buyerMessages } from '#domain/buyers/buyer-request.ts';
import { maySeeBuyers } from '#domain/workspaces/roles.ts';
import type { AuthVariables } from '../auth/require-user';
import type { Database } from '../db/database';
import type { RefusalCode } from '../http/refusal';
import { readSettings, writeSettings } from '../integrations/wholesaler-settings';

/** The workspace setting (wholesaler_settings) saying whether Acquisitions members see its buyers: 'true' or absent. */
const SETTING = 'acquisitions-see-buyers';

/** The workspace's buyer settings: Acquisitions members see no buyers until the Owner shares them. */
export async function readBuyerSettings(db: Database, workspaceId: string): Promise<BuyerSettings> {
  return { acquisitionsSeeBuyers: (await readSettings(db, workspaceId, [SETTING])).get(SETTING) === 'true' };
}

/** Stores the Owner's choice in one statement (an upsert on the workspace's setting row). */
export async function writeBuyerSettings(db: Database, workspaceId: string, settings: BuyerSettings) {
  await writeSettings(db, workspaceId, { [SETTING]: String(settings.acquisitionsSeeBuyers) });
}

/**
 * After requireUser: answers 403 (code 'not-allowed') to an Acquisitions member while the Owner
 * has not shared the buyers; every other role reads them (what they may change is requireRole's).
 */
export function requireBuyersReader(db: Database) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const { member } = c.var;
    const shared =
      member.role === 'acquisitions' && (await readBuyerSettings(db, member.workspaceId)).acquisitionsSeeBuyers;
    if (!maySeeBuyers(member, shared)) {
      return c.json({ error: buyerMessages.notShared, code: 'not-allowed' satisfies RefusalCode }, 403);
    }
    await next();
  });
}
