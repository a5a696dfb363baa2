import { parseEmailAddress } from '../email/parse-email-address';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { MAX_MARKET_VALUE, parseMarketValue } from '../money/parse-market-value';
import { offerIsWorkable, simpleOfferRangeFor } from '../offer/compute-offer-range';
import type { FormulaTemplate } from '../offer/formula-template';
import { hasNoInvisibleCharacters } from '../validation/invisible-characters';
import type { BulkImportProperty } from './bulk-import-property';
import { bulkOfferRange } from './bulk-offer-range';
import { type ImportColumnMapping, mappingForHeaders } from './import-column-mappings';
import { type ColumnMapping, recogniseListColumns } from './list-columns';
import { isPlainText, trimCell } from './plain-cell';
import { readListContacts } from './read-list-contacts';

/** Why a CSV row was skipped, as listed in the review (one or more, joined by '; '). */
export const csvRowReasons = {
  email: 'No valid e-mail address (like name@example.com) in Email, Email 2 or email',
  emailNotAscii: 'E-mail addresses with accented or non-Latin letters (like josé@example.com) are not supported',
  addressMissing: 'No address',
  addressPoBox: 'PO Box addresses are not accepted',
  addressNoNumber: 'Address has no street number',
  marketValueMissing: 'No market value',
  marketValueInvalid: 'Market value must be a positive number',
  offerUnworkable: 'Market value too low for a cash offer with this formula',
  // Bidirectional overrides and control characters (see hasNoInvisibleCharacters).
  addressInvisible: 'Address holds invisible formatting characters',
  nameInvisible: 'Name holds invisible formatting characters',
  // The address is the offer's subject and the name its greeting: plain words only (issue 25).
  addressLink: 'Address holds a link, an e-mail address or HTML',
  nameLink: 'Name holds a link, an e-mail address or HTML',
} as const;

export type CsvRowResult = { ok: true; property: BulkImportProperty } | { ok: false; reason: string };

/**
 * How the rows are read. Without `list`, the spec's rules alone (§5: its column names, and a row
 * without a usable e-mail is skipped). With `list` (issue 41), an owner list as exports write it:
 * the spellings of listColumnAliases and the user's mapping are read too, after the spec's own
 * columns (which read as before when present), with city, state, ZIP, the mailing address,
 * phones and repairs; a row without an e-mail is kept, for mail or a call.
 */
export interface CsvRowOptions {
  /** `mapping`: columns the user picked; `remembered`: the workspace's remembered columns (mappingForHeaders), used where `mapping` says nothing. */
  list?: { mapping?: ColumnMapping; remembered?: readonly ImportColumnMapping[] };
}

type OfferFormula = Pick<FormulaTemplate, 'arvMultiplier' | 'repairMultiplier' | 'minProfit' | 'maxProfit'>;

// The columns each value is read from (§5), in the order they are tried.
const EMAIL_COLUMNS = ['Email', 'Email 2', 'email'];
const MARKET_VALUE_COLUMNS = ['marketvalue', 'MarketValue', 'Market Value', 'MARKET_VALUE'];
const FIRST_NAME_COLUMNS = ['First Name', 'firstName'];
const LAST_NAME_COLUMNS = ['Last Name', 'lastName'];
// A whole name in one column, as many exports and hand-made lists write it (read when there is no first or last name).
const FULL_NAME_COLUMNS = ['Name', 'Full Name', 'name', 'fullName'];

// One address in shape (one '@', a dotted domain, no spaces or list separators) with a letter
// beyond ASCII: refused for its letters, which the reason then says.
const NOT_ASCII = /[\u0080-\uffff]/;
const ADDRESS_SHAPED = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;".]+$/;
// 'PO Box', 'P.O. Box', 'p o box', 'POBox': §5 refuses post-office boxes (no house to buy).
const PO_BOX = /\bp\.?\s*o\.?\s*box\b/i;
const BOX = /box/i;
// §5: an owner that is a company or trust. Whole words, so 'Lincoln' or 'Trustee Rd' do not count.
const ENTITY = /\b(LLC|TRUST|INC)\b/i;

/**
 * A figure as most exports write it, in whole dollars: digits ('250000') with thousands commas
 * and a dollar sign or not ('$1,250,000'), one to ten digits, the first not 0. NaN for any other
 * text, which parseMarketValue reads (and would read these to the same value): one pass, where
 * its replaces, pattern test and Number() cost several times as much per row.
 */
function wholeDollars(text: string): number {
  let digits = 0;
  let value = 0;
  for (let at = text.charCodeAt(0) === 36 /* $ */ ? 1 : 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 44 /* , */) continue;
    const digit = code - 48;
    if (digit < 0 || digit > 9 || (digits === 0 && digit === 0) || ++digits > 10) return NaN;
    value = value * 10 + digit;
  }
  return digits === 0 ? NaN : value;
}

function hasDigit(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 48 && code <= 57) return true;
  }
  return false;
}

// Read by the collector and the list reader too; kept importable from here, where the row rules use them.
export { isPlainText, trimCell } from './plain-cell';

