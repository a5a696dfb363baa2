import { Hono } from 'hono';
import { z } from 'zod';
import { reportTableCsv } from '#domain/reports/report-figures.ts';
import {
  monthOf,
  reportMessages,
  ReportQuerySchema,
  ReportSettingsSchema,
  REPORT_TABLES,
  type ReportQuery,
  type ReportTable,
} from '#domain/reports/report-query.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { readDealsReport } from './read-deals-report';
import { readReport, type Report } from './read-report';
import { readReportSettings, writeReportSettings } from './report-settings';

const TableParam = z.object({
  table: z
    .string()
    .transform((file) => file.replace(/\.csv$/, ''))
    .pipe(z.enum(REPORT_TABLES, reportMessages.table)),
});

const tableRows: Record<ReportTable, (report: Report) => Report['bySource']> = {
  'by-source': (report) => [...report.bySource, report.totals],
  'by-send': (report) => report.bySend,
  'by-member': (report) => report.byMember,
  'by-month': (report) => report.byMonth,
};

/**
 * Whose figures a member may read (issue 42 §5): an Owner or Manager the workspace's or any
 * member's; a Viewer the same once the Owner allows it (else 403); any other member only their
 * own (asking for another member's is 403 'not-allowed'). The deals report (`deals`) is the
 * Dispositions members' work too: they read the workspace's. A member id that is no member of the
 * workspace is 404. Answers the member whose figures to read, null for the whole workspace.
 */
async function readerScope(db: Database, member: WorkspaceMember, query: ReportQuery, { deals = false } = {}) {
  const asked = query.memberId ?? null;
  const { viewersMayRead } = await readReportSettings(db, member.workspaceId);
  const readsAll =
    member.role === 'owner' ||
    member.role === 'manager' ||
    (deals && member.role === 'dispositions') ||
    (member.role === 'viewer' && viewersMayRead);
  if (member.role === 'viewer' && !viewersMayRead)
    throw new Refusal(403, reportMessages.viewerNotAllowed, { code: 'not-allowed' });
  if (!readsAll && asked !== null && asked !== member.userId)
    throw new Refusal(403, reportMessages.otherMember, { code: 'not-allowed' });
  return { memberId: readsAll ? asked : member.userId, readsAll, viewersMayRead };
}

/**
 * /api/reports (signed in): the workspace's numbers (read-report.ts).
 * GET / ?month=YYYY-MM&memberId= → the report, with who may choose what;
 * GET /{by-source|by-send|by-member|by-month}.csv, same query → that table as CSV;
 * GET /deals, same query → the deals sold (read-deals-report.ts), with who may choose what;
 * GET /settings → { viewersMayRead }; PUT /settings ReportSettingsSchema: the Owner only.
 */
export function reportsRoutes(context: AppContext) {
  const { db } = context.database;
  async function report(member: WorkspaceMember, query: ReportQuery) {
    const scope = await readerScope(db, member, query);
    const result = await readReport(db, member.workspaceId, {
      month: query.month ?? monthOf(new Date()),
      memberId: scope.memberId,
    });
    if (scope.memberId !== null && !result.members.some((row) => row.userId === scope.memberId))
      throw new Refusal(404, reportMessages.member, { code: 'not-found' });
    return { ...result, ...scope };
  }

  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(limitPerUser(context, 'reports'))
    .get('/settings', async (c) => c.json(await readReportSettings(db, c.var.member.workspaceId)))
    .put('/settings', validate('json', ReportSettingsSchema), async (c) => {
      if (c.var.member.role !== 'owner') throw new Refusal(403, reportMessages.ownerOnly, { code: 'not-allowed' });
      const settings = c.req.valid('json');
      await writeReportSettings(db, c.var.member.workspaceId, settings);
      return c.json(settings);
    })
    .get('/', validate('query', ReportQuerySchema), async (c) =>
      c.json(await report(c.var.member, c.req.valid('query'))),
    )
    .get('/deals', validate('query', ReportQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const scope = await readerScope(db, c.var.member, query, { deals: true });
      const result = await readDealsReport(db, c.var.member.workspaceId, {
        month: query.month ?? monthOf(new Date()),
        memberId: scope.memberId,
      });
      if (scope.memberId !== null && !result.members.some((row) => row.userId === scope.memberId))
        throw new Refusal(404, reportMessages.member, { code: 'not-found' });
      return c.json({ ...result, ...scope });
    })
    .get('/:table', validate('param', TableParam), validate('query', ReportQuerySchema), async (c) => {
      const { table } = c.req.valid('param');
      const result = await report(c.var.member, c.req.valid('query'));
      const who = result.memberId === null ? '' : '-member';
      return new Response(reportTableCsv(table, tableRows[table](result)), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="report-${table}-${result.month}${who}.csv"`,
          'cache-control': 'private, no-store',
        },
      });
    });
}
