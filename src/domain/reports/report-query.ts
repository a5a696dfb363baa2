import { z } from 'zod';

export const reportMessages = {
  month: 'Choose a month as YYYY-MM',
  member: 'Unknown member',
  table: 'Unknown report table',
  notAllowed: 'Reports are for the workspace’s Owners and Managers',
  otherMember: 'You can read your own figures only',
  viewerNotAllowed: 'The Owner has not let Viewers read reports',
  ownerOnly: 'Only the Owner chooses who reads reports',
} as const;

/** The months a report can be asked for: from 2000-01 to 2099-12. */
const MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;

/** GET /api/reports: the month (UTC, YYYY-MM; absent: the current one) and, optionally, one member's figures only. */
export const ReportQuerySchema = z.object({
  month: z.string().regex(MONTH, reportMessages.month).optional(),
  memberId: z.string().trim().min(1, reportMessages.member).max(100, reportMessages.member).optional(),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** The tables of a report, each downloadable as CSV (GET /api/reports/{table}.csv). */
export const REPORT_TABLES = ['by-source', 'by-send', 'by-member', 'by-month'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** PUT /api/reports/settings: whether the workspace's Viewers may read its reports (the Owner's choice). */
export const ReportSettingsSchema = z.object({ viewersMayRead: z.boolean('Choose yes or no') });
export type ReportSettings = z.infer<typeof ReportSettingsSchema>;

/** The month (YYYY-MM, UTC) a moment falls in. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of a month (UTC) and of the month after it: [from, to). */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
}

/** The `count` months ending with `month`, oldest first ('2026-01', …, '2026-11' for 11 months to November). */
export function monthsEndingWith(month: string, count: number): string[] {
  const { from } = monthBounds(month);
  return Array.from({ length: count }, (_, index) =>
    monthOf(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() - (count - 1 - index), 1))),
  );
}
