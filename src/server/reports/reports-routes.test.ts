// Issue 42 §5: /api/reports computes a seeded month's figures as the test computes them here, from
// the seed's own description; roles are checked on the server.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_SOURCES, leadSourceLabels } from '#domain/leads/lead-answered-kind.ts';
import { reportRow } from '#domain/reports/report-figures.ts';
import { monthBounds, monthsEndingWith } from '#domain/reports/report-query.ts';
import {
  expectedReportCounts as expected,
  type ReportSeed,
  seedReport,
  septemberReportSeed,
} from '#tests/support/report-seed.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { setWorkspacePlan, newTestWorkspace } from '#tests/support/workspaces.ts';
import { wholesalerSettings } from '../db/schema';
import type { Report } from './read-report';

type TestApp = ReturnType<typeof createTestApp>;
type ReportAnswer = Report & { readsAll: boolean; viewersMayRead: boolean };

const SEAT_CENTS = (29 + 29) * 100; // Pro with one extra seat

const all = () => true;
const sourceOfSend = (send: ReportSeed['sends'][number]) => (send.kind === 'email' ? 'bulk-email' : 'mail');

describeEachDatabase('reports', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });
  const get = (headers: Record<string, string>, query = '') => sendJson(app, 'GET', `/api/reports${query}`, headers);
  const readReport = async (headers: Record<string, string>, query: string) => {
    const response = await get(headers, query);
    expect(response.status).toBe(200);
    return (await response.json()) as ReportAnswer;
  };

  /** A Pro workspace (one extra seat) with an Owner and an Acquisitions rep, seeded; since January 2026. */
  async function seededWorkspace() {
    const workspace = await newTestWorkspace(app, database().db);
    const rep = await workspace.join('acquisitions');
    await setWorkspacePlan(database().db, workspace.workspaceId, 'pro', 1);
    const seed = septemberReportSeed(workspace.owner.user.id, rep.user.id);
    await seedReport(database().db, workspace.workspaceId, seed, new Date('2026-01-15T00:00:00Z'));
    return { ...workspace, rep, seed };
  }

  const september = monthBounds('2026-09');

  it('computes a seeded month by source, by member, by send and by month as the seed says', async () => {
    const { owner, rep, seed } = await seededWorkspace();
    const ownerId = owner.user.id;
    const repId = rep.user.id;
    const report = await readReport(owner.headers, '?month=2026-09');
    expect(report).toMatchObject({ month: '2026-09', memberId: null, readsAll: true });

    expect(report.totals).toEqual(reportRow('total', 'All', expected(seed, september, all, all, SEAT_CENTS)));
    // Checks the arithmetic itself once, beside the independent computation.
    expect(report.totals).toMatchObject({ reached: 10, leads: 5, contacted: 4, closed: 1, fees: 12_000, cost: 62 });

    expect(report.bySource).toEqual(
      LEAD_SOURCES.map((source) =>
        reportRow(
          source,
          leadSourceLabels[source],
          expected(
            seed,
            september,
            (lead) => lead.source === source,
            (send) => sourceOfSend(send) === source,
          ),
        ),
      ),
    );

    const ownerName = report.members.find((row) => row.userId === ownerId)!.name;
    const repName = report.members.find((row) => row.userId === repId)!.name;
    const byMember = (id: string | null) =>
      expected(
        seed,
        september,
        (lead) => lead.assigneeUserId === id,
        (send) => send.userId === id,
        id === null ? 0 : SEAT_CENTS / 2,
      );
    expect(report.byMember).toEqual([
      reportRow(ownerId, ownerName, byMember(ownerId)),
      reportRow(repId, repName, byMember(repId)),
      reportRow('unassigned', 'Unassigned', byMember(null)),
    ]);

    const ever = { from: new Date(0), to: new Date('2100-01-01') };
    const sendRow = (name: string) => {
      const send = seed.sends.find((candidate) => candidate.name === name)!;
      return expected(
        seed,
        ever,
        (lead) => lead.send === name,
        (candidate) => candidate === send,
      );
    };
    expect(report.bySend.map(({ key, label, ...figures }) => ({ kind: key.split(':')[0], label, figures }))).toEqual([
      {
        kind: 'mail',
        label: `Mail send of 2026-09-05 by ${repName}: 6 pieces`,
        figures: (({ key: _key, label: _label, ...rest }) => rest)(reportRow('', '', sendRow('mail-sept'))),
      },
      {
        kind: 'email',
        label: `E-mail send of 2026-09-02 by ${ownerName}: 6 owners`,
        figures: (({ key: _key, label: _label, ...rest }) => rest)(reportRow('', '', sendRow('email-sept'))),
      },
    ]);

    const months = monthsEndingWith('2026-09', 12);
    expect(report.byMonth).toEqual(
      months.map((month) =>
        reportRow(month, month, expected(seed, monthBounds(month), all, all, month >= '2026-01' ? SEAT_CENTS : 0)),
      ),
    );
  });

  it('gives one member’s figures, the same for the Owner who filters and the member who asks for theirs', async () => {
    const { owner, rep, seed } = await seededWorkspace();
    const repId = rep.user.id;
    const filtered = await readReport(owner.headers, `?month=2026-09&memberId=${repId}`);
    expect(filtered.memberId).toBe(repId);
    expect(filtered.totals).toEqual(
      reportRow(
        'total',
        'All',
        expected(
          seed,
          september,
          (lead) => lead.assigneeUserId === repId,
          (send) => send.userId === repId,
          SEAT_CENTS / 2,
        ),
      ),
    );
    expect(filtered.byMember.map((row) => row.key)).toEqual([repId]);
    expect(filtered.bySend.map((row) => row.label)).toEqual([expect.stringContaining('Mail send of 2026-09-05')]);

    const own = await readReport(rep.headers, '?month=2026-09');
    expect(own).toMatchObject({ memberId: repId, readsAll: false });
    expect(own.totals).toEqual(filtered.totals);
    expect(own.bySource).toEqual(filtered.bySource);
  });

  it('downloads each table as CSV with the figures of the page', async () => {
    const { owner } = await seededWorkspace();
    const report = await readReport(owner.headers, '?month=2026-09');
    const csv = await get(owner.headers, '/by-source.csv?month=2026-09');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="report-by-source-2026-09.csv"');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['Lead source', 'Prospects reached', 'Leads']);
    expect(lines).toHaveLength(LEAD_SOURCES.length + 2);
    const total = lines.at(-1)!.split(',');
    expect(total.slice(0, 3)).toEqual(['All', String(report.totals.reached), String(report.totals.leads)]);
    for (const table of ['by-send', 'by-member', 'by-month'])
      expect((await get(owner.headers, `/${table}.csv?month=2026-09`)).status).toBe(200);
    const unknown = await get(owner.headers, '/by-planet.csv');
    expect(unknown.status).toBe(400);
  });

  it('refuses a month that is not YYYY-MM with a clear message', async () => {
    const { owner } = await newTestWorkspace(app, database().db);
    const response = await get(owner.headers, '?month=2026-13');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Choose a month as YYYY-MM' });
  });

  describe('hostile requests', () => {
    it('shows another workspace none of the seeded figures, and refuses its member id as unknown', async () => {
      const victim = await seededWorkspace();
      const attacker = await newTestWorkspace(app, database().db);
      const report = await readReport(attacker.owner.headers, '?month=2026-09');
      expect(report.totals).toMatchObject({ reached: 0, leads: 0, contacted: 0, closed: 0, fees: 0 });
      expect(report.bySend).toEqual([]);
      expect(JSON.stringify(report)).not.toContain(victim.rep.user.id);
      const asked = await get(attacker.owner.headers, `?month=2026-09&memberId=${victim.rep.user.id}`);
      expect(asked.status).toBe(404);
      expect(await asked.json()).toMatchObject({ code: 'not-found' });
      const csv = await get(attacker.owner.headers, `/by-member.csv?month=2026-09&memberId=${victim.rep.user.id}`);
      expect(csv.status).toBe(404);
    });

    it('refuses a member who asks for another member’s figures', async () => {
      const { owner, rep, join } = await seededWorkspace();
      for (const asker of [rep, await join('dispositions')]) {
        for (const path of [`?memberId=${owner.user.id}`, `/by-member.csv?memberId=${owner.user.id}`]) {
          const refused = await get(asker.headers, path);
          expect(refused.status).toBe(403);
          expect(await refused.json()).toMatchObject({ code: 'not-allowed' });
        }
      }
    });

    it('refuses a Viewer until the Owner allows it; a Manager, a Viewer or a rep cannot allow it', async () => {
      const { owner, workspaceId, join } = await seededWorkspace();
      const viewer = await join('viewer');
      const manager = await join('manager');
      const stored = () =>
        database()
          .db.select({ value: wholesalerSettings.settingValue })
          .from(wholesalerSettings)
          .where(
            and(
              eq(wholesalerSettings.workspaceId, workspaceId),
              eq(wholesalerSettings.settingName, 'reports_viewers_may_read'),
            ),
          );

      const refused = await get(viewer.headers, '?month=2026-09');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'not-allowed' });
      expect((await get(viewer.headers, '/by-source.csv?month=2026-09')).status).toBe(403);
      expect((await readReport(manager.headers, '?month=2026-09')).readsAll).toBe(true);

      for (const member of [viewer, manager]) {
        const change = await sendJson(app, 'PUT', '/api/reports/settings', member.headers, { viewersMayRead: true });
        expect(change.status).toBe(403);
        expect(await change.json()).toMatchObject({ code: 'not-allowed' });
      }
      expect(await stored()).toEqual([]);
      expect((await get(viewer.headers, '?month=2026-09')).status).toBe(403);

      const allowed = await sendJson(app, 'PUT', '/api/reports/settings', owner.headers, { viewersMayRead: true });
      expect(allowed.status).toBe(200);
      const read = await readReport(viewer.headers, '?month=2026-09');
      expect(read).toMatchObject({ readsAll: true, viewersMayRead: true });
      expect(read.totals.leads).toBe(5);
      const malformed = await sendJson(app, 'PUT', '/api/reports/settings', owner.headers, { viewersMayRead: 'yes' });
      expect(malformed.status).toBe(400);
      expect(await stored()).toEqual([{ value: 'yes' }]);
    });
  });
});
