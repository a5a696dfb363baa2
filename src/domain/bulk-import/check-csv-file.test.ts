import { describe, expect, it } from 'vitest';
import { bulkImportMessages, MAX_CSV_FILE_BYTES } from './bulk-import-messages';
import { checkCsvFile } from './check-csv-file';

describe('checkCsvFile (§5 .csv by type or extension, under 50 MB)', () => {
  it.each([
    [{ name: 'list.csv', type: '', size: 10 }, null],
    [{ name: 'LIST.CSV', type: 'application/vnd.ms-excel', size: 10 }, null],
    [{ name: 'export', type: 'text/csv', size: 10 }, null],
    [{ name: 'list.csv', type: 'text/csv', size: MAX_CSV_FILE_BYTES - 1 }, null],
    [
      { name: 'list.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: 10 },
      bulkImportMessages.notCsv,
    ],
    [{ name: 'list.txt', type: 'text/plain', size: 10 }, bulkImportMessages.notCsv],
    [{ name: 'list.csv', type: 'text/csv', size: MAX_CSV_FILE_BYTES }, bulkImportMessages.tooLarge],
  ])('%o → %s', (file, message) => {
    expect(checkCsvFile(file)).toBe(message);
  });

  it('uses the §8 wording', () => {
    expect(bulkImportMessages.notCsv).toBe('Please upload a CSV file');
    expect(bulkImportMessages.tooLarge).toBe('File size must be less than 50MB');
    expect(bulkImportMessages.sendFailed(3)).toBe('Failed to send emails to 3 recipients');
    expect(bulkImportMessages.sent(2)).toBe('Successfully sent 2 offers');
    expect(bulkImportMessages.exported(5)).toBe('Exported 5 properties to CSV');
  });
});
