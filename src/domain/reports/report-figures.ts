import { neutralizeFormula } from '../csv/neutralize-formula';
import type { ReportTable } from './report-query';

/** The steps of a lead's way to a deal, in order: each report counts the leads that reached it. */
export const REPORT_STEPS = ['contacted', 'appointment', 'offer', 'contract', 'closed'] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

/** What the server counts for one row of a report (a source, a send, a member, a month). */
export interface ReportCounts {
  /** Owners a send reached (e-mailed, or a piece of mail that went out), each once. */
  reached: number;
  leads: number;
  contacted: number;
  appointments: number;
  offers: number;
  contracts: number;
  closed: number;
  /** What the closed deals earned (the amounts received), in dollars. */
  fees: number;
  /** Mail pieces (and, where the row carries them, seats), in cents. */
  costCents: number;
  /** Average days from the step before to each step (null: no lead reached it). */
  days: Record<ReportStep, number | null>;
}

/** One row of a report as the page and the CSV show it: the counts, the cost in dollars, cost per lead and per deal. */
export interface ReportRow extends ReportCounts {
  key: string;
  label: string;
  cost: number;
  /** Cost / leads, in dollars to the cent; null without a lead. */
  costPerLead: number | null;
  /** Cost / closed deals, in dollars to the cent; null without a closed deal. */
  costPerDeal: number | null;
}

const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/** A row of counts with its cost in dollars and its costs per lead and per closed deal (rounded to the cent). */
export function reportRow(key: string, label: string, counts: ReportCounts): ReportRow {
  const cost = counts.costCents / 100;
  return {
    key,
    label,
    ...counts,
    cost,
    costPerLead: counts.leads > 0 ? cents(cost / counts.leads) : null,
    costPerDeal: counts.closed > 0 ? cents(cost / counts.closed) : null,
  };
}

export const emptyCounts = (): ReportCounts => ({
  reached: 0,
  leads: 0,
  contacted: 0,
  appointments: 0,
  offers: 0,
  contracts: 0,
  closed: 0,
  fees: 0,
  costCents: 0,
  days: { contacted: null, appointment: null, offer: null, contract: null, closed: null },
});

/** What each table's first column names. */
export const reportTableRowNames: Record<ReportTable, string> = {
  'by-source': 'Lead source',
  'by-send': 'Send',
  'by-member': 'Member',
  'by-month': 'Month',
};

/** The figure columns every table has, with their headings and how a row gives them. */
export const REPORT_COLUMNS: readonly { heading: string; value: (row: ReportRow) => number | null }[] = [
  { heading: 'Prospects reached', value: (row) => row.reached },
  { heading: 'Leads', value: (row) => row.leads },
  { heading: 'Contacted', value: (row) => row.contacted },
  { heading: 'Appointments', value: (row) => row.appointments },
  { heading: 'Offers', value: (row) => row.offers },
  { heading: 'Contracts', value: (row) => row.contracts },
  { heading: 'Closed', value: (row) => row.closed },
  { heading: 'Fees', value: (row) => row.fees },
  { heading: 'Cost', value: (row) => row.cost },
  { heading: 'Cost per lead', value: (row) => row.costPerLead },
  { heading: 'Cost per deal', value: (row) => row.costPerDeal },
  { heading: 'Days to contacted', value: (row) => row.days.contacted },
  { heading: 'Days to appointment', value: (row) => row.days.appointment },
  { heading: 'Days to offer', value: (row) => row.days.offer },
  { heading: 'Days to contract', value: (row) => row.days.contract },
  { heading: 'Days to close', value: (row) => row.days.closed },
];

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = neutralizeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A report table as CSV (CRLF lines): a heading line, then one line per row, its name first and
 * each figure as a plain number (dollars to the cent, days to a tenth); an empty cell where a
 * figure has no value (a cost per deal without a deal). Names are neutralised against formula injection.
 */
export function reportTableCsv(table: ReportTable, rows: readonly ReportRow[]): string {
  return (
    csvLine([reportTableRowNames[table], ...REPORT_COLUMNS.map((column) => column.heading)]) +
    rows.map((row) => csvLine([row.label, ...REPORT_COLUMNS.map((column) => column.value(row))])).join('')
  );
}
