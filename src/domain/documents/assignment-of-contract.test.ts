import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money/format-money';
import {
  ASSIGNMENT_NOTICE,
  assignmentFee,
  assignmentMessages,
  assignmentOfContract,
  AssignmentClauseSchema,
  DEFAULT_ASSIGNMENT_CLAUSE,
  MAX_ASSIGNMENT_CLAUSE_LENGTH,
  type AssignmentInput,
} from './assignment-of-contract';
import type { DocumentBlock } from './document-blocks';

const input: AssignmentInput = {
  date: new Date('2026-12-05T15:00:00Z'),
  assignor: { name: 'Ann Wholesale', company: 'Oak Homes LLC', postalAddress: '1 Main St\nAustin, TX 78701' },
  assignee: { name: 'Bo Cash', company: '' },
  sellerName: 'Sam Seller',
  address: '88 Birch Ln, Austin, TX 78702',
  contractDate: '2026-12-01',
  closingDate: null,
  contractPrice: 150_000,
  assignmentPrice: 175_000,
  buyerEarnestMoney: null,
  clause: DEFAULT_ASSIGNMENT_CLAUSE,
};

/** A block's words as a reader sees them: a row as 'label value'. */
function wordsOf(block: DocumentBlock): string[] {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return [block.text];
    case 'figure':
      return [`${block.label} ${block.value}`];
    case 'rows':
      return block.rows.map((row) => `${row.label} ${row.value}`);
    case 'bullets':
      return block.items;
    case 'signatures':
      return [block.heading, ...block.parties.flatMap((party) => [party.role, `Signature: ${party.name}`, 'Date'])];
  }
}
const linesOf = (content: ReturnType<typeof assignmentOfContract>) => content.blocks.flatMap(wordsOf);

describe('assignmentOfContract', () => {
  it('opens with the attorney notice, then the parties, the property, the fee and the signature lines', () => {
    const content = assignmentOfContract(input);
    expect(content.title).toBe('Assignment of contract: 88 Birch Ln, Austin, TX 78702');
    expect(content.subtitle).toBe('Draft of December 5, 2026');
    expect(content.blocks[0]).toEqual({ kind: 'heading', text: ASSIGNMENT_NOTICE });
    expect(content.footer).toBe('Have an attorney review this; rules differ by state. Not legal advice.');
    const lines = linesOf(content);
    for (const line of [
      'Assignor (holds the purchase contract): Ann Wholesale, Oak Homes LLC, 1 Main St, Austin, TX 78701',
      'Assignee (the buyer): Bo Cash',
      'Seller: Sam Seller',
      'Property: 88 Birch Ln, Austin, TX 78702',
      'Purchase contract dated December 1, 2026',
      'Assignment fee, paid to the Assignor $25,000',
      "Assignee's earnest money deposit None recorded",
      'Signature: Ann Wholesale, Oak Homes LLC',
      'Signature: Bo Cash',
    ])
      expect(lines).toContain(line);
    expect(lines.join('\n')).not.toContain('Closing date');
    expect(content.blocks.at(-1)).toEqual({
      kind: 'signatures',
      heading: 'Signatures',
      parties: [
        { role: 'Assignor', name: 'Ann Wholesale, Oak Homes LLC' },
        { role: 'Assignee', name: 'Bo Cash' },
      ],
    });
  });

  it('says what the records lack instead of leaving a blank: no seller name, no contract date', () => {
    const lines = linesOf(
      assignmentOfContract({
        ...input,
        sellerName: '  ',
        contractDate: null,
        closingDate: '2026-12-22',
        buyerEarnestMoney: 2500,
      }),
    );
    expect(lines).toContain('Seller: as named in the purchase contract');
    expect(lines).toContain('Purchase contract dated Not recorded');
    expect(lines).toContain('Closing date December 22, 2026');
    expect(lines).toContain("Assignee's earnest money deposit $2,500");
  });

  it("prints the workspace's wording as its paragraphs, in place of the default", () => {
    const content = assignmentOfContract({ ...input, clause: 'First term.\n\n\nSecond term,\nsame paragraph.' });
    const terms = content.blocks.slice(
      content.blocks.findIndex((block) => block.kind === 'heading' && block.text === 'Terms') + 1,
    );
    expect(terms.slice(0, 3)).toEqual([
      { kind: 'paragraph', text: 'First term.' },
      { kind: 'paragraph', text: 'Second term,\nsame paragraph.' },
      { kind: 'signatures', heading: 'Signatures', parties: expect.any(Array) as unknown },
    ]);
  });

  it('writes the fee as the assignment price less the contract price, whatever the figures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (contractPrice, spread) => {
          const lines = linesOf(
            assignmentOfContract({ ...input, contractPrice, assignmentPrice: contractPrice + spread }),
          );
          expect(assignmentFee(contractPrice, contractPrice + spread)).toBe(spread);
          expect(lines).toContain(`Assignment fee, paid to the Assignor ${formatMoney(spread)}`);
          expect(lines).toContain(`Purchase price in the contract ${formatMoney(contractPrice)}`);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('AssignmentClauseSchema', () => {
  const messageOf = (text: unknown) => {
    const parsed = AssignmentClauseSchema.safeParse({ text });
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('keeps paragraphs, trimmed, with one kind of line break; empty is the default', () => {
    expect(AssignmentClauseSchema.parse({ text: '  One.\r\n\r\nTwo.\rThree.  ' })).toEqual({
      text: 'One.\n\nTwo.\nThree.',
    });
    expect(AssignmentClauseSchema.parse({ text: ' \n ' })).toEqual({ text: '' });
    expect(messageOf('x'.repeat(MAX_ASSIGNMENT_CLAUSE_LENGTH))).toBeNull();
  });

  it('refuses links, e-mail addresses, HTML, invisible characters, NUL and more than 4,000 characters', () => {
    expect(messageOf('See www.example.com')).toBe(assignmentMessages.clauseLinkOrMarkup);
    expect(messageOf('Mail clerk@county.gov')).toBe(assignmentMessages.clauseLinkOrMarkup);
    expect(messageOf('<b>Bold</b> terms')).toBe(assignmentMessages.clauseLinkOrMarkup);
    expect(messageOf('Terms\u202Ereversed')).toBe('Please remove invisible formatting characters');
    expect(messageOf('Terms\u0000')).toBe('Text cannot contain NUL characters');
    expect(messageOf('x'.repeat(MAX_ASSIGNMENT_CLAUSE_LENGTH + 1))).toBe(assignmentMessages.clauseTooLong);
    expect(messageOf(42)).toBe('The assignment wording must be text');
    expect(AssignmentClauseSchema.safeParse({ text: 'ok', extra: 1 }).success).toBe(false);
  });
});
