import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printableText } from './printable-text';

// A font that has Latin, Arabic and the replacement character, and nothing from U+3000 up (like DejaVu Sans with CJK).
const hasGlyph = (codePoint: number) => codePoint === 0xfffd || (codePoint >= 0x20 && codePoint < 0x3000);

describe('printableText', () => {
  it.each([
    ['Zoë Ångström', 'Zoë Ångström'],
    ['شارع الملك فهد', 'شارع الملك فهد'],
    // One replacement per character as the reader sees it: a family emoji is one, not five.
    ['東京 🏠', '\uFFFD\uFFFD \uFFFD'],
    ['Ann 👩\u200D👩\u200D👧 Lee', 'Ann \uFFFD Lee'],
    // A variation selector the font lacks is dropped, not replaced: the symbol itself is drawn.
    ['\u263A\uFE0F', '\u263A'],
    ['12 Oak St\u202Etxt.exe', '12 Oak Sttxt.exe'],
    ['\u2067Ann\u2069 \u200FLee\u061C', 'Ann Lee'],
    ['Ann\u0000\u0007\u009B Lee', 'Ann Lee'],
    ['1 Main St\r\nAustin\rTX\u2028USA', '1 Main St\nAustin\nTX\nUSA'],
    ['Suite\t5', 'Suite 5'],
  ])('%j → %j', (text, printable) => {
    expect(printableText(text, hasGlyph)).toBe(printable);
  });

  it('without a font only leaves out the invisible characters (for metadata, shown in the reader’s fonts)', () => {
    expect(printableText('東京 🏠\u202E', undefined)).toBe('東京 🏠');
  });

  it('gives only characters the font draws, and line feeds, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        for (const character of printableText(text, hasGlyph)) {
          expect(character === '\n' || hasGlyph(character.codePointAt(0)!)).toBe(true);
        }
      }),
    );
  });
});
