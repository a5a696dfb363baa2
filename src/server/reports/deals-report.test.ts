// Issue 39 §7: GET /api/reports/deals counts the deals sold in a month (by lead source, by member,
// and the twelve months by month) with their fees as the fee ledger defines them, computed here
// from the seed with computeFeeLedger; roles are checked on the server. On both databases.
import { beforeAll, expect, it } from 'vitest';
import type { DealDisposition } from '#domain/deals/deal-disposition.ts';
import { computeFeeLedger } from '#domain/deals/fee-ledger.ts';
import { LEAD_SOURCES, type LeadSource } from '#domain/leads/lead-answered-kind.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { dealTerms, leads } from '../db/schema';
import type { DealsReport, DealsReportRow } from './read-deals-report';

type Answer = DealsReport & { readsAll: boolean };

interface SeededDeal {
  source: LeadSource;
  assignee: 'rep' | null;
  createdAt: string;
  contractPrice: number;
  /** null: under contract, not sold. */
  sale: { disposition: DealDisposition; price: number; disposedOn: string } | null;
  marketingCost?: number;
  earnestMoneyLost?: number;
  closingCosts?: number;
}

const seed: SeededDeal[] = [
  {
    source: 'bulk-email',
    assignee: 'rep',
    createdAt: '2026-10-01T00:00:00Z',
    contractPrice: 150_000,
    sale: { disposition: 'assigned', price: 172_500, disposedOn: '2026-11-10' },
    marketingCost: 500,
    closingCosts: 9_999, // an assignment's closing costs are the buyer's: not counted
  },
  {
    source: 'personal-page',
    assignee: null,
    createdAt: '2026-11-01T12:00:00Z',
    contractPrice: 160_000,
    sale: { disposition: 'double-closed', price: 200_000, disposedOn: '2026-11-21' },
    closingCosts: 3_000,
    earnestMoneyLost: 250.5,
  },
  {
    source: 'mail',
    assignee: 'rep',
    createdAt: '2026-08-20T00:00:00Z',
    contractPrice: 100_000,
    sale: { disposition: 'assigned', price: 120_000, disposedOn: '2026-09-04' },
  },
  { source: 'shared-link', assignee: 'rep', createdAt: '2026-11-02T00:00:00Z', contractPrice: 90_000, sale: null },
];

/** The expected row of the deals `which` picks, from the ledger's own definitions. */
function expectedRow(key: string, label: string, which: (deal: SeededDeal) => boolean): DealsReportRow {
  const sold = seed.filter((deal) => deal.sale !== null && which(deal));
  const ledgers = sold.map((deal) =>
    computeFeeLedger({
      contractPrice: deal.contractPrice,
      disposition: deal.sale!.disposition,
      dispositionPrice: deal.sale!.price,
      primaryOfferAmount: null,
      marketingCost: deal.marketingCost ?? null,
      earnestMoneyLost: deal.earnestMoneyLost ?? null,
      closingCosts: deal.closingCosts ?? null,
    }),
  );
  const fees = ledgers.reduce((sum, ledger) => sum + ledger.fee!, 0);
  const days = sold.map(
    (deal) => (Date.parse(`${deal.sale!.disposedOn}T00:00:00Z`) - Date.parse(deal.createdAt)) / 86_400_000,
  );
  return {
    key,
    label,
    deals: sold.length,
    fees,
    averageFee: sold.length === 0 ? null : Math.round((fees / sold.length) * 100) / 100,
    netFees: Math.round(ledgers.reduce((sum, ledger) => sum + ledger.netFee!, 0) * 100) / 100,
    daysToSale:
      sold.length === 0 ? null : Math.round((days.reduce((sum, value) => sum + value, 0) / sold.length) * 10) / 10,
  };
}

const inMonth = (month: string) => (deal: SeededDeal) => deal.sale?.disposedOn.startsWith(month) ?? false;