/** A header cell as a spreadsheet shows it: without a byte-order mark or surrounding spaces. */
export function cleanHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').trim();
}

function indexesOf(headers: readonly string[], names: readonly string[]): number[] {
  // Every column with one of the names, by name priority then file order: a duplicated
  // header (two 'Email' columns) is read in file order, first non-empty value first.
  return names.flatMap((name) => headers.flatMap((header, index) => (header === name ? [index] : [])));
}

/**
 * The CSV row rules (§5: e-mail, address, market value and names read from their columns;
 * post-office boxes and rows without a usable e-mail, address or value skipped), compiled once
 * for a header row: returns a function from a row's cells (in header order) to the bulk-import
 * property with its simple-formula offer (whole dollars), or the reason the row is skipped. Cells are trimmed; missing trailing cells count as empty.
 */
export function createCsvRowNormalizer(
  rawHeaders: readonly string[],
  template: OfferFormula,
  options: CsvRowOptions = {},
): (cells: readonly (string | undefined)[]) => CsvRowResult {
  const check = createCsvRowChecker(rawHeaders, template, options);
  return (cells) => {
    const result = check(cells);
    return typeof result === 'string' ? { ok: false, reason: result } : { ok: true, property: result };
  };
}

/**
 * createCsvRowNormalizer without the result wrapper, for the import's hot loop: the property,
 * or the reason (a string) the row is skipped. One object fewer per row of 300,000.
 */
