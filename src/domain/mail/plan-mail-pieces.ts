import { ownerDisplayName } from '../bulk-import/bulk-import-property';
import { csvRowReasons } from '../bulk-import/normalize-csv-row';
import {
  computeOfferRange,
  offerIsWorkable,
  type NamedOfferFormula,
  type OfferFormula,
  type OfferRange,
} from '../offer/compute-offer-range';
import { pieceFormat } from './mail-piece-content';
import {
  mailingAddressOf,
  mailMessages,
  propertyAddressOf,
  type MailFormat,
  type MailingAddress,
  type MailRow,
} from './mail-send-request';
import { mailingAddressKey } from './mailing-address-key';

export interface PlannedProperty {
  /** The row's index in the request. */
  index: number;
  /** On one line, with its city, state and ZIP. */
  address: string;
  state?: string;
  marketValue: number;
  /** Whole dollars; 0 when the row gives none. */
  totalRepairCost: number;
  offerRange: OfferRange;
}

export interface PlannedPiece {
  ownerName: string;
  /** The first row's e-mail for this address, when a row gives one. */
  email?: string;
  mailingAddress: MailingAddress;
  mailingAddressKey: string;
  format: MailFormat;
  properties: PlannedProperty[];
}

/**
 * What a Lob send's piece keeps while it waits for its address to be verified (issue 41): enough
 * to make its offer links, short codes and prospects then, off the request that stored it.
 */
export interface StoredPiecePlan {
  email?: string;
  formula: NamedOfferFormula;
  properties: PlannedProperty[];
  /** Each property's row, in the properties' order: the owner's prospect is made from it. */
  rows: MailRow[];
}

export interface MailPlan {
  /** In envelope order: by ZIP, then address. */
  pieces: PlannedPiece[];
  skipped: { index: number; reason: string }[];
}

export const mailSkipReasons = {
  noMailingAddress: mailMessages.noMailingAddress,
  sameProperty: 'Same property as an earlier row for this mailing address',
  suppressed: 'On the do-not-mail list: the owner asked to stop offers by mail',
} as const;

/**
 * The pieces a mail send makes from its rows (issue 41): each row's offer recomputed from the
 * template (repairs, in whole dollars, through its repair multiplier); one piece per mailing
 * address, listing each property of the owners there once (the same address is never mailed twice
 * in one send); rows without a mailing address skipped with the reason; in envelope order (ZIP).
 * Throws a row's index when its offer does not work, as a bulk e-mail send refuses it.
 */
export function planMailPieces(rows: MailRow[], template: OfferFormula, requested: MailFormat): MailPlan {
  const byAddress = new Map<string, PlannedPiece>();
  const skipped: MailPlan['skipped'] = [];
  rows.forEach((row, index) => {
    const totalRepairCost = row.repairs ?? 0;
    const offerRange = computeOfferRange({ marketValue: row.marketValue, totalRepairCost, template });
    if (!offerIsWorkable(offerRange)) throw new UnworkableRowError(index);
    const mailingAddress = mailingAddressOf(row);
    if (!mailingAddress) {
      skipped.push({ index, reason: mailSkipReasons.noMailingAddress });
      return;
    }
    const key = mailingAddressKey(mailingAddress);
    const piece =
      byAddress.get(key) ??
      byAddress
        .set(key, {
          ownerName: ownerDisplayName(row),
          ...(row.email ? { email: row.email } : {}),
          mailingAddress,
          mailingAddressKey: key,
          format: requested,
          properties: [],
        })
        .get(key)!;
    const address = propertyAddressOf(row);
    if (piece.properties.some((property) => property.address.toUpperCase() === address.toUpperCase())) {
      skipped.push({ index, reason: mailSkipReasons.sameProperty });
      return;
    }
    piece.properties.push({
      index,
      address,
      ...(row.state ? { state: row.state } : {}),
      marketValue: row.marketValue,
      totalRepairCost,
      offerRange,
    });
  });
  const pieces = [...byAddress.values()]
    .map((piece) => ({ ...piece, format: pieceFormat(requested, piece.properties.length) }))
    .sort(
      (a, b) =>
        a.mailingAddress.zip.localeCompare(b.mailingAddress.zip) ||
        a.mailingAddressKey.localeCompare(b.mailingAddressKey),
    );
  return { pieces, skipped };
}

/** A row whose offer does not work at its market value (its low offer below $0). */
export class UnworkableRowError extends Error {
  override name = 'UnworkableRowError';
  constructor(readonly index: number) {
    super(csvRowReasons.offerUnworkable);
  }
}
