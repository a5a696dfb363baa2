import { z } from 'zod';
import { trimCell } from '../bulk-import/plain-cell';
import { normaliseHeader, recogniseHeaders } from '../csv/recognise-headers';
import { homeownerEmailKey } from '../email/homeowner-email-key';
import {
  BUYER_PROPERTY_TYPES,
  BuyerSchema,
  type Buyer,
  type BuyerInput,
  type BuyerPropertyType,
  type BuyerStrategy,
} from './buyer-request';

/** What a column of a buyers list can hold (issue 39). */
export const BUYER_LIST_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'company',
  'email',
  'phone',
  'areas',
  'propertyTypes',
  'priceMin',
  'priceMax',
  'maxRepairs',
  'strategies',
  'proofOfFundsAmount',
  'proofOfFundsExpiresOn',
  'notes',
] as const;
export type BuyerListField = (typeof BUYER_LIST_FIELDS)[number];

/** A column picked by the user for a field, by its header as the file spells it. */
export type BuyerColumnMapping = Partial<Record<BuyerListField, string>>;

/** What the mapping step calls each field. */
export const buyerListFieldLabels: Record<BuyerListField, string> = {
  name: 'Buyer name',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  email: 'E-mail',
  phone: 'Phone',
  areas: 'Areas (ZIP codes or cities)',
  propertyTypes: 'Property types',
  priceMin: 'Lowest price',
  priceMax: 'Highest price',
  maxRepairs: 'Maximum repairs',
  strategies: 'Strategies',
  proofOfFundsAmount: 'Proof of funds amount',
  proofOfFundsExpiresOn: 'Proof of funds expiry',
  notes: 'Notes',
};

/** The fields the mapping step asks for when no column is recognised: a buyer needs a name and a way to reach them. */
export const NEEDED_BUYER_LIST_FIELDS = ['name', 'email'] as const satisfies readonly BuyerListField[];
export type NeededBuyerListField = (typeof NEEDED_BUYER_LIST_FIELDS)[number];

/** The most data rows one buyers list may hold. */
export const MAX_BUYER_LIST_ROWS = 5000;
/** The first data rows kept for the mapping step's sample values. */
export const BUYER_MAPPING_SAMPLE_ROWS = 3;

/** The headers of buyers lists (normalised: normaliseHeader), by field, likeliest first. */
export const buyerColumnAliases: Readonly<Record<BuyerListField, readonly string[]>> = {
  name: ['name', 'fullname', 'buyername', 'buyer', 'contactname', 'contact'],
  firstName: ['firstname', 'first'],
  lastName: ['lastname', 'last', 'surname'],
  company: ['company', 'companyname', 'llc', 'entity', 'business', 'organization'],
  email: ['email', 'emailaddress', 'email1', 'buyeremail'],
  phone: ['phone', 'phonenumber', 'mobile', 'cell', 'cellphone', 'phone1', 'buyerphone'],
  areas: ['areas', 'area', 'zips', 'zipcodes', 'zip', 'markets', 'market', 'cities', 'city', 'buyareas', 'locations'],
  propertyTypes: ['propertytypes', 'propertytype', 'types', 'type', 'assettype', 'assettypes'],
  priceMin: ['pricemin', 'minprice', 'minimumprice', 'lowprice', 'minpurchaseprice', 'pricefrom'],
  priceMax: ['pricemax', 'maxprice', 'maximumprice', 'highprice', 'maxpurchaseprice', 'priceto'],
  maxRepairs: ['maxrepairs', 'maximumrepairs', 'repairsmax', 'maxrehab', 'rehabbudget', 'repairbudget'],
  strategies: ['strategies', 'strategy', 'exitstrategy', 'exitstrategies', 'investmentstrategy'],
  proofOfFundsAmount: ['proofoffunds', 'proofoffundsamount', 'pof', 'pofamount', 'funds', 'cashavailable'],
  proofOfFundsExpiresOn: ['proofoffundsexpires', 'proofoffundsexpiry', 'pofexpires', 'pofexpiry', 'pofexpiration'],
  notes: ['notes', 'note', 'comments'],
};

/** Why a row is refused, beside BuyerSchema's own messages. */
export const buyerListReasons = {
  noName: 'No name',
  propertyType: (value: string) =>
    `Unknown property type "${value.slice(0, 40)}" (use ${BUYER_PROPERTY_TYPES.join(', ')})`,
  strategy: (value: string) => `Unknown strategy "${value.slice(0, 40)}" (use flip or rental)`,
  dollars: (label: string, value: string) => `${label} "${value.slice(0, 40)}" is not a dollar amount`,
  date: (value: string) => `Proof of funds expiry "${value.slice(0, 40)}" is not a date (YYYY-MM-DD or M/D/YYYY)`,
  tooManyRows: `A buyers list holds at most ${MAX_BUYER_LIST_ROWS.toLocaleString('en-US')} rows: the rest were not read`,
} as const;

/** A row that was not imported, and why (its row number as a spreadsheet shows it: the header is row 1). */
export interface BuyerListRefusal {
  row: number;
  reason: string;
}

