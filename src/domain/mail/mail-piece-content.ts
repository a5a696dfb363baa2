import { DOCUMENT_FOOTER } from '../documents/offer-letter';
import { formatMoneyRange } from '../money/format-money';
import type { OfferRange } from '../offer/compute-offer-range';
import { formatOfferDate } from '../offer/offer-validity';
import type { WholesalerBranding } from '../profile/wholesaler-profile-schema';
import type { MailFormat, MailingAddress } from './mail-send-request';
import { printedShortAddress, shortAddress } from './short-code';

/** One property a piece offers to buy, with its own short code and the range computed for it. */
export interface MailPieceProperty {
  /** The property's address on one line. */
  address: string;
  /** Its state (two letters) when known: California's notice depends on it. */
  state?: string;
  offerRange: OfferRange;
  /** Its short code (10 characters, without the dash). */
  code: string;
}

export interface MailPieceInput {
  format: MailFormat;
  /** APP_URL, without its trailing slash. */
  appUrl: string;
  /** When the piece is made (its date). */
  date: Date;
  /** Until when its offers hold. */
  validUntil: Date;
  owner: { name: string; mailingAddress: MailingAddress };
  /** At least one. */
  properties: MailPieceProperty[];
  /** The profile that signs it, through the sending policy's checks (plain text, a postal address, a phone). */
  wholesaler: WholesalerBranding & { postalAddress: string };
  /** The workspace's own disclosure, printed as typed; null or empty: none. */
  disclosure?: string | null;
}

export interface MailPieceOffer {
  address: string;
  /** '$120,000 - $135,000'. */
  range: string;
  /** As printed, without the scheme ('offers.example/o/ABCDE-FGHJK'). */
  shortAddress: string;
  /** What its QR code holds: the full short address. */
  qrUrl: string;
}

/** What a mailed offer says, before any page is drawn (src/server/mail renders it). */
export interface MailPieceContent {
  format: MailFormat;
  /** The PDF's title. */
  title: string;
  /** The return address, in the envelope's upper window. */
  returnAddress: string[];
  /** The owner's address block, in the envelope's lower window. */
  recipient: string[];
  date: string;
  greeting: string;
  intro: string;
  offers: MailPieceOffer[];
  validity: string;
  noObligation: string;
  howToAnswer: string;
  signature: string[];
  stopLine: string;
  notices: string[];
  footer: string;
}

export const mailNotices = {
  notABill:
    'This is an offer to buy your property for cash. It is not a bill, an invoice or a notice of anything you owe.',
  notGovernment: 'THIS IS NOT A GOVERNMENT DOCUMENT',
  noAffiliation:
    'We are not affiliated with any government agency or with any lender, and we do not offer or arrange loans.',
} as const;

/** 'Postcards list at most this many properties; an owner with more is sent a letter.' */
export const POSTCARD_MAX_PROPERTIES = 3;

/** The format a piece goes as: a postcard holds at most POSTCARD_MAX_PROPERTIES offers, else a letter. */
export function pieceFormat(requested: MailFormat, propertyCount: number): MailFormat {
  return requested === 'postcard' && propertyCount > POSTCARD_MAX_PROPERTIES ? 'letter' : requested;
}

/** California's rule for solicitations that could be mistaken for official mail (Bus. & Prof. Code §17533.6). */
function inCalifornia(input: MailPieceInput): boolean {
  return (
    input.owner.mailingAddress.state.toUpperCase() === 'CA' ||
    input.properties.some(
      (property) =>
        property.state?.toUpperCase() === 'CA' ||
        /,\s*(CA|California)\b(\s+\d{5}(-\d{4})?)?\s*$/i.test(property.address),
    )
  );
}

/**
 * The mailed offer (issue 41): each property's address and the range computed for that owner, the
 * short address and QR code that open its offer page, until when it holds, "no obligation", who
 * makes it and how to reach and stop them, and the notices a letter offering to buy a home needs
 * (not a bill, not a government document where California requires it, no lender named, the
 * workspace's own disclosure). Figures come only from `properties`.
 */
export function mailPieceContent(input: MailPieceInput): MailPieceContent {
  if (input.properties.length === 0) throw new Error('a mail piece offers at least one property');
  const { owner, wholesaler } = input;
  const several = input.properties.length > 1;
  const offers = input.properties.map((property) => ({
    address: property.address,
    range: formatMoneyRange(property.offerRange),
    shortAddress: printedShortAddress(input.appUrl, property.code),
    qrUrl: shortAddress(input.appUrl, property.code),
  }));
  const signer = [wholesaler.displayName, wholesaler.company].filter(Boolean);
  const mailing = owner.mailingAddress;
  const notices = [
    ...(inCalifornia(input) ? [mailNotices.notGovernment] : []),
    mailNotices.notABill,
    mailNotices.noAffiliation,
    ...(input.disclosure?.trim() ? [input.disclosure.trim()] : []),
  ];
  return {
    format: input.format,
    title: several
      ? `Cash offers for your ${input.properties.length} properties`
      : `Cash offer for ${offers[0]!.address}`,
    returnAddress: [wholesaler.company || wholesaler.displayName, ...splitLines(wholesaler.postalAddress)],
    recipient: [owner.name, mailing.street, `${mailing.city}, ${mailing.state} ${mailing.zip}`],
    date: formatOfferDate(input.date),
    greeting: `Dear ${owner.name},`,
    intro: several
      ? `We would like to buy your properties for cash, as they are. Here is our offer for each, worked out for you:`
      : `We would like to buy your property for cash, as it is. Here is our offer, worked out for you:`,
    offers,
    validity: `${several ? 'These offers hold' : 'This offer holds'} until ${formatOfferDate(input.validUntil)}.`,
    noObligation:
      'There is no obligation: nothing happens unless you say yes, and no one will come to your door uninvited.',
    howToAnswer: `Scan the code or type the short address to see your offer, accept it or name your price. Or call ${wholesaler.displayName} at ${wholesaler.phone}.`,
    signature: [...signer, wholesaler.phone, ...splitLines(wholesaler.postalAddress)],
    stopLine: `To stop offers by mail, visit ${offers[0]!.shortAddress}/stop or call ${wholesaler.phone}`,
    notices,
    footer: DOCUMENT_FOOTER,
  };
}

/** A typed postal address as its lines ('1 Main St, Austin, TX 78701' stays one line; its own line breaks are kept). */
function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
