import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '#domain/mail/lob-settings.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { REPORT_COLUMNS, reportTableRowNames } from '#domain/reports/report-figures.ts';
import { monthOf, ReportQuerySchema, type ReportTable } from '#domain/reports/report-query.ts';
import { useWorkspaceMe } from '#web/api/use-workspace.ts';
import { BarChart } from './bar-chart';
import {
  reportCsvHref,
  useChangeReportSettings,
  useReport,
  type Report,
  type ReportChoice,
  type ReportRowView,
} from './reports-api';
import './reports.css';

const dollars = (value: number | null) => (value === null ? '—' : formatCents(Math.round(value * 100)));
const days = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US')} d`);

/** How each figure column reads in a table cell. */
const cellOf: Record<string, (value: number | null) => string> = {
  Fees: (value) => (value === null ? '—' : formatMoney(value)),
  Cost: dollars,
  'Cost per lead': dollars,
  'Cost per deal': dollars,
};
const shownCell = (heading: string, value: number | null) =>
  (cellOf[heading] ?? (heading.startsWith('Days') ? days : (v: number | null) => (v === null ? '—' : String(v))))(
    value,
  );

const monthName = (month: string, style: 'long' | 'short' = 'long') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: style,
    year: style === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  });

/** The month and member in the address bar (`/reports?month=2026-09&member=…`), so a view can be shared. */
function readChoice(params: URLSearchParams): ReportChoice {
  const parsed = ReportQuerySchema.safeParse({ month: params.get('month') ?? undefined });
  return {
    month: (parsed.success && parsed.data.month) || monthOf(new Date()),
    memberId: params.get('member') || null,
  };
}

