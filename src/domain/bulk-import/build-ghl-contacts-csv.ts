import { neutralizeFormula } from '../csv/neutralize-formula';
import type { BulkImportProperty } from './bulk-import-property';

/** §3 CRM CSV columns, in order. */
export const GHL_CONTACTS_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Address',
  'Custom.Market Value',
  'Custom.Offer Low',
  'Custom.Offer High',
  'Custom.Property Address',
  'Tags',
  'Source',
] as const;

/** A CSV cell: neutralised against formula injection, then quoted when it holds a comma, quote or line break. */
function csvCell(value: string | number): string {
  const text = neutralizeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * §3 'Export to GHL': the CRM contacts CSV (header and one CRLF-ended line per property; money
 * in plain dollars, offers in whole dollars) and its file name ghl_contacts_bulk_{date}.csv,
 * where `date` is the caller's YYYY-MM-DD.
 */
export function buildGhlContactsCsv(
  properties: readonly BulkImportProperty[],
  date: string,
): { fileName: string; content: string } {
  const lines = [GHL_CONTACTS_COLUMNS.map(csvCell).join(',')];
  for (const property of properties) {
    lines.push(
      [
        property.firstName,
        property.lastName,
        property.email ?? '',
        property.address,
        property.marketValue,
        property.offerRange.low,
        property.offerRange.high,
        property.address,
        'Cash Offer Generated',
        'Cash Offer Calculator',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return { fileName: `ghl_contacts_bulk_${date}.csv`, content: `${lines.join('\r\n')}\r\n` };
}
