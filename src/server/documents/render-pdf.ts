import PDFDocument from 'pdfkit';
import type { DocumentBlock, DocumentContent } from '../../domain/documents/document-blocks';

const MARGIN = 54;
const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#15803d';
const RULE = '#d6dae3';

/**
 * PDF's standard fonts (Helvetica here: real, selectable and searchable text, nothing embedded)
 * read Windows-1252; the few characters our texts use beyond it are written as their nearest
 * equivalents.
 */
function winAnsi(text: string): string {
  return text.replace(/\u2212/g, '-').replace(/\u2192/g, '->');
}

function drawBlock(doc: PDFKit.PDFDocument, block: DocumentBlock, width: number) {
  switch (block.kind) {
    case 'heading':
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(winAnsi(block.text), { width });
      doc.moveDown(0.3);
      return;
    case 'paragraph':
      doc.font('Helvetica').fontSize(11).fillColor(INK).text(winAnsi(block.text), { width, lineGap: 2 });
      doc.moveDown(0.5);
      return;
    case 'figure':
      doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(winAnsi(block.label), { width });
      doc.font('Helvetica-Bold').fontSize(26).fillColor(ACCENT).text(winAnsi(block.value), { width });
      doc.moveDown(0.5);
      return;
    case 'bullets':
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(INK)
        .list(block.items.map(winAnsi), { width, bulletRadius: 2, textIndent: 12, lineGap: 2, paragraphGap: 4 });
      doc.moveDown(0.5);
      return;
    case 'rows': {
      const valueWidth = 150;
      const labelWidth = width - valueWidth - 12;
      for (const row of block.rows) {
        const font = row.emphasis ? 'Helvetica-Bold' : 'Helvetica';
        doc.font(font).fontSize(10.5);
        const label = winAnsi(row.label);
        const value = winAnsi(row.value);
        const height = Math.max(
          doc.heightOfString(label, { width: labelWidth }),
          doc.heightOfString(value, { width: valueWidth }),
        );
        if (doc.y + height > doc.page.height - MARGIN - 24) doc.addPage();
        const top = doc.y;
        doc.fillColor(INK).text(label, MARGIN, top, { width: labelWidth });
        doc.text(value, MARGIN + labelWidth + 12, top, { width: valueWidth, align: 'right' });
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
  }
}

/** Renders a document's content to a US Letter PDF: title, subtitle, the blocks, and the footer on every page. */
export function renderPdf(content: DocumentContent, { author }: { author?: string } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: winAnsi(content.title),
      Author: author ? winAnsi(author) : 'Cash Offer Calculator',
      Creator: 'Cash Offer Calculator',
    },
    lang: 'en-US',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(winAnsi(content.title), { width });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(winAnsi(content.subtitle), { width });
  doc.moveDown(1);
  for (const block of content.blocks) drawBlock(doc, block, width);

  const pages = doc.bufferedPageRange();
  for (let index = pages.start; index < pages.start + pages.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.height - MARGIN + 12;
    // Writing below the bottom margin would start a new page: lift the margin while the footer is drawn.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(winAnsi(content.footer), MARGIN, bottom, { width, align: 'center' });
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
