import { MAX_PHONES } from '../contact/contact-schema';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { MAX_REPAIR_COST } from '../repairs/repair-catalog';
import { REPAIR_CONDITIONS, type RepairCondition, SQUARE_FEET_BOUNDS } from '../repairs/repair-estimate';
import { hasNoInvisibleCharacters } from '../validation/invisible-characters';
import type { BulkImportProperty, MailingAddress } from './bulk-import-property';
import type { ListField } from './list-columns';
import { isPlainText, trimCell } from './plain-cell';

/** What a list row holds beyond the spec's columns: where the property is, how to reach its owner, its repairs. */
export type ListContacts = Pick<
  BulkImportProperty,
  'city' | 'state' | 'zip' | 'mailingAddress' | 'phones' | 'repairs' | 'squareFeet'
>;

/** Why a list row is skipped for what its extra columns hold. */
export const listRowReasons = {
  textInvisible: 'City, state, ZIP or mailing address holds invisible formatting characters',
  textLink: 'City, state, ZIP or mailing address holds a link, an e-mail address or HTML',
  repairsInvalid: 'Repairs must be a dollar amount of 0 or more',
} as const;

const STATE = /^[A-Za-z]{2}$/;
const ZIP = /^(\d{4,5})(?:-?(\d{4}))?$/;

const isCapital = (code: number) => code >= 65 && code <= 90;
const isDigit = (code: number) => code >= 48 && code <= 57;

/** A US state as two capital letters, or undefined when the cell holds anything else. */
export function readState(text: string): string | undefined {
  // Most lists write it in capitals already: no pattern, no new string.
  if (text.length === 2 && isCapital(text.charCodeAt(0)) && isCapital(text.charCodeAt(1))) return text;
  return STATE.test(text) ? text.toUpperCase() : undefined;
}

function allDigits(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (!isDigit(text.charCodeAt(at))) return false;
  return true;
}

/**
 * A ZIP code as 5 digits or ZIP+4 ('78701', '78701-1234'; '787011234' gets its hyphen), or
 * undefined. A 4-digit ZIP is one a spreadsheet stripped of its leading 0 ('2134' → '02134').
 */
export function readZip(text: string): string | undefined {
  if (text.length === 5 && allDigits(text)) return text;
  const match = ZIP.exec(text);
  if (!match) return undefined;
  const five = match[1]!.padStart(5, '0');
  return match[2] ? `${five}-${match[2]}` : five;
}

/** A phone number's digits (10, or 11 starting with 1), or undefined when the cell holds no such number. */
export function readPhone(text: string): string | undefined {
  // One pass over the characters, joining runs of digits ('512', '555', '0142'): a pattern's
  // replace, or a string grown a digit at a time, costs several times as much per row.
  let digits = '';
  let count = 0;
  let runStart = -1;
  for (let at = 0; at <= text.length; at++) {
    if (at < text.length && isDigit(text.charCodeAt(at))) {
      if (runStart === -1) runStart = at;
      if (++count > 11) return undefined;
    } else if (runStart !== -1) {
      digits = runStart === 0 && at === text.length ? text : digits + text.slice(runStart, at);
      runStart = -1;
    }
  }
  if (count === 10 || (count === 11 && digits.charCodeAt(0) === 49) /* 1 */) return digits;
  return undefined;
}

/** Whole dollars of repairs ('$12,500', '8000', '0'), undefined for an empty cell, NaN when not an amount. */
export function readRepairs(text: string): number | undefined {
  if (text === '') return undefined;
  const cleaned = text.replace(/[$,\s]/g, '');
  const value = /^\d+(\.\d+)?$/.test(cleaned) ? Math.round(Number(cleaned)) : NaN;
  return value <= MAX_REPAIR_COST ? value : NaN;
}

// A condition as lists write it, to the calculator's per-square-foot condition.
const CONDITION_WORDS: [RegExp, RepairCondition][] = [
  [/gut|distress|tear ?down|uninhabitable/i, 'gut'],
  [/heavy|poor|major/i, 'heavy'],
  [/moderate|fair|average/i, 'moderate'],
  [/cosmetic|light|minor|good/i, 'cosmetic'],
];

/**
 * Repairs reckoned from a condition and square feet (whole dollars): square feet × the middle of
 * the condition's per-square-foot range (REPAIR_CONDITIONS), as the calculator's estimate would
 * start; undefined when either is missing or not understood.
 */
