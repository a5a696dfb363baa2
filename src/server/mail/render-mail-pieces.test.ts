// Issue 41: a mailed offer never shows a figure that was not computed for its owner. Random rows are
// planned into pieces, drawn by the one renderer and read back from the PDF's text with pdf.js.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailNotices, mailPieceContent, type MailPieceContent } from '#domain/mail/mail-piece-content.ts';
import type { MailRow } from '#domain/mail/mail-send-request.ts';
import { planMailPieces } from '#domain/mail/plan-mail-pieces.ts';
import { formatShortCode, shortCodeFromBytes } from '#domain/mail/short-code.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { pdfBytes, streamMailPieces } from './render-mail-pieces';

const word = fc.stringMatching(/^[A-Z][a-z]{1,9}$/);
const row: fc.Arbitrary<MailRow> = fc.record({
  firstName: word,
  lastName: word,
  address: fc.tuple(fc.integer({ min: 1, max: 9999 }), word).map(([n, street]) => `${n} ${street} St`),
  city: word,
  state: fc.constantFrom('TX', 'CA', 'FL', 'GA'),
  zip: fc.integer({ min: 10000, max: 99999 }).map(String),
  marketValue: fc.integer({ min: 150_000, max: 2_000_000 }),
  repairs: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }),
  mailingAddress: fc.option(
    fc.record({
      street: fc.constantFrom('PO Box 1', '9 Elm Ave', '77 Bay Rd'),
      city: fc.constantFrom('Dallas', 'Fresno'),
      state: fc.constantFrom('TX', 'CA'),
      zip: fc.constantFrom('75201', '93701'),
    }),
    { nil: undefined },
  ),
});

const wholesaler = {
  displayName: 'Ann Lee',
  company: 'Lee Homes',
  phone: '512-555-0100',
  postalAddress: '1 Main St, Austin, TX 78701',
};

async function* each<T>(items: T[]) {
  yield* items;
}

const render = async (pieces: MailPieceContent[]) =>
  readPdfText(await pdfBytes(streamMailPieces(each(pieces), { title: 'Test send', author: 'Ann Lee' })));

describe('the mailed offer as printed', () => {
  it('shows each owner their own ranges and short addresses, and no other figure', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('letter' as const, 'postcard' as const),
        fc.uint8Array({ minLength: 7, maxLength: 7 }),
        async (rows, format, seed) => {
          const plan = planMailPieces(rows, defaultTemplate, format);
          let serial = 0;
          for (const piece of plan.pieces) {
            const content = mailPieceContent({
              format: piece.format,
              appUrl: 'https://offers.example',
              date: new Date('2026-11-29T00:00:00Z'),
              validUntil: new Date('2026-12-06T00:00:00Z'),
              owner: { name: piece.ownerName, mailingAddress: piece.mailingAddress },
              properties: piece.properties.map((property) => ({
                ...property,
                code: shortCodeFromBytes(seed.map((byte, index) => (index === 6 ? byte + serial++ : byte))),
              })),
              wholesaler,
            });
            const { text } = await render([content]);
            const flat = text.replace(/\s+/g, ' ');
            const allowed = new Set(
              piece.properties.flatMap(({ offerRange }) => [offerRange.low, offerRange.high].map(formatMoney)),
            );
            for (const figure of flat.match(/\$[\d,]+/g) ?? []) expect(allowed).toContain(figure);
            for (const property of piece.properties) {
              expect(flat).toContain(
                `${formatMoney(property.offerRange.low)} - ${formatMoney(property.offerRange.high)}`,
              );
            }
            for (const offer of content.offers) expect(flat).toContain(offer.shortAddress);
            expect(flat).toContain(piece.ownerName);
            expect(flat).toContain(content.stopLine);
            expect(flat.includes(mailNotices.notGovernment)).toBe(content.notices.includes(mailNotices.notGovernment));
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('prints a letter on US Letter pages and a postcard on two 6 × 9 in sides', async () => {
    const content = (format: 'letter' | 'postcard') =>
      mailPieceContent({
        format,
        appUrl: 'https://offers.example',
        date: new Date('2026-11-29T00:00:00Z'),
        validUntil: new Date('2026-12-06T00:00:00Z'),
        owner: { name: 'Maria Lopez', mailingAddress: { street: '1 A St', city: 'Austin', state: 'TX', zip: '78701' } },
        properties: [{ address: '1 A St', offerRange: { low: 1, high: 2 }, code: 'ABCDEFGHJK' }],
        wholesaler,
      });
    const letter = await render([content('letter'), content('letter')]);
    expect(letter.pages).toBe(2);
    const postcard = await render([content('postcard')]);
    expect(postcard.pages).toBe(2);
    expect(postcard.text).toContain(formatShortCode('ABCDEFGHJK'));
  });

  it('waits for its reader, a buffer ahead at most, and stops drawing when the reader goes away', async () => {
    const content = mailPieceContent({
      format: 'letter',
      appUrl: 'https://offers.example',
      date: new Date('2026-11-29T00:00:00Z'),
      validUntil: new Date('2026-12-06T00:00:00Z'),
      owner: { name: 'Maria Lopez', mailingAddress: { street: '1 A St', city: 'Austin', state: 'TX', zip: '78701' } },
      properties: [{ address: '1 A St', offerRange: { low: 1, high: 2 }, code: 'ABCDEFGHJK' }],
      wholesaler,
    });
    let pulled = 0;
    async function* many() {
      for (let piece = 0; piece < 5_000; piece++) {
        pulled++;
        yield content;
      }
    }
    const stream = streamMailPieces(many(), { title: 'Many', author: 'Ann Lee' });
    // A reader that takes nothing: drawing stops once the stream's high-water mark is ready for it.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 250));
    let pulledWhileWaiting = -1;
    while (pulled !== pulledWhileWaiting) {
      pulledWhileWaiting = pulled;
      await pause();
    }
    expect(pulledWhileWaiting).toBeLessThan(100);
    // At most one piece's pages beyond it.
    expect(stream.readableLength).toBeLessThan(stream.readableHighWaterMark + 16 * 1024);
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled).toBeLessThanOrEqual(pulledWhileWaiting + 1);
  });
});
