// Reads a PDF's text back as a reader's tools would (pdfjs-dist, Mozilla's PDF engine): proof that
// the documents hold real, searchable text, and what it says.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The metrics of PDF's standard fonts (Helvetica), which pdfjs reads from its own package.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfText {
  pages: number;
  title: string | undefined;
  /** Every page's text, its lines joined by newlines. */
  text: string;
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  const pageTexts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pageTexts.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .replace(/ +\n/g, '\n'),
    );
  }
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  await pdf.destroy();
  return { pages: pdf.numPages, title: info.Title, text: pageTexts.join('\n') };
}

/** A run of text on a page, where it is drawn: in points from the page's top-left corner. */
export interface PdfTextItem {
  page: number;
  text: string;
  x: number;
  /** The top of the run's line (its baseline less the font's height). */
  top: number;
  /** The bottom of the run: its baseline, plus a fifth of the font's height for descenders. */
  bottom: number;
  width: number;
}

/** Every run of text with its place on its page (pdf.js's text content and transforms), as a reader's tools see it. */
export async function readPdfTextItems(bytes: Uint8Array): Promise<{ pageHeights: number[]; items: PdfTextItem[] }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  const items: PdfTextItem[] = [];
  const pageHeights: number[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [, , , pageHeight = 0] = page.view;
    pageHeights.push(pageHeight);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , x = 0, baseline = 0] = item.transform as number[];
      const fromTop = pageHeight - baseline;
      items.push({
        page: number,
        text: item.str,
        x,
        top: fromTop - item.height,
        bottom: fromTop + item.height / 5,
        width: item.width,
      });
    }
  }
  await pdf.destroy();
  return { pageHeights, items };
}
