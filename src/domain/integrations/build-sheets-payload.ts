import { splitFullName, type SheetsContact } from '../contact/contact-schema';
import { neutralizeFormula } from '../csv/neutralize-formula';
import { formatMoney } from '../money/format-money';
import type { Deal, DealRepair } from '../offer/deal';

/** §3 spreadsheet payload, field for field: numbers stay numbers, offerLow/offerHigh are money text. */
export interface SheetsPayload {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  marketValue: number;
  repairDetails: string;
  totalRepairs: number;
  offerLow: string;
  offerHigh: string;
  exportDate: string;
  exportTime: string;
}

const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A repair cost as money text: whole dollars as '$9,000', an amount with cents as '$9,000.50'. */
function formatRepairCost(dollars: number): string {
  return Number.isInteger(dollars) ? formatMoney(dollars) : dollarsAndCents.format(dollars);
}

/** §3 repairDetails: 'name: $cost' per selected repair, joined by ', '; 'None' when nothing is selected. */
export function describeRepairs(repairs: readonly DealRepair[]): string {
  if (repairs.length === 0) return 'None';
  return repairs.map(({ name, cost }) => `${name}: ${formatRepairCost(cost)}`).join(', ');
}

/**
 * The export's date and time as en-US text in the given IANA time zone ('1/15/2025', '2:30:05 PM').
 * Built from parts, so the space before AM/PM is a plain space whatever the ICU version prints.
 */
export function formatExportDateTime(now: Date, timeZone: string): { exportDate: string; exportTime: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    exportDate: `${part('month')}/${part('day')}/${part('year')}`,
    exportTime: `${part('hour')}:${part('minute')}:${part('second')} ${part('dayPeriod')}`,
  };
}

/**
 * §3 sheets payload: name split at the first space (§5), state already upper-cased by the schema,
 * date and time of `now` in `timeZone` (default UTC). Every text field is escaped as the CSV
 * exports' cells are (neutralizeFormula): the row lands in a spreadsheet, and the address and
 * contact may come from anyone (a personal page's visitor), so '=IMPORTXML(…)' must stay text.
 */
export function buildSheetsPayload({
  contact,
  deal,
  now,
  timeZone = 'UTC',
}: {
  contact: SheetsContact;
  deal: Deal;
  now: Date;
  timeZone?: string;
}): SheetsPayload {
  const { firstName, lastName } = splitFullName(contact.name);
  const { exportDate, exportTime } = formatExportDateTime(now, timeZone);
  const asText = neutralizeFormula;
  return {
    firstName: asText(firstName),
    lastName: asText(lastName),
    email: asText(contact.email),
    phone: asText(contact.phone),
    address: asText(deal.address),
    city: asText(contact.city),
    state: asText(contact.state),
    zipCode: asText(contact.zipCode),
    marketValue: deal.marketValue,
    repairDetails: asText(describeRepairs(deal.repairs)),
    totalRepairs: deal.totalRepairCost,
    offerLow: asText(formatMoney(deal.offerRange.low)),
    offerHigh: asText(formatMoney(deal.offerRange.high)),
    exportDate: asText(exportDate),
    exportTime: asText(exportTime),
  };
}
