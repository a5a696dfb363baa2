// Characters of an RFC 5322 dot-atom other than '.': letters, digits and !#$%&'*+/=?^_`{|}~-
// (1 for lower case and the rest, 2 for an upper-case letter).
const ATOM = new Uint8Array(128);
for (const character of "abcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+/=?^_`{|}~-") ATOM[character.charCodeAt(0)] = 1;
for (let code = 65; code <= 90; code++) ATOM[code] = 2;

const DOT = 46;
const AT = 64;
const HYPHEN = 45;

const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isLetterOrDigit = (code: number) => isLetter(code) || (code >= 48 && code <= 57);

/**
 * parseEmailAddress's answer for the values it can give at once, in one pass over the
 * characters: the lower-cased address for a plain one (`ann.lee+x@mail.example.com`: a dot-atom
 * local part of at most 64 characters, labels of letters, digits and inner hyphens, a top-level
 * label of 2 to 63 letters, at most 254 characters, nothing around it), null for a value that
 * holds a character beyond ASCII but no '<' (no display-name form can rescue it). Undefined for
 * everything else (spaces to trim, a display-name form, an `xn--` top-level label, any doubt):
 * those need the full parser. It never answers what the full parser would not (property-tested).
 */
export function scanPlainEmailAddress(value: string): string | null | undefined {
  const length = value.length;
  if (length === 0 || length > 254) return undefined;
  // Ends that are printable ASCII other than space: trim() would change nothing.
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(length - 1);
  if (first <= 32 || first >= 127 || last <= 32 || last >= 127) return undefined;

  let upper = false;
  let at = 0;
  // The local part: atoms joined by single dots, at most 64 characters before the '@'.
  for (; at < length; at++) {
    const code = value.charCodeAt(at);
    if (code < 128) {
      const kind = ATOM[code]!;
      if (kind !== 0) {
        if (kind === 2) upper = true;
        continue;
      }
      if (code === DOT && at > 0 && value.charCodeAt(at - 1) !== DOT) continue;
      if (code === AT) break;
      return undefined;
    }
    return value.indexOf('<') === -1 ? null : undefined;
  }
  if (at === 0 || at === length || at > 64 || value.charCodeAt(at - 1) === DOT) return undefined;

  // The domain: labels of letters, digits and inner hyphens (1 to 63 characters), then a
  // top-level label of letters only (2 to 63).
  let labels = 0;
  let labelStart = at + 1;
  let lettersOnly = true;
  for (let index = labelStart; index <= length; index++) {
    const code = index === length ? DOT : value.charCodeAt(index);
    if (code === DOT) {
      const labelLength = index - labelStart;
      if (labelLength === 0 || labelLength > 63) return undefined;
      if (value.charCodeAt(labelStart) === HYPHEN || value.charCodeAt(index - 1) === HYPHEN) return undefined;
      if (index === length) {
        if (labels === 0 || !lettersOnly || labelLength < 2) return undefined;
      }
      labels++;
      labelStart = index + 1;
      lettersOnly = true;
    } else if (isLetter(code)) {
      if (code <= 90) upper = true;
    } else if (isLetterOrDigit(code) || code === HYPHEN) {
      lettersOnly = false;
    } else if (code >= 128) {
      return value.indexOf('<') === -1 ? null : undefined;
    } else return undefined;
  }
  return upper ? value.toLowerCase() : value;
}
