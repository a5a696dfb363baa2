/** Where a deal can be exported (spec §4, §7): the CRM (GoHighLevel) or the spreadsheet webhook. */
export const EXPORT_DESTINATIONS = ['ghl', 'sheets'] as const;
export type ExportDestination = (typeof EXPORT_DESTINATIONS)[number];

/** A destination as the lead's history names it ('Exported to GoHighLevel'). */
export const exportDestinationLabels: Record<ExportDestination, string> = {
  ghl: 'GoHighLevel',
  sheets: 'Google Sheets',
};
