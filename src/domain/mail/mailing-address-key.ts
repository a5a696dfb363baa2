import type { MailingAddress } from './mail-send-request';

// USPS standard abbreviations (Publication 28) of the words a list spells either way.
const ABBREVIATIONS: Record<string, string> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  AV: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  LANE: 'LN',
  BOULEVARD: 'BLVD',
  COURT: 'CT',
  CIRCLE: 'CIR',
  PLACE: 'PL',
  TERRACE: 'TER',
  PARKWAY: 'PKWY',
  HIGHWAY: 'HWY',
  TRAIL: 'TRL',
  WAY: 'WAY',
  SQUARE: 'SQ',
  APARTMENT: 'APT',
  SUITE: 'STE',
  UNIT: 'UNIT',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
  'P O BOX': 'PO BOX',
  POST: 'PO',
};

const words = (text: string) =>
  text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[.,#'"]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ')
    .replace(/\bP O BOX\b|\bPO OFFICE BOX\b/g, 'PO BOX');

/**
 * One mailing address as the do-not-mail list and "never twice in one send" compare it: upper case,
 * punctuation dropped, USPS abbreviations for street types, directions and units, the 5-digit ZIP
 * ('12 Oak Street, Apt. 4' and '12 OAK ST APT 4' are one address).
 */
export function mailingAddressKey(address: MailingAddress): string {
  return [words(address.street), words(address.city), address.state.toUpperCase(), address.zip.slice(0, 5)].join('|');
}
