import { sql, type SQL } from 'drizzle-orm';
import { LEAD_SOURCES, leadSourceLabels } from '#domain/leads/lead-answered-kind.ts';
import { DEFAULT_LOB_PRICE_PER_PIECE_CENTS } from '#domain/mail/lob-settings.ts';
import { extraSeatMonthlyPrice, plans } from '#domain/plans/plans.ts';
import {
  emptyCounts,
  REPORT_STEPS,
  reportRow,
  type ReportCounts,
  type ReportRow,
  type ReportStep,
} from '#domain/reports/report-figures.ts';
import { monthBounds, monthOf, monthsEndingWith } from '#domain/reports/report-query.ts';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import type { Database } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { rowsOf } from '../db/rows-of';
import {
  bulkSendJobs,
  leads,
  mailSends,
  member,
  organization,
  prospectTouches,
  subscriptions,
  tasks,
  user,
  wholesalerSettings,
} from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { LOB_PRICE_SETTING } from '../mail/lob-settings-store';

/** Months the "by month" table and chart show: the chosen month and the eleven before it. */
export const REPORT_MONTHS = 12;

/** Pieces of mail that went out (printed by the member, or handed to Lob): what a send reached and cost. */
const PIECES_OUT = sql.raw(`('printed-by-you', 'mailed', 'in-transit', 'delivered', 'returned')`);
/** Statuses a lead reaches once someone talked to the owner, had an offer on the table, had a contract. */
const PAST_NEW = sql.raw(`('contacted', 'negotiating', 'under-contract', 'closed')`);
const OFFERED = sql.raw(`('negotiating', 'under-contract', 'closed')`);
const CONTRACTED = sql.raw(`('under-contract', 'closed')`);

/**
 * Every step of the workspace's leads, owners reached and mail cost as one row each, with where it
 * came from (lead source, the member it is assigned to or who sent, the send) and when:
 * - 'lead' (created), 'contacted' (first call logged or status past New), 'appointment' (first
 *   meeting task), 'offer' (first revised offer or Negotiating), 'contract' (the deal's contract
 *   date, else Under Contract), 'closed' (the deal's closing day, else Closed; with the fee
 *   received): each once per lead, with the days since the step before it the lead reached;
 * - 'reached': an owner e-mailed by a send, or on a piece of mail that went out;
 * - 'cost': a mail send's pieces that went out, at its price per piece (else the workspace's).
 * A lead's send is the bulk e-mail or mail send whose offer link it answered.
 */
