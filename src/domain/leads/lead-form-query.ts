import { formatMoney, formatMoneyRange } from '../money/format-money';

/** §5 verbatim: what stops a homeowner's redirect to the lead form. */
export const leadFormQueryMessages = {
  invalidRange: 'Invalid offer range values',
  invalidRepairCost: 'Invalid repair cost value',
} as const;

/** §7: the query fields the external lead form reads, in the order they are sent. */
export const LEAD_FORM_QUERY_FIELDS = [
  'cash_offer_range',
  'estimated_repairs',
  'repair_cost',
  'repairs',
  'total_repairs',
  'repair_estimate',
] as const;

export type LeadFormQuery = Record<(typeof LEAD_FORM_QUERY_FIELDS)[number], string>;

export type LeadFormQueryResult = { ok: true; query: LeadFormQuery } | { ok: false; message: string };

/**
 * §4/§7 homeowner accept: the lead form's query fields. cash_offer_range is the range as shown
 * ('$120,000 - $135,000'); the five repair fields (the lead form providers name the same figure
 * differently) all carry the total of the selected repairs ('$7,000'); whole dollars.
 * §5: the range must be two finite numbers with low <= high, the total a finite number >= 0.
 */
export function leadFormQuery(range: { low: number; high: number }, totalRepairs: number): LeadFormQueryResult {
  // typeof guards values that arrive untyped (a query string, a stale state) as well as NaN.
  const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  if (!isFiniteNumber(range.low) || !isFiniteNumber(range.high) || range.low > range.high) {
    return { ok: false, message: leadFormQueryMessages.invalidRange };
  }
  if (!isFiniteNumber(totalRepairs) || totalRepairs < 0) {
    return { ok: false, message: leadFormQueryMessages.invalidRepairCost };
  }
  const repairs = formatMoney(totalRepairs);
  return {
    ok: true,
    query: {
      cash_offer_range: formatMoneyRange(range),
      estimated_repairs: repairs,
      repair_cost: repairs,
      repairs,
      total_repairs: repairs,
      repair_estimate: repairs,
    },
  };
}

/**
 * The lead form's address with the query fields added: a base that carries its own query
 * ('https://forms.example/lead?src=calc') keeps it, and a field of the same name is replaced.
 */
export function leadFormUrl(baseUrl: string, query: Readonly<Record<string, string>>): string {
  const url = new URL(baseUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
