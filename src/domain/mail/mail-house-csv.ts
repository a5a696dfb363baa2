import { neutralizeFormula } from '../csv/neutralize-formula';
import type { MailPieceOffer } from './mail-piece-content';
import type { MailFormat, MailingAddress } from './mail-send-request';

/** The mail house's columns, in order: whom, where, and what each property's piece says. */
export const MAIL_HOUSE_COLUMNS = [
  'Piece',
  'Format',
  'Name',
  'Mailing Address',
  'Mailing City',
  'Mailing State',
  'Mailing Zip',
  'Property',
  'Offer Range',
  'Short Address',
] as const;

function csvCell(value: string | number): string {
  const text = neutralizeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The CSV's header line (CRLF-ended). */
export function mailHouseCsvHeader(): string {
  return csvLine([...MAIL_HOUSE_COLUMNS]);
}

/**
 * A piece's lines of the mail-house CSV: one per property it offers for, in the piece's order,
 * each cell neutralised against formula injection and quoted when needed. `piece` is its number
 * in envelope order (1-based).
 */
export function mailHouseCsvLines(
  piece: number,
  {
    ownerName,
    mailingAddress,
    format,
    offers,
  }: {
    ownerName: string;
    mailingAddress: MailingAddress;
    format: MailFormat;
    offers: MailPieceOffer[];
  },
): string {
  return offers
    .map((offer) =>
      csvLine([
        piece,
        format,
        ownerName,
        mailingAddress.street,
        mailingAddress.city,
        mailingAddress.state,
        mailingAddress.zip,
        offer.address,
        offer.range,
        offer.qrUrl,
      ]),
    )
    .join('');
}