function reportEvents(workspaceId: string) {
  const price = sql`coalesce((select ${wholesalerSettings.settingValue}::int from ${wholesalerSettings}
      where ${inWorkspace(wholesalerSettings, workspaceId)} and ${wholesalerSettings.settingName} = ${LOB_PRICE_SETTING}),
      ${DEFAULT_LOB_PRICE_PER_PIECE_CENTS})`;
  // Every step's row: the lead it is of, when, and the days since the step before it that the lead reached.
  const step = (name: ReportStep, at: string, since: string, fee = 'null::float8') =>
    sql.raw(`select '${name}', id, null::uuid, source, member_id, send_kind, send_id, ${at},
      greatest(0, extract(epoch from (${at} - ${since}))::float8 / 86400), ${fee}, 0
      from lead_facts where ${at} is not null`);
  return sql`with lead_steps as (
      select lead_events.lead_id,
        min(lead_events.created_at) filter (where lead_events.kind = 'call' or lead_events.to_status in ${PAST_NEW}) as contacted_at,
        min(lead_events.created_at) filter (where lead_events.kind = 'revised-offer' or lead_events.to_status in ${OFFERED}) as offer_at,
        min(lead_events.created_at) filter (where lead_events.to_status in ${CONTRACTED}) as contract_at,
        min(lead_events.created_at) filter (where lead_events.to_status = 'closed') as closed_at
      from lead_events join ${leads} on ${leads.id} = lead_events.lead_id
      where ${inWorkspace(leads, workspaceId)} and lead_events.kind in ('call', 'status', 'revised-offer')
      group by lead_events.lead_id
    ),
    appointments as (
      select ${tasks.leadId} as lead_id, min(${tasks.createdAt}) as appointment_at from ${tasks}
      where ${inWorkspace(tasks, workspaceId)} and ${tasks.kind} = 'meeting' and ${tasks.leadId} is not null
      group by ${tasks.leadId}
    ),
    lead_facts as (
      select leads.id, leads.source, leads.assignee_user_id as member_id, leads.created_at,
        case when bulk_send_items.job_id is not null then 'email' when mail_send.send_id is not null then 'mail' end as send_kind,
        coalesce(bulk_send_items.job_id, mail_send.send_id) as send_id,
        lead_steps.contacted_at, appointments.appointment_at, lead_steps.offer_at,
        coalesce(deal_terms.contract_date::timestamp at time zone 'UTC', lead_steps.contract_at) as contract_at,
        coalesce(deal_terms.closed_on::timestamp at time zone 'UTC', lead_steps.closed_at) as closed_at,
        deal_terms.amount_received::float8 as fee
      from ${leads}
      left join lead_steps on lead_steps.lead_id = leads.id
      left join appointments on appointments.lead_id = leads.id
      left join deal_terms on deal_terms.lead_id = leads.id
      left join offer_links on offer_links.id = leads.offer_link_id
      left join bulk_send_items on bulk_send_items.id = offer_links.bulk_send_item_id
      left join lateral (
        select mail_pieces.send_id from mail_short_codes join mail_pieces on mail_pieces.id = mail_short_codes.piece_id
        where mail_short_codes.offer_link_id = leads.offer_link_id limit 1
      ) as mail_send on leads.offer_link_id is not null
      where ${inWorkspace(leads, workspaceId)}
    ),
    events (step, lead_id, prospect_id, source, member_id, send_kind, send_id, at, days, fee, cost_cents) as (
      select 'lead', id, null::uuid, source, member_id, send_kind, send_id, created_at, null::float8, null::float8, 0
        from lead_facts
      union all ${step('contacted', 'contacted_at', 'created_at')}
      union all ${step('appointment', 'appointment_at', 'coalesce(contacted_at, created_at)')}
      union all ${step('offer', 'offer_at', 'coalesce(appointment_at, contacted_at, created_at)')}
      union all ${step('contract', 'contract_at', 'coalesce(offer_at, appointment_at, contacted_at, created_at)')}
      union all ${step('closed', 'closed_at', 'coalesce(contract_at, offer_at, appointment_at, contacted_at, created_at)', 'fee')}
      union all
      select 'reached', null, ${prospectTouches.prospectId}, 'bulk-email', ${bulkSendJobs.userId}, 'email', ${bulkSendJobs.id},
        ${prospectTouches.at}, null, null, 0
      from ${prospectTouches} join ${bulkSendJobs} on ${bulkSendJobs.id} = ${prospectTouches.sendJobId}
      where ${inWorkspace(prospectTouches, workspaceId)} and ${prospectTouches.kind} = 'e-mailed'
      union all
      select 'reached', null, mail_short_codes.prospect_id, 'mail', mail_sends.user_id, 'mail', mail_sends.id,
        coalesce(mail_sends.confirmed_at, mail_sends.created_at), null, null, 0
      from mail_short_codes join mail_pieces on mail_pieces.id = mail_short_codes.piece_id
        join ${mailSends} on mail_sends.id = mail_pieces.send_id
      where ${inWorkspace(mailSends, workspaceId)} and mail_pieces.status in ${PIECES_OUT}
        and mail_short_codes.prospect_id is not null
      union all
      select 'cost', null, null, 'mail', mail_sends.user_id, 'mail', mail_sends.id,
        coalesce(mail_sends.confirmed_at, mail_sends.created_at), null, null,
        count(*) * coalesce(mail_sends.price_per_piece_cents, ${price})
      from mail_pieces join ${mailSends} on mail_sends.id = mail_pieces.send_id
      where ${inWorkspace(mailSends, workspaceId)} and mail_pieces.status in ${PIECES_OUT}
      group by mail_sends.id
    )`;
}

/** The figures of a group of events, as ReportCounts' columns. */
const FIGURES = sql.raw(`count(distinct events.prospect_id) filter (where events.step = 'reached')::int as reached,
  count(*) filter (where events.step = 'lead')::int as leads,
  count(*) filter (where events.step = 'contacted')::int as contacted,
  count(*) filter (where events.step = 'appointment')::int as appointments,
  count(*) filter (where events.step = 'offer')::int as offers,
  count(*) filter (where events.step = 'contract')::int as contracts,
  count(*) filter (where events.step = 'closed')::int as closed,
  coalesce(sum(events.fee) filter (where events.step = 'closed'), 0)::float8 as fees,
  coalesce(sum(events.cost_cents), 0)::float8 as cost_cents,
  ${REPORT_STEPS.map((name) => `avg(events.days) filter (where events.step = '${name}')::float8 as days_${name}`).join(',\n  ')}`);

type FigureColumns = {
  reached: number;
  leads: number;
  contacted: number;
  appointments: number;
  offers: number;
  contracts: number;
  closed: number;
  fees: number;
  cost_cents: number;
} & Record<`days_${ReportStep}`, number | null>;

const tenth = (days: number | null) => (days === null ? null : Math.round(days * 10) / 10);

