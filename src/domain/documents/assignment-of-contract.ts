import { z } from 'zod';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { formatMoney } from '../money/format-money';
import { formatOfferDate } from '../offer/offer-validity';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';
import type { DocumentBlock, DocumentContent } from './document-blocks';

/** The notice every assignment carries, first and in its footer (issue 39 §8): the app gives no legal advice. */
export const ASSIGNMENT_NOTICE = 'Have an attorney review this; rules differ by state.';

/** Why, in plain words, under the notice. */
export const ASSIGNMENT_NOTICE_DETAIL =
  'Some states require disclosures, or a licence, to market or assign a purchase contract, and set what an assignment must say. This draft is made from your records in Cash Offer Calculator, which gives no legal advice.';

/**
 * The assignment's terms when the workspace has not written its own: plain and neutral, naming no
 * state's law. A workspace replaces it with the wording its attorney gives for its state.
 */
export const DEFAULT_ASSIGNMENT_CLAUSE = [
  "The Assignor assigns to the Assignee all of the Assignor's rights and duties as buyer under the purchase contract with the Seller for the property above, and the Assignee accepts them and agrees to buy the property on that contract's terms.",
  'The Assignee pays the Assignor the assignment fee above at closing, and deposits the earnest money above with the title company or closing attorney.',
  'Everything else in the purchase contract stays as it is.',
].join('\n\n');

/** The longest assignment wording a workspace keeps, in characters. */
export const MAX_ASSIGNMENT_CLAUSE_LENGTH = 4_000;

export const assignmentMessages = {
  leadNotFound: 'Lead not found',
  clauseTooLong: `The assignment wording must be at most ${MAX_ASSIGNMENT_CLAUSE_LENGTH.toLocaleString('en-US')} characters`,
  clauseLinkOrMarkup: 'The assignment wording cannot contain links, e-mail addresses or HTML',
  notContracted: 'This lead is not under contract: an assignment is made once it is.',
  noPrimaryBuyer: 'Choose a primary buyer from the buyer offers first: the assignment names them as the assignee.',
  noContractPrice: 'Enter the contract price in the deal terms first: the assignment fee is counted from it.',
  doubleClosed: 'This deal was marked double-closed: it is resold, not assigned, so it has no assignment of contract.',
  priceBelowContract: (price: string, contract: string) =>
    `The buyer's price (${price}) is below the contract price (${contract}): there is no assignment fee to write.`,
} as const;

/**
 * PUT /api/documents/assignment-clause: the workspace's own assignment wording, typed as its
 * attorney gives it (paragraphs kept), held to the typed-text rules of anything the app prints for
 * someone else: no links, e-mail addresses or HTML, no invisible characters. Empty: the default.
 */
export const AssignmentClauseSchema = z.strictObject({
  text: z
    .string('The assignment wording must be text')
    .max(MAX_ASSIGNMENT_CLAUSE_LENGTH * 4, assignmentMessages.clauseTooLong)
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(MAX_ASSIGNMENT_CLAUSE_LENGTH, assignmentMessages.clauseTooLong)
        .refine((text) => hasNoInvisibleCharacters(text, { multiLine: true }), invisibleCharactersMessage)
        .refine((text) => !carriesLinkOrMarkup(text), assignmentMessages.clauseLinkOrMarkup),
    ),
});
export type AssignmentClause = z.infer<typeof AssignmentClauseSchema>;

/** The assignment fee in whole dollars: what the buyer pays for the contract less the price agreed with the seller. */
export function assignmentFee(contractPrice: number, assignmentPrice: number): number {
  return assignmentPrice - contractPrice;
}

interface Party {
  name: string;
  company: string;
}

export interface AssignmentInput {
  /** When it is made (its date). */
  date: Date;
  /** The wholesaler who holds the purchase contract, with their postal address ('' when none). */
  assignor: Party & { postalAddress: string };
  /** The primary buyer. */
  assignee: Party;
  /** The seller as the lead names them; null: the lead has no name. */
  sellerName: string | null;
  address: string;
  /** YYYY-MM-DD, or null when the deal terms have none. */
  contractDate: string | null;
  closingDate: string | null;
  /** Whole dollars agreed with the seller. */
  contractPrice: number;
  /** Whole dollars the buyer pays for the contract (the assignment price). */
  assignmentPrice: number;
  /** The buyer's earnest money in whole dollars; null: none recorded. */
  buyerEarnestMoney: number | null;
  /** The workspace's wording, or DEFAULT_ASSIGNMENT_CLAUSE. */
  clause: string;
}

/** '2026-12-01' → 'December 1, 2026' (the date itself, whatever the time zone). */
const formatDay = (day: string) => formatOfferDate(new Date(`${day}T12:00:00Z`));

const partyText = ({ name, company }: Party) => (company ? `${name}, ${company}` : name);

/**
 * The assignment of contract (issue 39 §8), drawn like the offer letter: the notice first, the
 * parties, the property and the purchase contract, the fee and earnest money, the terms (the
 * workspace's wording), and blank signature and date lines for the assignor and the assignee.
 */
export function assignmentOfContract(input: AssignmentInput): DocumentContent {
  const fee = assignmentFee(input.contractPrice, input.assignmentPrice);
  const contract: { label: string; value: string }[] = [
    { label: 'Purchase contract dated', value: input.contractDate ? formatDay(input.contractDate) : 'Not recorded' },
    { label: 'Purchase price in the contract', value: formatMoney(input.contractPrice) },
  ];
  if (input.closingDate) contract.push({ label: 'Closing date', value: formatDay(input.closingDate) });
  const assignor = input.assignor.postalAddress.trim()
    ? `${partyText(input.assignor)}, ${input.assignor.postalAddress.trim().replace(/\s*\n\s*/g, ', ')}`
    : partyText(input.assignor);
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: ASSIGNMENT_NOTICE },
    { kind: 'paragraph', text: ASSIGNMENT_NOTICE_DETAIL },
    { kind: 'heading', text: 'The parties' },
    {
      kind: 'bullets',
      items: [
        `Assignor (holds the purchase contract): ${assignor}`,
        `Assignee (the buyer): ${partyText(input.assignee)}`,
        `Seller: ${input.sellerName?.trim() || 'as named in the purchase contract'}`,
      ],
    },
    { kind: 'heading', text: 'The property and the purchase contract' },
    { kind: 'paragraph', text: `Property: ${input.address}` },
    { kind: 'rows', rows: contract },
    { kind: 'heading', text: 'Assignment fee and earnest money' },
    {
      kind: 'rows',
      rows: [
        { label: "Assignee's price for the contract", value: formatMoney(input.assignmentPrice) },
        { label: 'Less the purchase price paid to the seller', value: formatMoney(input.contractPrice) },
        { label: 'Assignment fee, paid to the Assignor', value: formatMoney(fee), emphasis: true },
        {
          label: "Assignee's earnest money deposit",
          value: input.buyerEarnestMoney === null ? 'None recorded' : formatMoney(input.buyerEarnestMoney),
        },
      ],
    },
    { kind: 'heading', text: 'Terms' },
    ...input.clause
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== '')
      .map((text): DocumentBlock => ({ kind: 'paragraph', text })),
    {
      kind: 'signatures',
      heading: 'Signatures',
      parties: [
        { role: 'Assignor', name: partyText(input.assignor) },
        { role: 'Assignee', name: partyText(input.assignee) },
      ],
    },
  ];
  return {
    title: `Assignment of contract: ${input.address}`,
    subtitle: `Draft of ${formatOfferDate(input.date)}`,
    blocks,
    footer: `${ASSIGNMENT_NOTICE} Not legal advice.`,
  };
}
