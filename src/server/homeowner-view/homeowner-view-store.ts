import { readHomeownerView, type HomeownerView } from '#domain/offer/homeowner-view.ts';
import type { Database } from '../db/database';
import { readSettings, writeSettings } from '../integrations/wholesaler-settings';

/** The workspace setting (wholesaler_settings) holding its HomeownerView as JSON. */
const SETTING = 'homeowner-view';

/** What the workspace's homeowners see of its offers: the whole math and the net sheet until an Owner or Manager chooses. */
export async function readWorkspaceHomeownerView(db: Database, workspaceId: string): Promise<HomeownerView> {
  return readHomeownerView((await readSettings(db, workspaceId, [SETTING])).get(SETTING));
}

/** Stores the choice in one statement (an upsert on the workspace's setting row). */
export async function writeWorkspaceHomeownerView(db: Database, workspaceId: string, view: HomeownerView) {
  await writeSettings(db, workspaceId, { [SETTING]: JSON.stringify(view) });
}