function countsOf(row: FigureColumns | undefined, extraCostCents = 0): ReportCounts {
  if (!row) return { ...emptyCounts(), costCents: extraCostCents };
  return {
    reached: row.reached,
    leads: row.leads,
    contacted: row.contacted,
    appointments: row.appointments,
    offers: row.offers,
    contracts: row.contracts,
    closed: row.closed,
    fees: Math.round(row.fees * 100) / 100,
    costCents: Math.round(row.cost_cents) + extraCostCents,
    days: Object.fromEntries(REPORT_STEPS.map((name) => [name, tenth(row[`days_${name}`])])) as ReportCounts['days'],
  };
}

/** What the workspace pays for its plan and seats each month, in cents (today's plan: no history is kept). */
async function seatsMonthlyCostCents(db: Database, workspaceId: string) {
  const [row] = await db
    .select({ plan: subscriptions.plan, extraSeats: subscriptions.extraSeats })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  if (!row) return 0;
  const price = plans.find((plan) => plan.id === row.plan)?.monthlyPrice ?? 0;
  return Math.round((price + (row.plan === 'pro' ? row.extraSeats * extraSeatMonthlyPrice : 0)) * 100);
}

export interface ReportOptions {
  /** YYYY-MM (UTC). */
  month: string;
  /** Only this member's figures: leads assigned to them, sends they made, their share of the seats. */
  memberId: string | null;
  now?: Date;
}

/**
 * The workspace's report for a month (issue 42 §5), every figure a SQL aggregate: totals and the
 * figures by lead source, by member, and by month (the chosen month and the eleven before), each
 * counting what happened in its period; by send: the sends made in the month, each with everything
 * it earned since. Costs: mail pieces that went out at their send's price per piece, and the plan's
 * seats (the plan today, for each month from the workspace's first to now), shared equally by its
 * members in the by-member table, not given to any source or send.
 */
