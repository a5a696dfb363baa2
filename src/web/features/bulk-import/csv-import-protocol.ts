import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import type { CsvImportOutcome, CsvRowFailure } from '#domain/bulk-import/csv-import-collector.ts';
import type { ImportColumnMapping } from '#domain/bulk-import/import-column-mappings.ts';
import type { ColumnMapping, MAILING_LIST_FIELDS, NEEDED_LIST_FIELDS } from '#domain/bulk-import/list-columns.ts';
import type { MailFormat } from '#domain/mail/mail-send-request.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';

/** How many skipped rows the review lists; the rest are only counted (and never cross to the page). */
export const FAILURES_LISTED = 1000;

/** Repairs the user sets in the review for a list that has none: a dollar amount per property, or dollars per square foot. */
export type RepairsForRows = { kind: 'amount'; dollars: number } | { kind: 'per-square-foot'; dollars: number };

/** What a read list holds, for the review: which rows can go by e-mail, and what columns it had. */
export interface ListFacts {
  /** Rows with an e-mail: those Send Selected Offers e-mails. */
  emailRows: number;
  /** Some row has what the spec's columns do not (no e-mail, a city, a mailing address, phones): the review shows each row's channels. */
  showsChannels: boolean;
  /** Some row had repairs from the list (a repairs column, or condition and square feet). */
  hasRepairs: boolean;
  /** Some row has its square feet (so repairs per square foot can be set). */
  hasSquareFeet: boolean;
}

/** A list whose needed columns were not recognised: what the mapping step shows. */
export interface MappingRequest {
  headers: string[];
  /** The first data rows, for each column's sample value. */
  samples: string[][];
  fields: (typeof NEEDED_LIST_FIELDS)[number][];
  /** The owner's mailing-address fields not recognised either: offered, none required. */
  optionalFields: (typeof MAILING_LIST_FIELDS)[number][];
}

/** Main thread → import worker. The worker keeps the imported rows; the page asks for what it shows or sends. */
export type CsvImportRequest =
  | {
      type: 'import';
      file: File;
      template: FormulaTemplate;
      /** The workspace's remembered columns, and those just picked in the mapping step. */
      remembered: ImportColumnMapping[];
      mapping: ColumnMapping;
    }
  /** Rows start..end-1, for the review table. */
  | { type: 'rows'; requestId: number; start: number; end: number }
  /** The CRM contacts CSV of these rows, in the CRM's columns (§3; built here, off the main thread). */
  | { type: 'export'; requestId: number; indexes: Uint32Array; date: string }
  /** The POST /api/bulk-send body for these rows (JSON): those with an e-mail. */
  | { type: 'sendBody'; requestId: number; indexes: Uint32Array; followUp: boolean }
  /** The POST /api/mail/print-runs (and /api/mail/lob/sends) body for these rows (JSON): those with a mailing address. */
  | { type: 'mailBody'; requestId: number; indexes: Uint32Array; format: MailFormat }
  /** The POST /api/import-review/known-properties body for these rows (JSON): each one's address and offer. */
  | { type: 'knownBody'; requestId: number; indexes: Uint32Array }
  /** Repairs for every row of a list without any (null: none again); the offers are recomputed. */
  | { type: 'repairs'; requestId: number; repairs: RepairsForRows | null };

/** Import worker → main thread. */
export type CsvImportMessage =
  /** After each ~1 MB of text: the running counts. */
  | { type: 'progress'; bytesRead: number; totalBytes: number; valid: number; failed: number }
  /** The first FAILURES_LISTED skipped rows and how many there were; the first rows of the review. */
  | {
      type: 'done';
      outcome: CsvImportOutcome;
      valid: number;
      failed: number;
      firstFailures: CsvRowFailure[];
      firstRows: BulkImportProperty[];
      facts: ListFacts;
      /** Set when outcome is 'needsMapping'. */
      mapping?: MappingRequest;
    }
  | { type: 'error'; kind: 'read' | 'process'; detail: string }
  | { type: 'rows'; requestId: number; start: number; properties: BulkImportProperty[] }
  /** Blobs, so a 30 MB CSV is never turned into bytes on the main thread. */
  | { type: 'export'; requestId: number; fileName: string; file: Blob; count: number }
  /** `count` rows in the body; `withoutEmail` selected rows left out for having no e-mail, `unworkable` for an offer below 0. */
  | { type: 'sendBody'; requestId: number; body: Blob; count: number; withoutEmail?: number; unworkable?: number }
  /** `count` rows in the body; `withoutAddress` selected rows left out for having no mailing address. */
  | { type: 'mailBody'; requestId: number; body: Blob; count: number; withoutAddress: number }
  | { type: 'knownBody'; requestId: number; body: Blob }
  | { type: 'repairs'; requestId: number };
