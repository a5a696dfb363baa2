import { describe, expect, it } from 'vitest';
import { mailNotices, mailPieceContent, pieceFormat, type MailPieceInput } from './mail-piece-content';

const input = (overrides: Partial<MailPieceInput> = {}): MailPieceInput => ({
  format: 'letter',
  appUrl: 'https://offers.example',
  date: new Date('2026-11-29T12:00:00Z'),
  validUntil: new Date('2026-12-06T12:00:00Z'),
  owner: { name: 'Maria Lopez', mailingAddress: { street: 'PO Box 12', city: 'Dallas', state: 'TX', zip: '75201' } },
  properties: [
    {
      address: '2219 E 34th St, Austin, TX 78722',
      state: 'TX',
      offerRange: { low: 120_000, high: 135_000 },
      code: 'ABCDEFGHJK',
    },
  ],
  wholesaler: {
    displayName: 'Ann Lee',
    company: 'Lee Homes',
    phone: '512-555-0100',
    postalAddress: '1 Main St, Austin, TX 78701',
  },
  ...overrides,
});

const allText = (content: ReturnType<typeof mailPieceContent>) =>
  [
    content.title,
    ...content.returnAddress,
    ...content.recipient,
    content.greeting,
    content.intro,
    ...content.offers.flatMap((offer) => [offer.address, offer.range, offer.shortAddress]),
    content.validity,
    content.noObligation,
    content.howToAnswer,
    ...content.signature,
    content.stopLine,
    ...content.notices,
  ].join('\n');

describe('mailPieceContent', () => {
  it("says the owner's offer, until when it holds, no obligation, who makes it and how to stop", () => {
    const content = mailPieceContent(input());
    expect(content.recipient).toEqual(['Maria Lopez', 'PO Box 12', 'Dallas, TX 75201']);
    expect(content.returnAddress).toEqual(['Lee Homes', '1 Main St, Austin, TX 78701']);
    expect(content.offers).toEqual([
      {
        address: '2219 E 34th St, Austin, TX 78722',
        range: '$120,000 - $135,000',
        shortAddress: 'offers.example/o/ABCDE-FGHJK',
        qrUrl: 'https://offers.example/o/ABCDE-FGHJK',
      },
    ]);
    expect(content.validity).toBe('This offer holds until December 6, 2026.');
    expect(content.noObligation).toMatch(/no obligation/i);
    expect(content.signature).toEqual(['Ann Lee', 'Lee Homes', '512-555-0100', '1 Main St, Austin, TX 78701']);
    expect(content.stopLine).toBe(
      'To stop offers by mail, visit offers.example/o/ABCDE-FGHJK/stop or call 512-555-0100',
    );
    expect(content.notices).toEqual([mailNotices.notABill, mailNotices.noAffiliation]);
  });

  it.each([
    ['the property is in California', { properties: [{ ...input().properties[0]!, state: 'CA' }] }],
    [
      "the property's address ends in California",
      { properties: [{ ...input().properties[0]!, state: undefined, address: '1 Elm St, Fresno, CA 93701' }] },
    ],
    [
      'the mailing address is in California',
      { owner: { name: 'M', mailingAddress: { street: '1 A St', city: 'Fresno', state: 'CA', zip: '93701' } } },
    ],
  ])('puts "THIS IS NOT A GOVERNMENT DOCUMENT" first when %s', (_, overrides) => {
    expect(mailPieceContent(input(overrides)).notices[0]).toBe(mailNotices.notGovernment);
  });

  it("adds the workspace's own disclosure, as typed, after the notices", () => {
    const disclosure = 'We are licensed real estate investors. Texas license 12345.';
    expect(mailPieceContent(input({ disclosure })).notices.at(-1)).toBe(disclosure);
    expect(mailPieceContent(input({ disclosure: '   ' })).notices).toHaveLength(2);
  });

  it('lists each property of an owner with its own range and short address, in one piece', () => {
    const content = mailPieceContent(
      input({
        properties: [
          { address: '1 Oak St', offerRange: { low: 1_000, high: 2_000 }, code: '0000000001' },
          { address: '2 Oak St', offerRange: { low: 3_000, high: 4_000 }, code: '0000000002' },
        ],
      }),
    );
    expect(content.title).toBe('Cash offers for your 2 properties');
    expect(content.offers.map((offer) => [offer.range, offer.shortAddress])).toEqual([
      ['$1,000 - $2,000', 'offers.example/o/00000-00001'],
      ['$3,000 - $4,000', 'offers.example/o/00000-00002'],
    ]);
    expect(content.validity).toMatch(/^These offers hold until/);
  });

  it('names no lender and shows no figure but the ranges', () => {
    const text = allText(mailPieceContent(input()));
    expect(text).not.toMatch(/mortgage company|your lender is|loan number/i);
    expect(text.match(/\$[\d,]+/g)).toEqual(['$120,000', '$135,000']);
  });

  it('sends an owner with more properties than a postcard holds a letter', () => {
    expect(pieceFormat('postcard', 3)).toBe('postcard');
    expect(pieceFormat('postcard', 4)).toBe('letter');
    expect(pieceFormat('letter', 1)).toBe('letter');
  });
});
