/**
 * Characters refused in names and addresses: C0 and C1 controls (DEL too), the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the directional marks
 * (U+200E, U+200F, U+061C), the deprecated format controls (U+206A–U+206F), the Unicode line and
 * paragraph separators and the interlinear annotation marks. None of them is visible, and the bidi
 * ones reorder what a reader sees ('12 Oak St\u202Etxt.exe' shows as '12 Oak Stexe.txt'): a name
 * or an address typed by a person never needs them.
 */
/* eslint-disable no-control-regex -- control characters are what these patterns find */
const SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u206F\uFFF9-\uFFFB]/;
/** The same, allowing tab, line feed and carriage return: a multi-line field (a postal address) has line breaks. */
const MULTI_LINE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u206F\uFFF9-\uFFFB]/;
/* eslint-enable no-control-regex */

export const invisibleCharactersMessage = 'Please remove invisible formatting characters';

/** False for text holding a control or bidirectional formatting character (see above); `multiLine` allows tab and line breaks. */
export function hasNoInvisibleCharacters(text: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
  return !(multiLine ? MULTI_LINE : SINGLE_LINE).test(text);
}