describeEachDatabase('the deals report', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });
  const get = (headers: Record<string, string>, query: string) =>
    sendJson(app, 'GET', `/api/reports/deals${query}`, headers);
  const readDeals = async (headers: Record<string, string>, query: string) => {
    const response = await get(headers, query);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Answer;
  };

  async function seededWorkspace() {
    const workspace = await newTestWorkspace(app, database().db);
    const rep = await workspace.join('acquisitions');
    for (const deal of seed) {
      const [lead] = await database()
        .db.insert(leads)
        .values({
          workspaceId: workspace.workspaceId,
          source: deal.source,
          assigneeUserId: deal.assignee === 'rep' ? rep.user.id : null,
          address: '1 Main St, Austin, TX 78702',
          responseKind: 'accepted',
          status: deal.sale ? 'closed' : 'under-contract',
          createdAt: new Date(deal.createdAt),
        })
        .returning({ id: leads.id });
      await database()
        .db.insert(dealTerms)
        .values({
          leadId: lead!.id,
          workspaceId: workspace.workspaceId,
          contractPrice: deal.contractPrice,
          disposition: deal.sale?.disposition ?? null,
          dispositionPrice: deal.sale?.price ?? null,
          disposedOn: deal.sale?.disposedOn ?? null,
          marketingCost: deal.marketingCost ?? null,
          earnestMoneyLost: deal.earnestMoneyLost ?? null,
          closingCosts: deal.closingCosts ?? null,
        });
    }
    return { ...workspace, rep };
  }

  it('counts a month’s sold deals by source, member and month, with fees, net fees and days as the ledger defines them', async () => {
    const { owner, rep, join } = await seededWorkspace();
    // Another workspace's sale never counts here.
    await seededWorkspace();
    const dispositions = await join('dispositions');
    const report = await readDeals(dispositions.headers, '?month=2026-11');
    expect(report).toMatchObject({ month: '2026-11', memberId: null, readsAll: true });
    const november = inMonth('2026-11');
    expect(report.totals).toEqual(expectedRow('total', 'All', november));
    expect(report.totals).toMatchObject({ deals: 2, fees: 62_500, averageFee: 31_250 });
    for (const row of report.bySource) {
      const source = LEAD_SOURCES.find((known) => known === row.key)!;
      expect(row).toEqual(expectedRow(source, row.label, (deal) => november(deal) && deal.source === source));
    }
    expect(report.byMember).toEqual([
      expectedRow(owner.user.id, expect.any(String) as unknown as string, () => false),
      expectedRow(
        rep.user.id,
        expect.any(String) as unknown as string,
        (deal) => november(deal) && deal.assignee === 'rep',
      ),
      expectedRow(dispositions.user.id, expect.any(String) as unknown as string, () => false),
      expectedRow('unassigned', 'Unassigned', (deal) => november(deal) && deal.assignee === null),
    ]);
    expect(report.byMonth.map((row) => row.key)).toHaveLength(12);
    for (const row of report.byMonth) expect(row).toEqual(expectedRow(row.key, row.key, inMonth(row.key)));
    expect(report.byMonth.find((row) => row.key === '2026-09')).toMatchObject({ deals: 1, fees: 20_000 });

    // An empty month is zeros, not an error.
    expect((await readDeals(owner.headers, '?month=2025-01')).totals).toMatchObject({
      deals: 0,
      fees: 0,
      averageFee: null,
    });
  });

  it('gives an Acquisitions member their own deals only, and a Viewer nothing until the Owner allows reports', async () => {
    const { owner, rep, join } = await seededWorkspace();
    const own = await readDeals(rep.headers, '?month=2026-11');
    expect(own).toMatchObject({ memberId: rep.user.id, readsAll: false });
    expect(own.totals).toEqual(
      expectedRow('total', 'All', (deal) => inMonth('2026-11')(deal) && deal.assignee === 'rep'),
    );
    expect((await get(rep.headers, `?month=2026-11&memberId=${owner.user.id}`)).status).toBe(403);

    const viewer = await join('viewer');
    expect((await get(viewer.headers, '?month=2026-11')).status).toBe(403);
    expect((await sendJson(app, 'PUT', '/api/reports/settings', owner.headers, { viewersMayRead: true })).status).toBe(
      200,
    );
    expect((await readDeals(viewer.headers, '?month=2026-11')).totals.deals).toBe(2);
    expect((await get(owner.headers, '?month=2026-13')).status).toBe(400);
  });
});
