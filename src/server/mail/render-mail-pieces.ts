import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { MailPieceContent } from '#domain/mail/mail-piece-content.ts';
import { printableText } from '../documents/printable-text';
import { BOLD, REGULAR, registerFonts, write } from '../documents/render-pdf';

const INCH = 72;
const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#15803d';

/** A First-Class letter: US Letter, 8.5 × 11 in, folded in three into a #10 double-window envelope. */
const LETTER = { width: 8.5 * INCH, height: 11 * INCH, margin: 0.75 * INCH };
/** A 6 × 9 in postcard, landscape: its front, then its back with the address. */
const POSTCARD = { width: 9 * INCH, height: 6 * INCH, margin: 0.3 * INCH };

/**
 * Where the address blocks go, from the sheet's top-left corner, so that Lob's standard #10
 * double-window envelope shows them (help.lob.com, "Letter envelopes": a 9.5 × 4.125 in face; the
 * top window 3.25 × 0.875 in, 0.625 in from the left edge and 2.375 in from the bottom; the bottom
 * window 4 × 1 in, 0.625 in from the left and 1 in from the bottom). The sheet, folded in three,
 * shows its top third (11/3 in) resting on its fold at the envelope's bottom and centred across it:
 * the top window then shows x 0.125–3.375 in, y 0.417–1.292 in of the sheet, the bottom one x
 * 0.125–4.125 in, y 1.667–2.667 in. Each block keeps about 0.1 in inside its window for the sheet's
 * play (render-mail-pieces.test.ts reads the drawn lines' places back).
 */
const WINDOWS = {
  returnAddress: { x: 0.5 * INCH, y: 0.53 * INCH, width: 2.75 * INCH, height: 0.65 * INCH },
  recipient: { x: 0.5 * INCH, y: 1.77 * INCH, width: 3.5 * INCH, height: 0.8 * INCH },
};

/** The QR code of `url`, drawn as vector squares `size` points wide at (x, y): no image, crisp at any print size. */
function drawQrCode(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    let runStart = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column);
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        doc.rect(x + runStart * cell, y + row * cell, (column - runStart) * cell, cell);
        runStart = -1;
      }
    }
  }
  doc.fill().restore();
}

/**
 * `text` with line breaks around `keep` (a short address) when the whole is wider than `width`
 * in the current font, so that the address is never split across lines: a person types it.
 */
function keepTogether(doc: PDFKit.PDFDocument, text: string, keep: string, width: number): string {
  const at = text.indexOf(keep);
  if (at < 0 || doc.widthOfString(text) <= width) return text;
  const before = text.slice(0, at).trimEnd();
  const [, attached = '', rest = ''] = /^(\S*)\s*([\s\S]*)$/.exec(text.slice(at + keep.length)) ?? [];
  const kept = keep + attached;
  const tail = rest && doc.widthOfString(`${kept} ${rest}`) > width ? `\n${rest}` : rest && ` ${rest}`;
  return `${before ? `${before}\n` : ''}${kept}${tail}`;
}

/** Lines in a box, shrunk to fit its height (an address block must stay inside its window). */
function writeBlock(
  doc: PDFKit.PDFDocument,
  lines: string[],
  box: { x: number; y: number; width: number; height: number },
  fontSize: number,
) {
  const text = lines.map((line) => printableText(line).replace(/\n/g, ' ')).join('\n');
  let size = fontSize;
  doc.font(REGULAR).fontSize(size);
  while (size > 6 && doc.heightOfString(text, { width: box.width }) > box.height) doc.fontSize((size -= 0.5));
  doc.fillColor(INK);
  write(doc, text, { width: box.width, height: box.height, ellipsis: true }, { x: box.x, y: box.y });
}

