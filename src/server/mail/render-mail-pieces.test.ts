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
import { readPdfText, readPdfTextItems } from '#tests/support/pdf-text.ts';
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

  it('draws the return and recipient addresses where Lob’s #10 double-window envelope shows them, and nothing else there', async () => {
    // Lob's standard #10 double-window envelope (help.lob.com, "Letter envelopes"), in inches: a
    // 9.5 × 4.125 face; the top window 3.25 × 0.875, 0.625 from the left edge, 2.375 from the bottom;
    // the bottom window 4 × 1, 0.625 from the left, 1 from the bottom. The letter folded in three
    // shows its top third (11 / 3 in) through the face, resting on its fold at the envelope's bottom
    // and centred across (8.5 in of paper in 9.5 in): a window's place on the sheet follows.
    const face = { width: 9.5, height: 4.125 };
    const panel = { width: 8.5, height: 11 / 3 };
    const onSheet = (window: { width: number; height: number; left: number; bottom: number }) => {
      const x = window.left - (face.width - panel.width) / 2;
      const top = face.height - window.bottom - window.height - (face.height - panel.height);
      return { x: x * 72, top: top * 72, right: (x + window.width) * 72, bottom: (top + window.height) * 72 };
    };
    const topWindow = onSheet({ width: 3.25, height: 0.875, left: 0.625, bottom: 2.375 });
    const bottomWindow = onSheet({ width: 4, height: 1, left: 0.625, bottom: 1 });

    // Long lines on both blocks: a company and an owner with long names, an address with a unit.
    const content = mailPieceContent({
      format: 'letter',
      appUrl: 'https://offers.example',
      date: new Date('2026-11-29T00:00:00Z'),
      validUntil: new Date('2026-12-06T00:00:00Z'),
      owner: {
        name: 'Maximiliana Featherstonehaugh-Worthington',
        mailingAddress: { street: '4550 Ocean Boulevard Apartment 3', city: 'San Diego', state: 'CA', zip: '92109' },
      },
      properties: [{ address: '9 Hillside Dr, Austin, TX 78745', offerRange: { low: 1, high: 2 }, code: 'ABCDEFGHJK' }],
      wholesaler: { ...wholesaler, company: 'Lee Homes and Land Acquisitions of Central Texas LLC' },
    });
    const bytes = await pdfBytes(streamMailPieces(each([content]), { title: 'Windows', author: 'Ann Lee' }));
    const { items } = await readPdfTextItems(bytes);
    const firstPage = items.filter((item) => item.page === 1);
    const inside = (item: (typeof items)[number], window: typeof topWindow) =>
      item.x >= window.x &&
      item.x + item.width <= window.right &&
      item.top >= window.top &&
      item.bottom <= window.bottom;
    const overlaps = (item: (typeof items)[number], window: typeof topWindow) =>
      item.x < window.right && item.x + item.width > window.x && item.top < window.bottom && item.bottom > window.top;

    const linesOf = (block: string[], window: typeof topWindow) => {
      const drawn = firstPage.filter((item) => overlaps(item, window));
      // Every line of the block is drawn there, whole (a long line may wrap, at a space or a hyphen, never spill out).
      const letters = (text: string) => text.replace(/\s+/g, '');
      expect(letters(drawn.map((item) => item.text).join(''))).toBe(letters(block.join('')));
      for (const item of drawn) expect(inside(item, window), `"${item.text}" inside its window`).toBe(true);
    };
    linesOf(content.returnAddress, topWindow);
    linesOf(content.recipient, bottomWindow);
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