export function createCsvRowChecker(
  rawHeaders: readonly string[],
  template: OfferFormula,
  options: CsvRowOptions = {},
): (cells: readonly (string | undefined)[]) => BulkImportProperty | string {
  const headers = rawHeaders.map(cleanHeader);
  const offerRangeOf = simpleOfferRangeFor(template);
  const mapping = options.list && {
    ...mappingForHeaders(options.list.remembered ?? [], headers),
    ...options.list.mapping,
  };
  const list = mapping ? recogniseListColumns(headers, mapping) : null;
  // The spec's columns first, then (for a list) the other spellings and the mapped column.
  const withList = (spec: number[], more: readonly number[] | undefined) =>
    more ? [...spec, ...more.filter((index) => !spec.includes(index))] : spec;
  const emailColumns = withList(indexesOf(headers, EMAIL_COLUMNS), list?.email);
  // A list's columns read for another field ('Mailing Address', 'Email Address', 'Property Address City').
  const elsewhere = new Set(
    list ? Object.entries(list).flatMap(([field, indexes]) => (field === 'address' ? [] : indexes)) : [],
  );
  // §5: any column whose name contains 'address' but not 'email', in file order.
  const specAddressColumns = headers.flatMap((header, index) => {
    const lower = header.toLowerCase();
    return lower.includes('address') && !lower.includes('email') && !elsewhere.has(index) ? [index] : [];
  });
  // A list's mailing address stands in for the property's only when it has no other (as §5 reads it).
  const addressColumns = list
    ? withList(
        specAddressColumns,
        list.address.length + specAddressColumns.length > 0 ? list.address : list.mailingAddress,
      )
    : specAddressColumns;
  const marketValueColumns = withList(indexesOf(headers, MARKET_VALUE_COLUMNS), list?.marketValue);
  const firstNameColumns = withList(indexesOf(headers, FIRST_NAME_COLUMNS), list?.firstName);
  const lastNameColumns = withList(indexesOf(headers, LAST_NAME_COLUMNS), list?.lastName);
  const fullNameColumns = withList(indexesOf(headers, FULL_NAME_COLUMNS), list?.fullName);
  const readContacts = list ? readListContacts(list) : null;
  const used = new Set([
    ...emailColumns,
    ...addressColumns,
    ...marketValueColumns,
    ...firstNameColumns,
    ...lastNameColumns,
  ]);
  // Where an owner that is a company or trust may be named: owner/name/company columns first.
  const rest = headers.map((_, index) => index).filter((index) => !used.has(index));
  const ownerLike = (index: number) => /owner|name|company|entity/i.test(headers[index]!);
  const entityColumns = [...rest.filter(ownerLike), ...rest.filter((index) => !ownerLike(index))];

  const cell = (cells: readonly (string | undefined)[], index: number) => {
    const value = cells[index];
    return value === undefined ? '' : trimCell(value);
  };
  const firstFilled = (cells: readonly (string | undefined)[], columns: readonly number[]) => {
    for (const index of columns) {
      const value = cell(cells, index);
      if (value !== '') return value;
    }
    return '';
  };

  return (cells) => {
    // A string, not an array: most rows pass, and 300,000 arrays are garbage the import can do
    // without. (No helper closure either: capturing `reasons` would allocate a context per row.)
    let reasons = '';

    let email = '';
    // An address in shape with letters beyond ASCII ('søren@example.com') is told apart: it looks
    // valid to the person reading the reason.
    let notAscii = false;
    for (const index of emailColumns) {
      // §5: it must contain @; beyond that, one real address (a display-name form is reduced to
      // it), lower-cased: the form unsubscribes are compared in.
      const value = cell(cells, index);
      if (value === '') continue;
      const address = parseEmailAddress(value);
      if (address !== null) {
        email = address;
        break;
      }
      notAscii ||= NOT_ASCII.test(value) && ADDRESS_SHAPED.test(value);
    }
    // A list keeps an owner without an e-mail: mail or a call may still reach them.
    if (email === '' && !readContacts) reasons = notAscii ? csvRowReasons.emailNotAscii : csvRowReasons.email;

    let address = '';
    let sawPoBox = false;
    let sawAny = false;
    for (const index of addressColumns) {
      const value = cell(cells, index);
      if (value === '') continue;
      sawAny = true;
      // The cheap test first: most addresses have no 'box' at all.
      if (BOX.test(value) && PO_BOX.test(value)) sawPoBox = true;
      else if (hasDigit(value)) {
        address = value;
        break;
      }
    }
    if (address === '') {
      const reason = !sawAny
        ? csvRowReasons.addressMissing
        : sawPoBox
          ? csvRowReasons.addressPoBox
          : csvRowReasons.addressNoNumber;
      reasons = reasons === '' ? reason : `${reasons}; ${reason}`;
    } else if (!isPlainText(address)) {
      // A quoted cell may hold line breaks (a two-line address); other controls and bidi overrides may not.
      if (!hasNoInvisibleCharacters(address, { multiLine: true }))
        reasons = reasons === '' ? csvRowReasons.addressInvisible : `${reasons}; ${csvRowReasons.addressInvisible}`;
      else if (carriesLinkOrMarkup(address))
        reasons = reasons === '' ? csvRowReasons.addressLink : `${reasons}; ${csvRowReasons.addressLink}`;
    }

    let marketValue = 0;
    const marketValueText = firstFilled(cells, marketValueColumns);
    const figure = wholeDollars(marketValueText);
    if (marketValueText === '')
      reasons = reasons === '' ? csvRowReasons.marketValueMissing : `${reasons}; ${csvRowReasons.marketValueMissing}`;
    else if (figure <= MAX_MARKET_VALUE) marketValue = figure;
    else {
      const parsed = parseMarketValue(marketValueText);
      if (parsed.ok) marketValue = parsed.value;
      else
        reasons = reasons === '' ? csvRowReasons.marketValueInvalid : `${reasons}; ${csvRowReasons.marketValueInvalid}`;
    }

    if (reasons !== '') return reasons;

    const contacts = readContacts?.(cells, address);
    if (typeof contacts === 'string') return contacts;
    // Repairs come off through the template's repair multiplier, as in the calculator (issue 41).
    const repairs = contacts?.repairs;
    const offerRange = repairs ? bulkOfferRange({ marketValue, repairs }, template) : offerRangeOf(marketValue);
    if (!offerIsWorkable(offerRange)) return csvRowReasons.offerUnworkable;

    let firstName = firstFilled(cells, firstNameColumns);
    let lastName = firstFilled(cells, lastNameColumns);
    if (firstName === '' && lastName === '') {
      // No first or last name: a whole name ('Jane Doe' in Name) stands in for a first name holding
      // both, unless it is a company or trust, which is the owner below (a full-name column is
      // left among the entity columns for that).
      const fullName = firstFilled(cells, fullNameColumns);
      if (fullName !== '' && !ENTITY.test(fullName)) firstName = fullName;
    }
    if (firstName !== '' && lastName === '' && firstName.includes(' ')) {
      // §5: 'Jane Doe' in First Name with no Last Name is split at the first space.
      const space = firstName.indexOf(' ');
      lastName = firstName.slice(space + 1).trim();
      firstName = firstName.slice(0, space);
    } else if (firstName === '' && lastName === '') {
      // §5: no names; an LLC/TRUST/INC value is the owner ('Owner' + entity), else 'Property' 'Owner'.
      let entity = '';
      for (const index of entityColumns) {
        const value = cell(cells, index);
        if (value !== '' && ENTITY.test(value)) {
          entity = value;
          break;
        }
      }
      firstName = entity ? 'Owner' : 'Property';
      lastName = entity || 'Owner';
    }
    if (!isPlainText(firstName) || !isPlainText(lastName)) {
      if (!hasNoInvisibleCharacters(firstName) || !hasNoInvisibleCharacters(lastName))
        return csvRowReasons.nameInvisible;
      if (carriesLinkOrMarkup(firstName) || carriesLinkOrMarkup(lastName)) return csvRowReasons.nameLink;
    }

    if (!contacts) return { firstName, lastName, address, marketValue, email, offerRange };
    const property: BulkImportProperty = { firstName, lastName, address, marketValue, offerRange, ...contacts };
    if (email !== '') property.email = email;
    return property;
  };
}

/** The same row rules for one row given as a record keyed by header (see createCsvRowNormalizer to normalise many rows). */
export function normalizeCsvRow(
  row: Readonly<Record<string, string | undefined>>,
  headers: readonly string[],
  template: OfferFormula,
): CsvRowResult {
  return createCsvRowNormalizer(headers, template)(headers.map((header) => row[header]));
}