export async function readReport(
  db: Database,
  workspaceId: string,
  { month, memberId, now = new Date() }: ReportOptions,
) {
  const { from, to } = monthBounds(month);
  const months = monthsEndingWith(month, REPORT_MONTHS);
  const windowFrom = monthBounds(months[0]!).from;
  const events = reportEvents(workspaceId);
  const ofMember = (column: SQL) => (memberId === null ? sql`true` : sql`${column} = ${memberId}`);

  const [workspace] = await db
    .select({ createdAt: organization.createdAt })
    .from(organization)
    .where(sql`${organization.id} = ${workspaceId}`);
  const members = await rowsOf<{ user_id: string; name: string | null }>(
    db,
    sql`select ${member.userId} as user_id, ${memberNameSql(workspaceId)} as name
      from ${member} join ${user} on ${user.id} = ${member.userId}
      where ${member.organizationId} = ${workspaceId} and ${member.suspendedAt} is null
      order by ${member.createdAt}, ${member.id}`,
  );
  const seatsCents = await seatsMonthlyCostCents(db, workspaceId);
  const seatShare = memberId === null ? 1 : 1 / Math.max(1, members.length);
  const firstMonth = workspace ? monthOf(workspace.createdAt) : month;
  const seatsIn = (m: string) => (m >= firstMonth && m <= monthOf(now) ? Math.round(seatsCents * seatShare) : 0);

  // One statement: the events are computed once (a CTE read by every table) and each table is a
  // group of them: the month's by source, by member and in all; the twelve months by month; the
  // month's sends by send, with everything each earned since.
  const period = sql`events.at >= ${from.toISOString()}::timestamptz and events.at < ${to.toISOString()}::timestamptz`;
  const mine = ofMember(sql`events.member_id`);
  // The groups are sorted for their distinct owners (some 200,000 rows for a busy workspace's
  // year): memory enough for that sort, for this statement only, instead of spilling it to disk.
  const grouped = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return rowsOf<
      FigureColumns & {
        dimension: 'source' | 'member' | 'total' | 'month' | 'send';
        key: string | null;
        send_kind: 'email' | 'mail' | null;
        send_created_at: string | Date | null;
        send_size: number | null;
        sender: string | null;
      }
    >(
      tx,
      sql`${events},
    sends as (
      select 'email' as kind, ${bulkSendJobs.id} as id, ${bulkSendJobs.userId} as user_id,
        ${bulkSendJobs.createdAt} as created_at, ${bulkSendJobs.total} as size
      from ${bulkSendJobs}
      where ${inWorkspace(bulkSendJobs, workspaceId)} and ${bulkSendJobs.createdAt} >= ${from.toISOString()}::timestamptz
        and ${bulkSendJobs.createdAt} < ${to.toISOString()}::timestamptz and ${ofMember(sql`${bulkSendJobs.userId}`)}
      union all
      select 'mail', ${mailSends.id}, ${mailSends.userId}, ${mailSends.createdAt}, ${mailSends.pieces}
      from ${mailSends}
      where ${inWorkspace(mailSends, workspaceId)} and ${mailSends.createdAt} >= ${from.toISOString()}::timestamptz
        and ${mailSends.createdAt} < ${to.toISOString()}::timestamptz and ${ofMember(sql`${mailSends.userId}`)}
        and (${mailSends.channel} = 'print' or ${mailSends.confirmedAt} is not null)
    ),
    dimensions as (
      select 'source' as dimension, events.source::text as key, events.step, events.prospect_id, events.days, events.fee, events.cost_cents from events
        where ${period} and ${mine}
      union all select 'member', events.member_id, events.step, events.prospect_id, events.days, events.fee, events.cost_cents from events where ${period} and ${mine}
      union all select 'total', null, events.step, events.prospect_id, events.days, events.fee, events.cost_cents from events where ${period} and ${mine}
      union all select 'month', to_char(events.at at time zone 'UTC', 'YYYY-MM'), events.step, events.prospect_id, events.days, events.fee, events.cost_cents from events
        where events.at >= ${windowFrom.toISOString()}::timestamptz and events.at < ${to.toISOString()}::timestamptz and ${mine}
      union all select 'send', sends.kind || ':' || sends.id, events.step, events.prospect_id, events.days, events.fee, events.cost_cents from sends
        left join events on events.send_kind = sends.kind and events.send_id = sends.id
    ),
    grouped as (
      select events.dimension, events.key, ${FIGURES} from dimensions as events group by events.dimension, events.key
    )
    select grouped.*, sends.kind as send_kind, sends.created_at as send_created_at, sends.size as send_size,
      (select ${memberNameSql(workspaceId)} from ${user} where ${user.id} = sends.user_id) as sender
    from grouped left join sends on grouped.dimension = 'send' and grouped.key = sends.kind || ':' || sends.id`,
    );
  });
  const rowsOf_ = (dimension: (typeof grouped)[number]['dimension']) =>
    grouped.filter((row) => row.dimension === dimension);

  const totals = reportRow('total', 'All', countsOf(rowsOf_('total')[0], seatsIn(month)));
  const bySource = LEAD_SOURCES.map((source) =>
    reportRow(source, leadSourceLabels[source], countsOf(rowsOf_('source').find((row) => row.key === source))),
  );

  const byMemberRows = rowsOf_('member');
  const perMemberSeat = memberId === null ? Math.round(seatsIn(month) / Math.max(1, members.length)) : seatsIn(month);
  const byMember: ReportRow[] = members
    .filter((row) => memberId === null || row.user_id === memberId)
    .map((row) =>
      reportRow(
        row.user_id,
        memberNameOrNeutral(row.name),
        countsOf(
          byMemberRows.find((figures) => figures.key === row.user_id),
          perMemberSeat,
        ),
      ),
    );
  const unassigned = byMemberRows.find((row) => row.key === null);
  if (unassigned) byMember.push(reportRow('unassigned', 'Unassigned', countsOf(unassigned)));
  for (const row of byMemberRows) {
    if (row.key !== null && !members.some((known) => known.user_id === row.key))
      byMember.push(reportRow(row.key, 'Former member', countsOf(row)));
  }

  const byMonthRows = rowsOf_('month');
  const byMonth = months.map((m) =>
    reportRow(
      m,
      m,
      countsOf(
        byMonthRows.find((row) => row.key === m),
        seatsIn(m),
      ),
    ),
  );

  const bySend = rowsOf_('send')
    .map((row) => ({
      row,
      send: {
        kind: row.send_kind!,
        created_at: row.send_created_at!,
        size: row.send_size ?? 0,
        sender: row.sender,
      },
    }))
    .sort(
      (a, b) =>
        new Date(b.send.created_at).getTime() - new Date(a.send.created_at).getTime() ||
        (a.row.key ?? '').localeCompare(b.row.key ?? ''),
    )
    .map(({ row, send }) => reportRow(row.key!, sendLabel(send), countsOf(row)));

  return {
    month,
    memberId,
    months,
    members: members.map((row) => ({ userId: row.user_id, name: memberNameOrNeutral(row.name) })),
    totals,
    bySource,
    bySend,
    byMember,
    byMonth,
  };
}

/** "E-mail send of 2026-11-03 by Dan Lee: 120 owners". */
function sendLabel(row: { kind: 'email' | 'mail'; created_at: string | Date; size: number; sender: string | null }) {
  const day = new Date(row.created_at).toISOString().slice(0, 10);
  const what = row.kind === 'email' ? 'E-mail' : 'Mail';
  const size =
    row.kind === 'email'
      ? `${row.size} ${row.size === 1 ? 'owner' : 'owners'}`
      : `${row.size} ${row.size === 1 ? 'piece' : 'pieces'}`;
  return `${what} send of ${day} by ${memberNameOrNeutral(row.sender)}: ${size}`;
}

export type Report = Awaited<ReturnType<typeof readReport>>;
