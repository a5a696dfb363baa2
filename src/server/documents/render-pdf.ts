import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { DocumentBlock, DocumentContent } from '#domain/documents/document-blocks.ts';
import { splitDirectionalRuns, type DirectionalRun } from './directional-runs';
import { printableText } from './printable-text';

const MARGIN = 54;
const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#15803d';
const RULE = '#d6dae3';
export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

/** A font as fontkit parsed it: pdfkit (0.20) takes one in place of the file's bytes. */
interface ParsedFont {
  characterSet: number[];
  layout: (...args: never[]) => unknown;
}

interface Fonts {
  regular: ParsedFont;
  bold: ParsedFont;
  /** True when both fonts draw the code point. */
  hasGlyph: (codePoint: number) => boolean;
}

let fonts: Fonts | undefined;

/**
 * DejaVu Sans, regular and bold (the dejavu-fonts-ttf package, a production dependency): PDF's
 * standard Helvetica reads only Windows-1252, so names and addresses in other scripts came out as
 * mojibake. Resolved through the package, so it works under tsx and from the compiled
 * dist/server/main.js alike. Parsed once per process and shared by every document (parsing the
 * font's layout tables again for each one took most of a render); pdfkit embeds only the glyphs a
 * document uses.
 */
function loadFonts(): Fonts {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const probe = new PDFDocument({ autoFirstPage: false });
  probe
    .registerFont(REGULAR, readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')))
    .registerFont(BOLD, readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')));
  const regular = parsedFontOf(probe.font(REGULAR));
  const bold = parsedFontOf(probe.font(BOLD));
  const inRegular = new Set(regular.characterSet);
  const covered = new Set(bold.characterSet.filter((codePoint) => inRegular.has(codePoint)));
  fonts = { regular, bold, hasGlyph: (codePoint) => covered.has(codePoint) };
  return fonts;
}

/** The fontkit font pdfkit (0.20) draws the current font with. */
function parsedFontOf(doc: PDFKit.PDFDocument): ParsedFont {
  const font = (doc as unknown as { _font?: { font?: Partial<ParsedFont> } })._font?.font;
  if (!Array.isArray(font?.characterSet) || typeof font.layout !== 'function')
    throw new Error('pdfkit no longer exposes the fontkit font it embeds: see loadFonts');
  return font as ParsedFont;
}

/** Registers the shared fonts in a document (REGULAR and BOLD). */
export function registerFonts(doc: PDFKit.PDFDocument) {
  const { regular, bold } = loadFonts();
  // pdfkit's types list only file sources; it takes a parsed font as well (PDFFontFactory.open).
  doc.registerFont(REGULAR, regular as unknown as Buffer).registerFont(BOLD, bold as unknown as Buffer);
}

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * A right-to-left run is laid out as one piece (`features` given: pdfkit hands the whole run to
 * fontkit, which shapes and reverses it); other text word by word as pdfkit does by default (each
 * word shaped in its own script). Null, not undefined: pdfkit carries a continued text's options
 * over to the next piece where they are undefined.
 */
function featuresOf(run: DirectionalRun): TextOptions {
  return { features: run.rightToLeft ? [] : null } as unknown as TextOptions;
}

/**
 * The documents' minus sign and arrow as - and ->, as they were written before the font could draw
 * them: the text a reader searches and copies stays the same.
 */
function plainSymbols(text: string): string {
  return text.replace(/\u2212/g, '-').replace(/\u2192/g, '->');
}

/** Writes one text (at `at`, else where the document stands) as its printable directional runs, one after the other. */
export function write(doc: PDFKit.PDFDocument, text: string, options: TextOptions, at?: { x: number; y: number }) {
  const runs = splitDirectionalRuns(printableText(plainSymbols(text), loadFonts().hasGlyph));
  let position = at;
  let runOptions = options;
  if (runs.length > 1 && (options.align === 'right' || options.align === 'center')) {
    // pdfkit aligns each continued piece on its own: place a line that fits by its whole width instead.
    const total = runs.reduce((sum, run) => sum + doc.widthOfString(run.text, featuresOf(run)), 0);
    const x = at?.x ?? doc.x;
    const width = options.width ?? doc.page.width - doc.page.margins.right - x;
    runOptions = { ...options, align: 'left' };
    if (total <= width) {
      const offset = options.align === 'right' ? width - total : (width - total) / 2;
      position = { x: x + offset, y: at?.y ?? doc.y };
      runOptions = { ...runOptions, width: total + 1 };
    }
  }
  runs.forEach((run, index) => {
    const pieceOptions = { ...runOptions, continued: index < runs.length - 1, ...featuresOf(run) };
    if (index === 0 && position) doc.text(run.text, position.x, position.y, pieceOptions);
    else doc.text(run.text, pieceOptions);
  });
}

function drawBlock(doc: PDFKit.PDFDocument, block: DocumentBlock, width: number) {
  switch (block.kind) {
    case 'heading':
      doc.moveDown(0.8).font(BOLD).fontSize(13).fillColor(INK);
      write(doc, block.text, { width });
      doc.moveDown(0.3);
      return;
    case 'paragraph':
      doc.font(REGULAR).fontSize(11).fillColor(INK);
      write(doc, block.text, { width, lineGap: 2 });
      doc.moveDown(0.5);
      return;
    case 'figure':
      doc.font(REGULAR).fontSize(11).fillColor(MUTED);
      write(doc, block.label, { width });
      doc.font(BOLD).fontSize(26).fillColor(ACCENT);
      write(doc, block.value, { width });
      doc.moveDown(0.5);
      return;
    case 'bullets': {
      const indent = 14;
      doc.font(REGULAR).fontSize(11);
      for (const item of block.items) {
        const top = doc.y;
        doc
          .circle(MARGIN + 4, top + doc.currentLineHeight() / 2, 2)
          .fill(INK)
          .fillColor(INK);
        write(doc, item, { width: width - indent, lineGap: 2 }, { x: MARGIN + indent, y: top });
        doc.y += 4;
      }
      doc.x = MARGIN;
      doc.moveDown(0.5);
      return;
    }
    case 'rows': {
      const valueWidth = 150;
      const labelWidth = width - valueWidth - 12;
      for (const row of block.rows) {
        doc.font(row.emphasis ? BOLD : REGULAR).fontSize(10.5);
        const label = printableText(plainSymbols(row.label), loadFonts().hasGlyph);
        const value = printableText(plainSymbols(row.value), loadFonts().hasGlyph);
        const height = Math.max(
          doc.heightOfString(label, { width: labelWidth }),
          doc.heightOfString(value, { width: valueWidth }),
        );
        if (doc.y + height > doc.page.height - MARGIN - 24) doc.addPage();
        const top = doc.y;
        doc.fillColor(INK);
        write(doc, label, { width: labelWidth }, { x: MARGIN, y: top });
        write(doc, value, { width: valueWidth, align: 'right' }, { x: MARGIN + labelWidth + 12, y: top });
        doc.y = top + height + 3;
        doc
          .moveTo(MARGIN, doc.y - 1.5)
          .lineTo(MARGIN + width, doc.y - 1.5)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
      }
      doc.x = MARGIN;
      doc.moveDown(0.5);
      return;
    }
    case 'signatures': {
      const gap = 24;
      const dateWidth = 140;
      const signatureWidth = width - dateWidth - gap;
      // The heading, each party's role, room to sign, the lines and the names stay on one page.
      if (doc.y + 40 + 80 * block.parties.length > doc.page.height - MARGIN - 24) doc.addPage();
      doc.moveDown(0.8).font(BOLD).fontSize(13).fillColor(INK);
      write(doc, block.heading, { width });
      for (const party of block.parties) {
        doc.moveDown(0.8).font(BOLD).fontSize(10.5).fillColor(INK);
        write(doc, party.role, { width });
        const lineY = doc.y + 34;
        doc.lineWidth(0.8).strokeColor(INK);
        doc
          .moveTo(MARGIN, lineY)
          .lineTo(MARGIN + signatureWidth, lineY)
          .stroke();
        doc
          .moveTo(MARGIN + signatureWidth + gap, lineY)
          .lineTo(MARGIN + width, lineY)
          .stroke();
        doc.font(REGULAR).fontSize(9).fillColor(MUTED);
        write(doc, `Signature: ${party.name}`, { width: signatureWidth }, { x: MARGIN, y: lineY + 4 });
        const belowName = doc.y;
        write(doc, 'Date', { width: dateWidth }, { x: MARGIN + signatureWidth + gap, y: lineY + 4 });
        doc.x = MARGIN;
        doc.y = Math.max(belowName, doc.y);
      }
      doc.moveDown(0.5);
      return;
    }
  }
}

/** Renders a document's content to a US Letter PDF: title, subtitle, the blocks, and the footer on every page. */
export function renderPdf(content: DocumentContent, { author }: { author?: string } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      // Metadata is shown in the reader's own fonts: only the invisible characters are left out.
      Title: printableText(plainSymbols(content.title)),
      Author: author ? printableText(author) : 'Cash Offer Calculator',
      Creator: 'Cash Offer Calculator',
    },
    lang: 'en-US',
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font(BOLD).fontSize(20).fillColor(INK);
  write(doc, content.title, { width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED);
  write(doc, content.subtitle, { width });
  doc.moveDown(1);
  for (const block of content.blocks) drawBlock(doc, block, width);

  const pages = doc.bufferedPageRange();
  for (let index = pages.start; index < pages.start + pages.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.height - MARGIN + 12;
    // Writing below the bottom margin would start a new page: lift the margin while the footer is drawn.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc.font(REGULAR).fontSize(8.5).fillColor(MUTED);
    write(doc, content.footer, { width, align: 'center' }, { x: MARGIN, y: bottom });
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
