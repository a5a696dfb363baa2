/** The spreadsheet connection's texts (apart from the schema, so pages that only show them load no zod). */
export const sheetsSettingsMessages = {
  webhookUrlRequired: 'Webhook address is required',
  webhookUrlInvalid: 'Enter the https address of your spreadsheet webhook (https://…)',
  webhookUrlTooLong: 'Webhook address must be at most 2048 characters',
  notConnected:
    'Connect a spreadsheet first: add your Google Sheets webhook address on the Test page (Apps Script, Zapier or Make give you one).',
  testRowSent: 'Test row sent to your spreadsheet',
} as const;