/** A list's buyers ready to store (one per e-mail: later rows fill and replace earlier ones' cells), and the refused rows. */
export interface BuyerListRead {
  outcome: 'ok';
  buyers: Buyer[];
  refused: BuyerListRefusal[];
  /** Rows that named a buyer already named by an earlier row (same e-mail): merged into it. */
  mergedRows: number;
}

/** A list whose name or e-mail column is not recognised: what the mapping step shows. */
export interface BuyerListNeedsMapping {
  outcome: 'needsMapping';
  headers: string[];
  samples: string[][];
  fields: NeededBuyerListField[];
}

export type BuyerListOutcome = BuyerListRead | BuyerListNeedsMapping | { outcome: 'noData' };

/** The columns each field is read from: a mapped column first (and for that field only), then the recognised spellings. */
export function recogniseBuyerColumns(
  headers: readonly string[],
  mapping: BuyerColumnMapping = {},
): Record<BuyerListField, number[]> {
  const columns = recogniseHeaders(buyerColumnAliases, headers);
  const normalised = headers.map(normaliseHeader);
  for (const field of BUYER_LIST_FIELDS) {
    const mapped = mapping[field];
    if (mapped === undefined) continue;
    const index = normalised.indexOf(normaliseHeader(mapped));
    if (index === -1) continue;
    for (const other of BUYER_LIST_FIELDS) columns[other] = columns[other].filter((column) => column !== index);
    columns[field] = [index, ...columns[field]];
  }
  return columns;
}

// Words lists use for each property type and strategy, normalised as headers are.
const TYPE_WORDS: [RegExp, BuyerPropertyType][] = [
  [/^(sfr|sfh|singlefamily(home|residence)?|house|detached)$/, 'single-family'],
  [/^(multifamily|multi|mfr|mfh|duplex|triplex|fourplex|quadplex|apartments?)$/, 'multi-family'],
  [/^condos?(minium)?$/, 'condo'],
  [/^(townhouses?|townhomes?|th)$/, 'townhouse'],
  [/^(mobilehomes?|mobile|manufactured(home)?)$/, 'mobile-home'],
  [/^(land|lots?|vacantland)$/, 'land'],
];
const STRATEGY_WORDS: [RegExp, BuyerStrategy][] = [
  [/^(flip|flips|fixandflip|fix&flip|fixflip|rehab|wholetail)$/, 'flip'],
  [/^(rental|rentals|buyandhold|hold|landlord|brrrr|brrr|rent)$/, 'rental'],
];

const listCell = (text: string) =>
  text
    .split(/[;,|/\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

function readWords<Value>(text: string, words: [RegExp, Value][]): { values: Value[]; unknown?: string } {
  const values: Value[] = [];
  for (const entry of listCell(text)) {
    const key = normaliseHeader(entry);
    const found = words.find(([pattern]) => pattern.test(key))?.[1];
    if (found === undefined) return { values, unknown: entry };
    values.push(found);
  }
  return { values };
}

/** Whole dollars as lists write them ('$250,000', '250k', '1.2M'); null for an empty cell, NaN when not an amount. */
export function readListDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '').toLowerCase();
  if (cleaned === '') return null;
  const match = /^(\d+(?:\.\d+)?)([km])?$/.exec(cleaned);
  if (!match) return Number.NaN;
  const factor = match[2] === 'k' ? 1000 : match[2] === 'm' ? 1_000_000 : 1;
  return Math.round(Number(match[1]) * factor);
}

/** A date as YYYY-MM-DD from 'YYYY-MM-DD' or 'M/D/YYYY'; null for an empty cell, undefined when not a date. */
export function readListDate(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!us) return undefined;
  return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * A buyers list (issue 39) read from its records (the first one names the columns): each row
 * checked by BuyerSchema, the rules of the buyer form, with a reason for every refused row; rows
 * of one e-mail (homeownerEmailKey: one key for every spelling) merged into one buyer, a later
 * row's filled cells replacing an earlier one's. A list whose name or e-mail column is not
 * recognised (nor mapped) asks for them instead. Reads at most MAX_BUYER_LIST_ROWS rows.
 */