/**
 * /reports (issue 42 §5): a month's numbers by lead source, send, member and month, with the funnel
 * and the last twelve months as charts (each with a text description, and its table beside it),
 * and each table as CSV. Owners and Managers choose a member; others see their own figures; a
 * Viewer reads them once the Owner allows it (the server decides, the page says what it answered).
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const choice = readChoice(params);
  const report = useReport(choice);
  const choose = (next: ReportChoice) => {
    const query = new URLSearchParams({ month: next.month });
    if (next.memberId) query.set('member', next.memberId);
    setParams(query, { replace: true });
  };

  return (
    <section className="reports-page" aria-labelledby="reports-title">
      <header className="reports-header">
        <h1 id="reports-title">Reports</h1>
        <p className="muted">
          What your sends reached, what your leads became, and what it cost, month by month.{' '}
          <Link to="/deals">Deals sold and their fees</Link>
        </p>
      </header>
      <ReportControls choice={choice} report={report.data} onChange={choose} />
      {report.isPending ? (
        <p className="loading" role="status">
          Loading the report...
        </p>
      ) : report.isError ? (
        <div className="card empty-state" role="alert">
          <p>{report.error.message}</p>
        </div>
      ) : (
        <ReportFigures report={report.data} choice={choice} />
      )}
    </section>
  );
}

function ReportControls({
  choice,
  report,
  onChange,
}: {
  choice: ReportChoice;
  report: Report | undefined;
  onChange: (choice: ReportChoice) => void;
}) {
  const me = useWorkspaceMe();
  const settings = useChangeReportSettings();
  return (
    <form className="reports-controls card" aria-label="Report period" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="reports-month">Month</label>
        <input
          id="reports-month"
          type="month"
          min="2000-01"
          max="2099-12"
          value={choice.month}
          onChange={(event) => {
            if (/^\d{4}-\d{2}$/.test(event.target.value)) onChange({ ...choice, month: event.target.value });
          }}
        />
      </div>
      {report?.readsAll && (
        <div className="field">
          <label htmlFor="reports-member">Member</label>
          <select
            id="reports-member"
            value={choice.memberId ?? ''}
            onChange={(event) => onChange({ ...choice, memberId: event.target.value || null })}
          >
            <option value="">Whole team</option>
            {report.members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {report && !report.readsAll && (
        <p className="muted">Your own figures: the leads assigned to you and your sends.</p>
      )}
      {me?.role === 'owner' && report && (
        <label className="reports-viewers">
          <input
            type="checkbox"
            checked={report.viewersMayRead}
            disabled={settings.isPending}
            onChange={(event) => settings.mutate({ viewersMayRead: event.target.checked })}
          />
          Viewers may read reports
        </label>
      )}
      {settings.isError && <p role="alert">{settings.error.message}</p>}
    </form>
  );
}

function ReportFigures({ report, choice }: { report: Report; choice: ReportChoice }) {
  const { totals } = report;
  const headline: [string, string][] = [
    ['Prospects reached', String(totals.reached)],
    ['Leads', String(totals.leads)],
    ['Closed', String(totals.closed)],
    ['Fees', formatMoney(totals.fees)],
    ['Cost', dollars(totals.cost)],
    ['Cost per lead', dollars(totals.costPerLead)],
    ['Cost per deal', dollars(totals.costPerDeal)],
  ];
  const who = report.memberId ? report.members.find((member) => member.userId === report.memberId)?.name : null;
  return (
    <>
      <section className="card reports-totals" aria-labelledby="reports-totals-title">
        <h2 id="reports-totals-title" className="card-title">
          {monthName(report.month)}
          {who ? `: ${who}` : ''}
        </h2>
        <dl>
          {headline.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="reports-charts">
        <BarChart
          title={`From owner to deal, ${monthName(report.month)}`}
          bars={[
            ['Reached', totals.reached],
            ['Leads', totals.leads],
            ['Contacted', totals.contacted],
            ['Appointments', totals.appointments],
            ['Offers', totals.offers],
            ['Contracts', totals.contracts],
            ['Closed', totals.closed],
          ].map(([label, value]) => ({ label: String(label), value: Number(value), shown: String(value) }))}
        />
        <BarChart
          title="Leads by month"
          bars={report.byMonth.map((row) => ({
            label: monthName(row.label, 'short') + ` ${row.label.slice(2, 4)}`,
            value: row.leads,
            shown: String(row.leads),
          }))}
        />
      </div>
      <ReportTableSection
        table="by-source"
        title="By lead source"
        rows={[...report.bySource, totals]}
        choice={choice}
      />
      <ReportTableSection
        table="by-send"
        title="By send"
        note="The sends made this month, with everything each has earned since."
        rows={report.bySend}
        choice={choice}
      />
      <ReportTableSection table="by-member" title="By member" rows={report.byMember} choice={choice} />
      <ReportTableSection
        table="by-month"
        title="By month"
        rows={report.byMonth.map((row) => ({ ...row, label: monthName(row.label) }))}
        choice={choice}
      />
      <details className="reports-definitions card">
        <summary>How these are counted</summary>
        <ul>
          <li>
            Each figure counts what happened in the month (times in UTC): owners e-mailed or mailed, leads that came in,
            and each lead&apos;s first step of each kind.
          </li>
          <li>
            Contacted: a call was logged or the lead moved past New. Appointment: a meeting was set. Offer: a revised
            offer, or Negotiating. Contract: the deal&apos;s contract date, else Under Contract. Closed: the deal&apos;s
            closing day, else Closed; fees are the amounts received.
          </li>
          <li>
            Cost: mail pieces that went out at their send&apos;s price per piece, and the plan&apos;s seats at
            today&apos;s price (shared equally by members). E-mail costs nothing per message here.
          </li>
          <li>Days: the average days from the step before, among the leads that reached each step in the month.</li>
        </ul>
      </details>
    </>
  );
}

function ReportTableSection({
  table,
  title,
  note,
  rows,
  choice,
}: {
  table: ReportTable;
  title: string;
  note?: string;
  rows: readonly ReportRowView[];
  choice: ReportChoice;
}) {
  const id = useId();
  return (
    <section className="card reports-table-section" aria-labelledby={`${id}-title`}>
      <div className="reports-table-heading">
        <h2 id={`${id}-title`} className="card-title">
          {title}
        </h2>
        <a className="button button-secondary" href={reportCsvHref(table, choice)} download>
          Download CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
        </a>
      </div>
      {note && <p className="muted">{note}</p>}
      {rows.length === 0 ? (
        <p className="muted">Nothing this month.</p>
      ) : (
        <div className="reports-table-scroll" role="region" aria-label={`${title}, table`} tabIndex={0}>
          <table className="reports-table">
            <thead>
              <tr>
                <th scope="col">{reportTableRowNames[table]}</th>
                {REPORT_COLUMNS.map((column) => (
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
                  {REPORT_COLUMNS.map((column) => (
                    <td key={column.heading}>{shownCell(column.heading, column.value(row))}</td>
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
