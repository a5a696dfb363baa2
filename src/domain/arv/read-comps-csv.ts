import { recogniseHeaders } from '../csv/recognise-headers';
import { ArvCompSchema, type ArvComp, COMP_CONDITIONS } from './arv-request-schema';

/** The comp fields a CSV column can fill. */
export type CompField = keyof ArvComp;

/**
 * Header names, lower-cased with spaces, dashes, dots, slashes and underscores removed, by field:
 * RESO Data Dictionary (ClosePrice, CloseDate, LivingArea…), Redfin's sold export (SOLD DATE,
 * PRICE, SQUARE FEET…), PropStream's (Last Sale Amount, Last Sale Recording Date, Living Sq Ft…)
 * and the obvious variants.
 */
const HEADER_ALIASES: Record<CompField, readonly string[]> = {
  price: ['closeprice', 'price', 'soldprice', 'saleprice', 'salesprice', 'lastsaleamount', 'lastsaleprice', 'amount'],
  soldDate: [
    'closedate',
    'solddate',
    'saledate',
    'lastsaledate',
    'lastsalerecordingdate',
    'recordingdate',
    'date',
    'datesold',
    'closingdate',
  ],
  sqft: [
    'livingarea',
    'squarefeet',
    'sqft',
    'livingsqft',
    'buildingsqft',
    'sqftliving',
    'livingsquarefeet',
    'gla',
    'size',
    'buildingarea',
  ],
  beds: ['bedroomstotal', 'beds', 'bedrooms', 'bed', 'br'],
  baths: ['bathroomstotalinteger', 'bathroomstotaldecimal', 'baths', 'bathrooms', 'bath', 'ba', 'totalbathrooms'],
  yearBuilt: ['yearbuilt', 'built', 'effectiveyearbuilt', 'yrbuilt'],
  lotSqft: ['lotsizesquarefeet', 'lotsize', 'lotsqft', 'lotsquarefeet', 'lotsizesqft', 'lot'],
  lat: ['latitude', 'lat'],
  lng: ['longitude', 'lng', 'long', 'lon'],
  address: ['unparsedaddress', 'address', 'propertyaddress', 'streetaddress', 'fulladdress', 'location'],
  condition: ['condition', 'propertycondition'],
};

/** Which column fills which field: the first header matching one of the field's aliases. */
export function mapCompHeaders(headers: readonly string[]): Partial<Record<CompField, string>> {
  const mapping: Partial<Record<CompField, string>> = {};
  const columns = recogniseHeaders(HEADER_ALIASES, headers);
  for (const field of Object.keys(HEADER_ALIASES) as CompField[]) {
    const first = columns[field].reduce((lowest, index) => Math.min(lowest, index), Infinity);
    if (first !== Infinity) mapping[field] = headers[first];
  }
  return mapping;
}

/** "$1,234,500" → 1234500; undefined when empty or not a number. */
function readNumber(text: string | undefined): number | undefined {
  const cleaned = text?.replace(/[$,\s]/g, '');
  if (!cleaned) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const pad = (value: number) => String(value).padStart(2, '0');

/** A sale date as YYYY-MM-DD from 2024-05-31, 5/31/2024, 05-31-24, "May-31-2024" (Redfin), "May 31, 2024" or 20240531T000000. */
export function readSaleDate(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value) ?? /^(\d{4})(\d{2})(\d{2})(T|$)/.exec(value);
  if (match) return `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}`;
  match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/.exec(value);
  if (match) {
    const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return `${year}-${pad(Number(match[1]))}-${pad(Number(match[2]))}`;
  }
  match = /^([a-z]+)[\s-](\d{1,2}),?[\s-](\d{4})$/i.exec(value);
  if (match) {
    const month = MONTHS.findIndex((name) => name.startsWith(match![1]!.toLowerCase().slice(0, 3)));
    if (month >= 0) return `${match[3]}-${pad(month + 1)}-${pad(Number(match[2]))}`;
  }
  return undefined;
}

function readCondition(text: string | undefined): ArvComp['condition'] {
  const value = text?.trim().toLowerCase();
  if (!value) return undefined;
  if ((COMP_CONDITIONS as readonly string[]).includes(value)) return value as ArvComp['condition'];
  if (/renovat|remodel|updated|flip/.test(value)) return 'renovated';
  if (/as[\s-]?is|fixer|distress|poor/.test(value)) return 'as-is';
  return 'unknown';
}

export interface CompRowsRead {
  comps: ArvComp[];
  /** Rows that cannot be used, with their line number in the file (header = line 1) and reason. */
  rejected: { line: number; reason: string }[];
  mapping: Partial<Record<CompField, string>>;
}

/** Types parsed CSV rows (header → text) into comps; a row without a usable price, sale date or square feet is rejected with its reason. */
export function readCompRows(
  rows: readonly Record<string, string | undefined>[],
  headers: readonly string[],
): CompRowsRead {
  const mapping = mapCompHeaders(headers);
  const comps: ArvComp[] = [];
  const rejected: { line: number; reason: string }[] = [];
  const cell = (row: Record<string, string | undefined>, field: CompField) => {
    const header = mapping[field];
    return header === undefined ? undefined : row[header];
  };
  rows.forEach((row, i) => {
    const line = i + 2;
    const price = readNumber(cell(row, 'price'));
    const soldDate = readSaleDate(cell(row, 'soldDate'));
    const sqft = readNumber(cell(row, 'sqft'));
    const missing = [!price && 'price', !soldDate && 'sale date', !sqft && 'square feet'].filter(Boolean);
    if (missing.length > 0) {
      rejected.push({ line, reason: `no usable ${missing.join(', ')}` });
      return;
    }
    const candidate = {
      price,
      soldDate,
      sqft,
      beds: readNumber(cell(row, 'beds')),
      baths: readNumber(cell(row, 'baths')),
      yearBuilt: readNumber(cell(row, 'yearBuilt')),
      lotSqft: readNumber(cell(row, 'lotSqft')),
      lat: readNumber(cell(row, 'lat')),
      lng: readNumber(cell(row, 'lng')),
      address: cell(row, 'address')?.trim() || undefined,
      condition: readCondition(cell(row, 'condition')),
    };
    const defined = Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined));
    const parsed = ArvCompSchema.safeParse(defined);
    if (parsed.success) comps.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      rejected.push({ line, reason: `${issue?.path.join('.') ?? 'row'}: ${issue?.message ?? 'not usable'}` });
    }
  });
  return { comps, rejected, mapping };
}
