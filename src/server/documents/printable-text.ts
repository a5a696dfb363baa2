// Bidirectional controls (a PDF has no bidirectional algorithm to obey them) and control characters
// other than the line feed draw nothing, or draw a box: they are left out.
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u206F\uFFF9-\uFFFB]/g;
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const REPLACEMENT = '\uFFFD';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Text as a PDF can show it: line breaks as '\n', bidirectional and other control characters
 * left out, and, given the font's coverage, every character the font has no glyph for (most
 * emoji, CJK with DejaVu Sans) as one U+FFFD per character as the reader sees it (a grapheme):
 * a visible "something was here" instead of an empty box or a wrong glyph. Invisible joiners
 * and variation selectors the font lacks are dropped rather than replaced.
 */
export function printableText(text: string, hasGlyph?: (codePoint: number) => boolean): string {
  const cleaned = text.replace(LINE_BREAK, '\n').replace(UNPRINTABLE, (character) => (character === '\t' ? ' ' : ''));
  if (!hasGlyph) return cleaned;
  let printable = '';
  for (const { segment } of graphemes.segment(cleaned)) {
    if (segment === '\n') {
      printable += segment;
      continue;
    }
    let kept = '';
    let missing = false;
    for (const character of segment) {
      const codePoint = character.codePointAt(0)!;
      if (hasGlyph(codePoint)) kept += character;
      else if (!IGNORABLE.test(character)) missing = true;
    }
    printable += missing ? REPLACEMENT : kept;
  }
  return printable;
}
