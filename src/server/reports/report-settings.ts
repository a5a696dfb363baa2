import type { ReportSettings } from '#domain/reports/report-query.ts';
import type { Database } from '../db/database';
import { readSettings, writeSettings } from '../integrations/wholesaler-settings';

/** The workspace setting (wholesaler_settings) saying whether its Viewers may read its reports: 'yes' or absent. */
const VIEWERS_SETTING = 'reports_viewers_may_read';

/** Whether the workspace's Viewers may read its reports: not until the Owner allows it. */
export async function readReportSettings(db: Database, workspaceId: string): Promise<ReportSettings> {
  return { viewersMayRead: (await readSettings(db, workspaceId, [VIEWERS_SETTING])).get(VIEWERS_SETTING) === 'yes' };
}

/** Stores the Owner's choice in one statement (an upsert on the workspace's setting row). */
export async function writeReportSettings(db: Database, workspaceId: string, settings: ReportSettings) {
  await writeSettings(db, workspaceId, { [VIEWERS_SETTING]: settings.viewersMayRead ? 'yes' : 'no' });
}
