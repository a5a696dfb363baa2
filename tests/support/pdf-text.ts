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