function drawLetter(doc: PDFKit.PDFDocument, piece: MailPieceContent) {
  const { width, height, margin } = LETTER;
  const textWidth = width - 2 * margin;
  doc.addPage({ size: [width, height], margin });
  writeBlock(doc, piece.returnAddress, WINDOWS.returnAddress, 9);
  doc.font(REGULAR).fontSize(10).fillColor(MUTED);
  write(
    doc,
    piece.date,
    { width: 2.5 * INCH, align: 'right' },
    { x: width - margin - 2.5 * INCH, y: WINDOWS.returnAddress.y },
  );
  writeBlock(doc, piece.recipient, WINDOWS.recipient, 11);

  doc.x = margin;
  doc.y = 3.5 * INCH;
  for (const notice of piece.notices.slice(0, piece.notices[0] === 'THIS IS NOT A GOVERNMENT DOCUMENT' ? 1 : 0)) {
    doc.font(BOLD).fontSize(12).fillColor(INK);
    write(doc, notice, { width: textWidth, align: 'center' });
    doc.moveDown(0.6);
  }
  doc.font(REGULAR).fontSize(11).fillColor(INK);
  write(doc, piece.greeting, { width: textWidth });
  doc.moveDown(0.5);
  write(doc, piece.intro, { width: textWidth, lineGap: 2 });
  doc.moveDown(0.6);

  const qrSize = 1 * INCH;
  for (const offer of piece.offers) {
    if (doc.y + qrSize + 12 > height - margin) doc.addPage({ size: [width, height], margin });
    const top = doc.y;
    const columnWidth = textWidth - qrSize - 16;
    doc.font(BOLD).fontSize(11).fillColor(INK);
    write(doc, offer.address, { width: columnWidth }, { x: margin, y: top });
    doc.font(REGULAR).fontSize(10).fillColor(MUTED);
    write(doc, 'Our cash offer', { width: columnWidth });
    doc.font(BOLD).fontSize(18).fillColor(ACCENT);
    write(doc, offer.range, { width: columnWidth });
    doc.font(REGULAR).fontSize(10).fillColor(INK);
    const online = `Your offer online: ${offer.shortAddress}`;
    write(doc, keepTogether(doc, online, offer.shortAddress, columnWidth), { width: columnWidth });
    drawQrCode(doc, offer.qrUrl, margin + textWidth - qrSize, top, qrSize);
    doc.x = margin;
    doc.y = Math.max(doc.y, top + qrSize) + 12;
  }

  const paragraphs = [piece.validity, piece.noObligation, piece.howToAnswer];
  doc.font(REGULAR).fontSize(11).fillColor(INK);
  for (const paragraph of paragraphs) {
    write(doc, paragraph, { width: textWidth, lineGap: 2 });
    doc.moveDown(0.4);
  }
  doc.moveDown(0.4);
  write(doc, piece.signature.join('\n'), { width: textWidth });
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(10.5);
  write(doc, keepTogether(doc, piece.stopLine, piece.offers[0]!.shortAddress, textWidth), { width: textWidth });
  doc.moveDown(0.6);
  doc.font(REGULAR).fontSize(8).fillColor(MUTED);
  const smallNotices =
    piece.notices[0] === 'THIS IS NOT A GOVERNMENT DOCUMENT' ? piece.notices.slice(1) : piece.notices;
  write(doc, [...smallNotices, piece.footer].join('\n'), { width: textWidth, lineGap: 1 });
}

