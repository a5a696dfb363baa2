import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '#domain/money/format-money.ts';
import { monthOf, ReportQuerySchema } from '#domain/reports/report-query.ts';
import { useDealsReport, type DealsReport, type DealsReportRowView, type ReportChoice } from './reports-api';
import './reports.css';

const money = (value: number | null) => (value === null ? '—' : formatMoney(value));
const days = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US')} d`);

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The month and member in the address bar (`/deals?month=2026-09&member=…`), so a view can be shared. */
function readChoice(params: URLSearchParams): ReportChoice {
  const parsed = ReportQuerySchema.safeParse({ month: params.get('month') ?? undefined });
  return {
    month: (parsed.success && parsed.data.month) || monthOf(new Date()),
    memberId: params.get('member') || null,
  };
}

const COLUMNS: { heading: string; cell: (row: DealsReportRowView) => string }[] = [
  { heading: 'Deals', cell: (row) => String(row.deals) },
  { heading: 'Total fees', cell: (row) => formatMoney(row.fees) },
  { heading: 'Average fee', cell: (row) => money(row.averageFee) },
  { heading: 'Net fees', cell: (row) => formatMoney(row.netFees) },
  { heading: 'Days from lead to sale', cell: (row) => days(row.daysToSale) },
];

/**
 * /deals (issue 39 §7): the deals sold (assigned or double-closed) in a month, their fees as the fee
 * ledger defines them and the days from lead to sale, by lead source, by member and by month.
 * Owners, Managers and Dispositions members read the workspace's; others their own; a Viewer once
 * the Owner allows reports (the server decides, the page says what it answered).
 */
export function DealsPage() {
  const [params, setParams] = useSearchParams();
  const choice = readChoice(params);
  const report = useDealsReport(choice);
  const id = useId();
  const choose = (next: ReportChoice) => {
    const query = new URLSearchParams({ month: next.month });
    if (next.memberId) query.set('member', next.memberId);
    setParams(query, { replace: true });
  };

  return (
    <section className="reports-page" aria-labelledby="deals-title">
      <header className="reports-header">
        <h1 id="deals-title">Deals</h1>
        <p className="muted">
          What each month&apos;s sold deals earned: fees, net of their costs, and how long they took.{' '}
          <Link to="/reports">All reports</Link>
        </p>
      </header>
      <form className="reports-controls card" aria-label="Deals period" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-month`}>Month</label>
          <input
            id={`${id}-month`}
            type="month"
            min="2000-01"
            max="2099-12"
            value={choice.month}
            onChange={(event) => {
              if (/^\d{4}-\d{2}$/.test(event.target.value)) choose({ ...choice, month: event.target.value });
            }}
          />
        </div>
        {report.data?.readsAll && (
          <div className="field">
            <label htmlFor={`${id}-member`}>Member</label>
            <select
              id={`${id}-member`}
              value={choice.memberId ?? ''}
              onChange={(event) => choose({ ...choice, memberId: event.target.value || null })}
            >
              <option value="">Whole team</option>
              {report.data.members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {report.data && !report.data.readsAll && <p className="muted">Your own deals: the leads assigned to you.</p>}
      </form>
      {report.isPending ? (
        <p className="loading" role="status">
          Loading the deals...
        </p>
      ) : report.isError ? (
        <div className="card empty-state" role="alert">
          <p>{report.error.message}</p>
        </div>
      ) : (
        <DealsFigures report={report.data} />
      )}
    </section>
  );
}

function DealsFigures({ report }: { report: DealsReport }) {
  const { totals } = report;
  const headline: [string, string][] = [
    ['Deals sold', String(totals.deals)],
    ['Total fees', formatMoney(totals.fees)],
    ['Average fee', money(totals.averageFee)],
    ['Net fees', formatMoney(totals.netFees)],
    ['Days from lead to sale', days(totals.daysToSale)],
  ];
  return (
    <>
      <section className="card reports-totals" aria-labelledby="deals-totals-title">
        <h2 id="deals-totals-title" className="card-title">
          {monthName(report.month)}
        </h2>
        {totals.deals === 0 && (
          <p className="muted" role="status">
            No deal was sold this month. A deal counts once it is marked assigned or double-closed on its lead&apos;s
            page.
          </p>
        )}
        <dl>
          {headline.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DealsTable title="By lead source" rowName="Lead source" rows={[...report.bySource, totals]} />
      <DealsTable title="By member" rowName="Member" rows={report.byMember} />
      <DealsTable
        title="By month"
        rowName="Month"
        rows={report.byMonth.map((row) => ({ ...row, label: monthName(row.label) }))}
      />
      <details className="reports-definitions card">
        <summary>How these are counted</summary>
        <ul>
          <li>A deal counts in the month it was assigned or double-closed (dates in UTC).</li>
          <li>
            Fee: what the buyer paid over the contract price (the assignment price, or the resale price of a double
            close, less the contract price). Net fee: the fee less marketing, earnest money lost and a double
            close&apos;s closing costs.
          </li>
          <li>
            Days: from the lead&apos;s arrival to the sale, on average. A member&apos;s deals are the leads assigned to
            them.
          </li>
        </ul>
      </details>
    </>
  );
}

function DealsTable({ title, rowName, rows }: { title: string; rowName: string; rows: readonly DealsReportRowView[] }) {
  const id = useId();
  return (
    <section className="card reports-table-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">Nothing this month.</p>
      ) : (
        <div className="reports-table-scroll" role="region" aria-label={`${title}, table`} tabIndex={0}>
          <table className="reports-table">
            <thead>
              <tr>
                <th scope="col">{rowName}</th>
                {COLUMNS.map((column) => (
                  <th key={column.heading} scope="col">
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {COLUMNS.map((column) => (
                    <td key={column.heading}>{column.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