export function readBuyerList(
  records: readonly (readonly string[])[],
  mapping: BuyerColumnMapping = {},
): BuyerListOutcome {
  const headerAt = records.findIndex((cells) => !isBlank(cells));
  if (headerAt === -1) return { outcome: 'noData' };
  const headers = records[headerAt]!.map((header) => trimCell(header));
  const columns = recogniseBuyerColumns(headers, mapping);
  const dataRows = records
    .map((cells, index) => ({ cells, row: index + 1 }))
    .slice(headerAt + 1)
    .filter(({ cells }) => !isBlank(cells));
  if (dataRows.length === 0) return { outcome: 'noData' };

  const unmapped = NEEDED_BUYER_LIST_FIELDS.filter((field) =>
    field === 'name'
      ? columns.name.length === 0 && columns.firstName.length === 0 && columns.company.length === 0
      : columns.email.length === 0 && columns.phone.length === 0,
  );
  if (unmapped.length > 0) {
    return {
      outcome: 'needsMapping',
      headers,
      samples: dataRows.slice(0, BUYER_MAPPING_SAMPLE_ROWS).map(({ cells }) => [...cells]),
      fields: unmapped,
    };
  }

  const refused: BuyerListRefusal[] = [];
  const byEmail = new Map<string, BuyerInput>();
  const withoutEmail: BuyerInput[] = [];
  let mergedRows = 0;
  const read = dataRows.slice(0, MAX_BUYER_LIST_ROWS);
  for (const { cells, row } of read) {
    const result = readBuyerRow(cells, columns);
    if (typeof result === 'string') {
      refused.push({ row, reason: result });
      continue;
    }
    const parsed = BuyerSchema.safeParse(result);
    if (!parsed.success) {
      refused.push({ row, reason: parsed.error.issues[0]?.message ?? 'Not a buyer' });
      continue;
    }
    if (parsed.data.email === null) {
      withoutEmail.push(result);
      continue;
    }
    const key = homeownerEmailKey(parsed.data.email);
    const earlier = byEmail.get(key);
    if (earlier) mergedRows++;
    byEmail.set(key, earlier ? mergeRows(earlier, result) : result);
  }
  if (dataRows.length > read.length) {
    refused.push({ row: dataRows[read.length]!.row, reason: buyerListReasons.tooManyRows });
  }
  // Each input passed the schema alone; a merge of two such rows passes it too, but is parsed again to get its output.
  const buyers = [...byEmail.values(), ...withoutEmail].flatMap((input) => {
    const parsed = BuyerSchema.safeParse(input);
    return parsed.success ? [parsed.data] : [];
  });
  return { outcome: 'ok', buyers, refused, mergedRows };
}

/** Two rows of one buyer: the later row's filled cells win, its lists are added to the earlier's. */
function mergeRows(earlier: BuyerInput, later: BuyerInput): BuyerInput {
  const merged: Record<string, unknown> = { ...earlier };
  for (const [field, value] of Object.entries(later)) {
    if (value === null || value === '' || value === undefined) continue;
    const before = merged[field];
    merged[field] = Array.isArray(value) && Array.isArray(before) ? [...new Set([...before, ...value])] : value;
  }
  return merged as BuyerInput;
}

/** One row's cells as a buyer request (BuyerSchema checks it next), or why it is refused. */
function readBuyerRow(cells: readonly string[], columns: Readonly<Record<BuyerListField, readonly number[]>>) {
  const first = (field: BuyerListField) => {
    for (const index of columns[field]) {
      const value = trimCell(cells[index] ?? '');
      if (value !== '') return value;
    }
    return '';
  };
  const company = first('company');
  const name = first('name') || [first('firstName'), first('lastName')].filter(Boolean).join(' ') || company;
  if (name === '') return buyerListReasons.noName;
  const types = readWords(first('propertyTypes'), TYPE_WORDS);
  if (types.unknown !== undefined) return buyerListReasons.propertyType(types.unknown);
  const strategies = readWords(first('strategies'), STRATEGY_WORDS);
  if (strategies.unknown !== undefined) return buyerListReasons.strategy(strategies.unknown);
  const dollars: Partial<Record<'priceMin' | 'priceMax' | 'maxRepairs' | 'proofOfFundsAmount', number | null>> = {};
  for (const field of ['priceMin', 'priceMax', 'maxRepairs', 'proofOfFundsAmount'] as const) {
    const text = first(field);
    const value = readListDollars(text);
    if (Number.isNaN(value)) return buyerListReasons.dollars(buyerListFieldLabels[field], text);
    dollars[field] = value;
  }
  const expiresText = first('proofOfFundsExpiresOn');
  const expires = readListDate(expiresText);
  if (expires === undefined) return buyerListReasons.date(expiresText);
  const input: BuyerInput = {
    name,
    company,
    email: first('email'),
    phone: first('phone'),
    areas: listCell(first('areas')),
    propertyTypes: types.values,
    strategies: strategies.values,
    priceMin: dollars.priceMin ?? null,
    priceMax: dollars.priceMax ?? null,
    maxRepairs: dollars.maxRepairs ?? null,
    proofOfFundsAmount: dollars.proofOfFundsAmount ?? null,
    proofOfFundsExpiresOn: expires,
    notes: first('notes'),
  };
  return input;
}

export const buyerImportMessages = {
  csv: 'Send the list as CSV text of at most 2 MB',
  column: 'A column name is text of at most 200 characters',
  unreadable: (row: number) => `The file is not a readable CSV: a quote opened on row ${row} is never closed`,
} as const;

/** POST /api/buyers/import: a buyers list's CSV text, and the columns picked in the mapping step. */
export const BuyerImportRequestSchema = z
  .object({
    csv: z.string(buyerImportMessages.csv).max(2 * 1024 * 1024, buyerImportMessages.csv),
    mapping: z
      .partialRecord(
        z.enum(BUYER_LIST_FIELDS),
        z.string(buyerImportMessages.column).max(200, buyerImportMessages.column),
      )
      .default({}),
  })
  .strict();
export type BuyerImportRequest = z.input<typeof BuyerImportRequestSchema>;