function drawPostcard(doc: PDFKit.PDFDocument, piece: MailPieceContent) {
  const { width, height, margin } = POSTCARD;
  const textWidth = width - 2 * margin;
  // The front: the offers, large.
  doc.addPage({ size: [width, height], margin });
  doc.x = margin;
  doc.y = margin;
  if (piece.notices[0] === 'THIS IS NOT A GOVERNMENT DOCUMENT') {
    doc.font(BOLD).fontSize(11).fillColor(INK);
    write(doc, piece.notices[0], { width: textWidth, align: 'center' });
    doc.moveDown(0.4);
  }
  doc.font(BOLD).fontSize(16).fillColor(INK);
  write(doc, piece.greeting.replace(/^Dear /, 'For ').replace(/,$/, ':'), { width: textWidth });
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  write(doc, piece.intro, { width: textWidth });
  doc.moveDown(0.4);
  const qrSize = 0.9 * INCH;
  for (const offer of piece.offers) {
    const top = doc.y;
    const columnWidth = textWidth - qrSize - 12;
    doc.font(BOLD).fontSize(10).fillColor(INK);
    write(doc, offer.address, { width: columnWidth }, { x: margin, y: top });
    doc.font(BOLD).fontSize(15).fillColor(ACCENT);
    write(doc, offer.range, { width: columnWidth });
    doc.font(REGULAR).fontSize(9).fillColor(INK);
    const online = `Your offer online: ${offer.shortAddress}`;
    write(doc, keepTogether(doc, online, offer.shortAddress, columnWidth), { width: columnWidth });
    drawQrCode(doc, offer.qrUrl, margin + textWidth - qrSize, top, qrSize);
    doc.x = margin;
    doc.y = Math.max(doc.y, top + qrSize) + 6;
  }
  doc.font(REGULAR).fontSize(9.5).fillColor(INK);
  write(doc, `${piece.validity} ${piece.noObligation}`, { width: textWidth });

  // The back: the message on the left, the addresses on the right (the mail's address area).
  doc.addPage({ size: [width, height], margin });
  const half = width / 2;
  writeBlock(doc, piece.returnAddress, { x: margin, y: margin, width: half - 2 * margin, height: 0.7 * INCH }, 8);
  doc.x = margin;
  doc.y = margin + 0.8 * INCH;
  doc.font(REGULAR).fontSize(8.5).fillColor(INK);
  write(doc, `${piece.date}\n${piece.howToAnswer}\n\n${piece.signature.join('\n')}`, { width: half - 2 * margin });
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(8.5);
  write(doc, keepTogether(doc, piece.stopLine, piece.offers[0]!.shortAddress, half - 2 * margin), {
    width: half - 2 * margin,
  });
  doc.moveDown(0.4);
  doc.font(REGULAR).fontSize(6.5).fillColor(MUTED);
  const smallNotices =
    piece.notices[0] === 'THIS IS NOT A GOVERNMENT DOCUMENT' ? piece.notices.slice(1) : piece.notices;
  write(doc, [...smallNotices, piece.footer].join('\n'), { width: half - 2 * margin });
  writeBlock(
    doc,
    piece.recipient,
    { x: half + 0.5 * INCH, y: height - 2.2 * INCH, width: half - 0.8 * INCH, height: 1.1 * INCH },
    11,
  );
}

/** Draws one piece onto `doc`, starting a new page: the one drawing of a mailed offer, for its preview and for printing. */
export function drawMailPiece(doc: PDFKit.PDFDocument, piece: MailPieceContent) {
  if (piece.format === 'postcard') drawPostcard(doc, piece);
  else drawLetter(doc, piece);
}

/** Pieces between two clearings of the fonts' layout caches. */
const PIECES_PER_LAYOUT_CACHE = 200;

/**
 * Empties the layout cache pdfkit keeps per font and document (every word it ever laid out, by its
 * text): with a name, an address and codes of its own on each piece, it grew by some 17 KB a
 * letter, 170 MB over 10,000. pdfkit (0.20) keeps it on each embedded font, not in its API.
 */
function forgetLayouts(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(families ?? {}))
    if (font.layoutCache) font.layoutCache = Object.create(null) as object;
}

/**
 * Every piece, one after the other, as one PDF streamed while it is drawn: a piece is drawn only
 * when the reader has taken what came before (pdfkit writes each finished page at once and keeps
 * none), so 10,000 letters take the memory of a few. Stops drawing when the reader goes away.
 */
export function streamMailPieces(
  pieces: AsyncIterable<MailPieceContent>,
  { title, author }: { title: string; author: string },
): Readable {
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: printableText(title), Author: printableText(author), Creator: 'Cash Offer Calculator' },
    lang: 'en-US',
  });
  registerFonts(doc);
  let readerWants: (() => void) | undefined;
  // pdfkit pushes as it draws and never waits: wait here for the reader (Readable calls _read when it wants more).
  (doc as unknown as { _read: () => void })._read = () => {
    const resume = readerWants;
    readerWants = undefined;
    resume?.();
  };
  doc.on('close', () => readerWants?.());
  void (async () => {
    try {
      let drawn = 0;
      for await (const piece of pieces) {
        if (doc.destroyed) return;
        drawMailPiece(doc, piece);
        if (++drawn % PIECES_PER_LAYOUT_CACHE === 0) forgetLayouts(doc);
        if (doc.readableLength >= doc.readableHighWaterMark)
          await new Promise<void>((resume) => {
            readerWants = resume;
          });
        // A turn of the event loop between pieces, so other requests (and the socket's writes) are served meanwhile.
        else await new Promise((resume) => setImmediate(resume));
      }
      if (!doc.destroyed) doc.end();
    } catch (error) {
      doc.destroy(error as Error);
    }
  })();
  return doc;
}

/** Collects a streamed PDF (a preview of one piece, a test). */
export async function pdfBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
