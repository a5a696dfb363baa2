// Issue 25, finding 9: the PDFs embed a Unicode font (DejaVu Sans), so names and addresses in any
// script the font covers come back as typed; what it lacks comes out as U+FFFD, never as mojibake.
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { renderPdf } from './render-pdf';

const address = 'Zoë Ångström, 12 شارع الملك فهد, 東京 🏠 Riyadh';

async function render() {
  const bytes = await renderPdf(
    {
      title: `Cash offer for ${address}`,
      subtitle: 'Prepared for محمد عبد الله',
      blocks: [
        { kind: 'heading', text: 'שלום עולם, Ωμέγα, Привет' },
        { kind: 'paragraph', text: `We offer to buy ${address}.` },
        { kind: 'figure', label: 'Your cash offer', value: '$113,000 − $128,000' },
        { kind: 'rows', rows: [{ label: 'Property', value: 'شارع الملك فهد' }] },
        { kind: 'bullets', items: ['Roof → Zoë Ångström 12\u202Etxt.exe'] },
      ],
      footer: 'Ann Buyer · 512-555-0100',
    },
    { author: 'Ann\u202E Buyer' },
  );
  return readPdfText(bytes);
}

describe('renderPdf', () => {
  let pdf: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    pdf = await render();
  });

  it('keeps accented, Arabic, Hebrew, Greek and Cyrillic text intact, and reads it back as typed', () => {
    const { text, pages } = pdf;
    expect(pages).toBe(1);
    expect(text).toContain('We offer to buy Zoë Ångström, 12');
    // Arabic is drawn right to left; read back in its logical order.
    expect(text).toContain('شارع الملك فهد');
    expect(text).toContain('Prepared for');
    expect(text).toContain('محمد عبد الله');
    expect(text).toContain('שלום עולם');
    expect(text).toContain('Ωμέγα, Привет');
    expect(text).toContain('$113,000 - $128,000');
    expect(text).toContain('Roof -> Zoë Ångström 12');
  });

  it('draws characters the font lacks (CJK, most emoji) as U+FFFD, never as mojibake or NUL', () => {
    const { text } = pdf;
    expect(text).toMatch(/\uFFFD\uFFFD \uFFFD Riyadh/);
    expect([...text].filter((character) => character < ' ' && character !== '\n')).toEqual([]);
    expect(text).not.toContain('Ø=Þ');
  });

  it('leaves out a right-to-left override, in the text and in the metadata', () => {
    const { text, title } = pdf;
    expect(text).toContain('12txt.exe');
    expect(text).not.toContain('\u202E');
    // Metadata is shown in the reader's own fonts: CJK and emoji stay as typed there.
    expect(title).toBe(`Cash offer for ${address}`);
  });
});
