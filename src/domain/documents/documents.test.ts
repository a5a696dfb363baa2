import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { computeOfferRange, namedFormula } from '../offer/compute-offer-range';
import { dealSheet } from './deal-sheet';
import type { DocumentContent } from './document-blocks';
import { offerLetter } from './offer-letter';

/** Every word of a document, as a reader would search it. */
const textOf = (content: DocumentContent) =>
  [
    content.title,
    content.subtitle,
    ...content.blocks.flatMap((block) => {
      switch (block.kind) {
        case 'heading':
        case 'paragraph':
          return [block.text];
        case 'figure':
          return [block.label, block.value];
        case 'rows':
          return block.rows.flatMap((row) => [row.label, row.value]);
        case 'bullets':
          return block.items;
      }
    }),
    content.footer,
  ].join('\n');

const offer = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: [{ name: 'New Roof', cost: 7000 }],
  totalRepairCost: 7000,
  offerRange: { low: 113000, high: 128000 },
};
const date = new Date('2026-11-24T10:00:00Z');

describe('offerLetter', () => {
  it('says the address, the range, what it assumes, until when, and whom to call', () => {
    const text = textOf(
      offerLetter({
        ...offer,
        validUntil: new Date('2026-12-01T10:00:00Z'),
        date,
        wholesaler: { displayName: 'Ann Buyer', company: 'Oak Homes', phone: '512-555-0100', email: 'ann@oak.example' },
        recipientName: 'Mary Lee',
      }),
    );
    expect(text).toContain('Cash offer for 12 Oak St, Austin, TX');
    expect(text).toContain('Prepared for Mary Lee');
    expect(text).toContain('$113,000 - $128,000');
    expect(text).toContain('This offer is valid for 7 days (until December 1, 2026).');
    expect(text).toContain('New Roof ($7,000)');
    expect(text).toContain('Phone: 512-555-0100');
    expect(text).toContain('E-mail: ann@oak.example');
  });

  it('never shows the buyer’s fee, profit or formula, whatever the offer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (value, repairs) => {
          const range = computeOfferRange({ marketValue: value, totalRepairCost: repairs, template: defaultTemplate });
          const text = textOf(
            offerLetter({
              ...offer,
              marketValue: value,
              offerRange: range,
              validUntil: date,
              date,
              wholesaler: { displayName: 'Ann', company: '', phone: '' },
            }),
          ).toLowerCase();
          for (const word of ['profit', 'fee', 'multiplier', 'arv', defaultTemplate.name.toLowerCase()])
            expect(text).not.toContain(word);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('dealSheet', () => {
  it('holds every input, the receipt of the kept formula and the seller’s net sheet', () => {
    const text = textOf(dealSheet({ ...offer, formula: namedFormula(defaultTemplate), date }));
    expect(text).toContain('Market value (ARV)\n$200,000');
    expect(text).toContain('Repair: New Roof\n$7,000');
    expect(text).toContain(`Formula template\n${defaultTemplate.name}`);
    expect(text).toContain('× ARV multiplier 0.7\n$140,000');
    expect(text).toContain(`Offer range (${defaultTemplate.name})\n$113,000 - $128,000`);
    expect(text).toContain('Seller net sheet (default assumptions)');
    expect(text).toContain('Cash offer (about 0.5 months)');
    expect(text).toContain('Repair, then list');
    expect(text).toMatch(/With these assumptions/);
  });

  it('says so when the formula was not kept, instead of computing a second answer', () => {
    const text = textOf(dealSheet({ ...offer, formula: null, date }));
    expect(text).toContain('This offer was kept without its formula');
    expect(text).not.toContain('ARV multiplier');
  });
});
