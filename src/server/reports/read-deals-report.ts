import { sql } from 'drizzle-orm';
import { LEAD_SOURCES, leadSourceLabels } from '#domain/leads/lead-answered-kind.ts';
import { monthBounds, monthsEndingWith } from '#domain/reports/report-query.ts';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import type { Database } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { rowsOf } from '../db/rows-of';
import { dealTerms, leads, member, user } from '../db/schema';
import { inWorkspace, sameWorkspace } from '../db/workspace-scope';
import { REPORT_MONTHS } from './read-report';

/** A row of the deals report: deals sold, their fees (total, average, net) and the average days from lead to sale. */
export interface DealsReportRow {
  key: string;
  label: string;
  deals: number;
  /** Dollars: the fees (sale price − contract price), their average per deal, and the net fees (less the ledger's costs). */
  fees: number;
  averageFee: number | null;
  netFees: number;
  /** Days from the lead's arrival to the sale, on average (a tenth of a day). */
  daysToSale: number | null;
}

interface FigureColumns {
  deals: number;
  fees: number;
  net_fees: number;
  days: number | null;
}

const cents = (dollars: number) => Math.round(dollars * 100) / 100;

function rowOf(key: string, label: string, figures: FigureColumns | undefined): DealsReportRow {
  const deals = figures?.deals ?? 0;
  const fees = cents(figures?.fees ?? 0);
  const days = figures?.days ?? null;
  return {
    key,
    label,
    deals,
    fees,
    averageFee: deals === 0 ? null : cents(fees / deals),
    netFees: cents(figures?.net_fees ?? 0),
    daysToSale: days === null ? null : Math.round(days * 10) / 10,
  };
}

/**
 * The workspace's sold deals (decision 042), every figure one SQL aggregate in one statement: a
 * deal counts in the month (UTC) of its sale (deal_terms.disposed_on), with its fee = sale price −
 * contract price and its net fee = fee − marketing − earnest money lost − (a double close's)
 * closing costs, as computeFeeLedger defines them; days: from the lead's arrival to the sale. The
 * month's totals, by lead source and by member (the lead's assignee), and the twelve months ending
 * with it by month; `memberId`: only the deals of leads assigned to that member.
 */
export async function readDealsReport(
  db: Database,
  workspaceId: string,
  { month, memberId }: { month: string; memberId: string | null },
) {
  const { from, to } = monthBounds(month);
  const months = monthsEndingWith(month, REPORT_MONTHS);
  const windowFrom = monthBounds(months[0]!).from;
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const ofMember = memberId === null ? sql`true` : sql`${leads.assigneeUserId} = ${memberId}`;
  const inMonth = sql`deals.disposed_on >= ${day(from)}::date`;

  const members = await rowsOf<{ user_id: string; name: string | null }>(
    db,
    sql`select ${member.userId} as user_id, ${memberNameSql(workspaceId)} as name
      from ${member} join ${user} on ${user.id} = ${member.userId}
      where ${member.organizationId} = ${workspaceId} and ${member.suspendedAt} is null
      order by ${member.createdAt}`,
  );
  const grouped = await rowsOf<
    FigureColumns & { dimension: 'source' | 'member' | 'total' | 'month'; key: string | null }
  >(
    db,
    sql`with deals as (
      select ${leads.source} as source, ${leads.assigneeUserId} as member_id, ${dealTerms.disposedOn} as disposed_on,
        ${dealTerms.dispositionPrice} - ${dealTerms.contractPrice} as fee,
        ${dealTerms.dispositionPrice} - ${dealTerms.contractPrice} - coalesce(${dealTerms.marketingCost}, 0)
          - coalesce(${dealTerms.earnestMoneyLost}, 0)
          - case when ${dealTerms.disposition} = 'double-closed' then coalesce(${dealTerms.closingCosts}, 0) else 0 end as net_fee,
        extract(epoch from (${dealTerms.disposedOn}::timestamp at time zone 'UTC' - ${leads.createdAt}))::float8 / 86400 as days
      from ${dealTerms} join ${leads} on ${leads.id} = ${dealTerms.leadId} and ${sameWorkspace(leads, dealTerms)}
      where ${inWorkspace(dealTerms, workspaceId)} and ${dealTerms.disposition} is not null
        and ${dealTerms.dispositionPrice} is not null and ${dealTerms.contractPrice} is not null
        and ${dealTerms.disposedOn} >= ${day(windowFrom)}::date and ${dealTerms.disposedOn} < ${day(to)}::date
        and ${ofMember}
    ),
    dimensions as (
      select 'source' as dimension, deals.source::text as key, deals.fee, deals.net_fee, deals.days from deals where ${inMonth}
      union all select 'member', deals.member_id, deals.fee, deals.net_fee, deals.days from deals where ${inMonth}
      union all select 'total', null, deals.fee, deals.net_fee, deals.days from deals where ${inMonth}
      union all select 'month', to_char(deals.disposed_on, 'YYYY-MM'), deals.fee, deals.net_fee, deals.days from deals
    )
    select dimension, key, count(*)::int as deals, coalesce(sum(fee), 0)::float8 as fees,
      coalesce(sum(net_fee), 0)::float8 as net_fees, avg(greatest(days, 0))::float8 as days
    from dimensions group by dimension, key`,
  );
  const of = (dimension: (typeof grouped)[number]['dimension'], key: string | null) =>
    grouped.find((row) => row.dimension === dimension && row.key === key);

  const byMember = members
    .filter((row) => memberId === null || row.user_id === memberId)
    .map((row) => rowOf(row.user_id, memberNameOrNeutral(row.name), of('member', row.user_id)));
  for (const row of grouped) {
    if (row.dimension !== 'member') continue;
    if (row.key === null) byMember.push(rowOf('unassigned', 'Unassigned', row));
    else if (!members.some((known) => known.user_id === row.key)) byMember.push(rowOf(row.key, 'Former member', row));
  }
  return {
    month,
    memberId,
    members: members.map((row) => ({ userId: row.user_id, name: memberNameOrNeutral(row.name) })),
    totals: rowOf('total', 'All', of('total', null)),
    bySource: LEAD_SOURCES.map((source) => rowOf(source, leadSourceLabels[source], of('source', source))),
    byMember,
    byMonth: months.map((m) => rowOf(m, m, of('month', m))),
  };
}

export type DealsReport = Awaited<ReturnType<typeof readDealsReport>>;