export function repairsFromCondition(condition: string, squareFeet: number | undefined): number | undefined {
  if (condition === '' || squareFeet === undefined) return undefined;
  const found = CONDITION_WORDS.find(([words]) => words.test(condition))?.[1];
  if (!found || squareFeet === undefined) return undefined;
  const { min, max } = REPAIR_CONDITIONS[found];
  return Math.round((squareFeet * (min + max)) / 2);
}

function readSquareFeet(text: string): number | undefined {
  if (text === '') return undefined;
  const value = Number(text.replace(/[,\s]/g, ''));
  return text !== '' && Number.isFinite(value) && value >= SQUARE_FEET_BOUNDS.min && value <= SQUARE_FEET_BOUNDS.max
    ? Math.round(value)
    : undefined;
}

const sameStreet = (a: string, b: string) =>
  a
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim() ===
  b
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Why text an offer or a letter would carry is refused (hasNoInvisibleCharacters, carriesLinkOrMarkup), or undefined; plain text skips both. */
function textProblem(text: string, multiLine: boolean): string | undefined {
  if (isPlainText(text)) return undefined;
  if (!hasNoInvisibleCharacters(text, { multiLine })) return listRowReasons.textInvisible;
  if (carriesLinkOrMarkup(text)) return listRowReasons.textLink;
  return undefined;
}

/**
 * Reads the columns of an owner list beyond the spec's (issue 41) from a row's cells: the
 * property's city, state and ZIP, the owner's mailing address (left out when it is the
 * property's own), up to MAX_PHONES phones (digits, each once), and repairs (a repairs
 * column, else condition × square feet). Returns the fields found (absent ones left out), or why
 * the row is skipped: text that would carry invisible characters or a link into an offer, or a
 * repairs cell that is not an amount.
 */
export function readListContacts(
  columns: Readonly<Record<ListField, readonly number[]>>,
): (cells: readonly (string | undefined)[], propertyAddress: string) => ListContacts | string {
  const first = (cells: readonly (string | undefined)[], indexes: readonly number[]) => {
    for (const index of indexes) {
      const value = cells[index];
      if (value === undefined || value === '') continue;
      const trimmed = trimCell(value);
      if (trimmed !== '') return trimmed;
    }
    return '';
  };
  const hasRepairColumns = columns.repairs.length + columns.condition.length > 0;
  return (cells, propertyAddress) => {
    const contacts: ListContacts = {};
    const city = first(cells, columns.city);
    const state = readState(first(cells, columns.state));
    const zip = readZip(first(cells, columns.zip));
    const street = first(cells, columns.mailingAddress);
    const mailingCity = first(cells, columns.mailingCity);
    const mailingState = first(cells, columns.mailingState);
    const mailingZip = first(cells, columns.mailingZip);
    const problem = textProblem(city, false) ?? textProblem(street, true) ?? textProblem(mailingCity, false);
    if (problem) return problem;
    const ownHome = street !== '' && sameStreet(street, propertyAddress) && (!zip || readZip(mailingZip) === zip);
    // Where the owner lives at the property, the mailing columns fill what the property's leave out (a county roll's state).
    const propertyCity = city || (ownHome ? mailingCity : '');
    const propertyState = state ?? (ownHome ? readState(mailingState) : undefined);
    const propertyZip = zip ?? (ownHome ? readZip(mailingZip) : undefined);
    if (propertyCity !== '') contacts.city = propertyCity;
    if (propertyState) contacts.state = propertyState;
    if (propertyZip) contacts.zip = propertyZip;
    // The mailing address is the owner's when it is not the property's: a street of its own.
    if (street !== '' && !ownHome) {
      const mailingAddress: MailingAddress = {
        street,
        city: mailingCity,
        state: readState(mailingState) ?? '',
        zip: readZip(mailingZip) ?? '',
      };
      contacts.mailingAddress = mailingAddress;
    }

    const phones: string[] = [];
    for (const index of columns.phone) {
      const cell = cells[index];
      if (cell === undefined || cell === '') continue;
      const phone = readPhone(cell);
      if (phone && !phones.includes(phone)) phones.push(phone);
      if (phones.length === MAX_PHONES) break;
    }
    if (phones.length > 0) contacts.phones = phones;

    const squareFeet = readSquareFeet(first(cells, columns.squareFeet));
    if (squareFeet !== undefined) contacts.squareFeet = squareFeet;
    if (!hasRepairColumns) return contacts;
    const repairs = readRepairs(first(cells, columns.repairs));
    if (Number.isNaN(repairs)) return listRowReasons.repairsInvalid;
    const reckoned = repairs ?? repairsFromCondition(first(cells, columns.condition), squareFeet);
    if (reckoned !== undefined) contacts.repairs = reckoned;
    return contacts;
  };
}
