import { scanPlainEmailAddress } from './scan-plain-email-address';

// RFC 5321/5322 "dot-atom" local part (letters, digits and !#$%&'*+/=?^_`{|}~- in dot-separated
// runs), at most 64 characters; a domain of two or more dot-separated labels of letters, digits
// and inner hyphens, the last at least two letters (or an IDNA `xn--` label). Quoted local parts,
// IP-literal domains and comments are refused: a bulk list has no use for them, and each is a
// way to make one address look like another.
const ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
// `Ann Lee <ann@example.com>` or `"Lee, Ann" <ann@example.com>`: a display name, then the address in angle brackets.
const DISPLAY_NAME_FORM = /^(?:"[^"\r\n]*"|[^"<>\r\n]*)\s*<([^<>\s]+)>$/;

/** Longest address a mail server must accept (RFC 5321 §4.5.3.1.3 path limit, less the brackets). */
export const MAX_EMAIL_ADDRESS_LENGTH = 254;

/**
 * A recipient address as the app stores and compares it: trimmed and lower-cased; a
 * display-name form (`Ann <ann@example.com>`) is reduced to its address. Null when the value is
 * not one plain, real-looking address (`X<victim@example.org>` is reduced to `victim@example.org`,
 * never sent with its display part; `a@x.com, b@y.com`, `ann@localhost`, `"a b"@x.com` are refused).
 */
export function parseEmailAddress(value: string): string | null {
  // Most values are one plain address (or certainly none): answered in one pass over the
  // characters, which a 300,000-row import does for every row; the rest go through the patterns.
  const plain = scanPlainEmailAddress(value);
  return plain !== undefined ? plain : parseEmailAddressByPatterns(value);
}

/** parseEmailAddress by its patterns alone: the reference its one-pass scan is tested against. */
export function parseEmailAddressByPatterns(value: string): string | null {
  let address = value.trim();
  if (address.includes('<')) {
    const match = DISPLAY_NAME_FORM.exec(address);
    if (!match) return null;
    address = match[1]!;
  }
  if (address.length > MAX_EMAIL_ADDRESS_LENGTH || address.indexOf('@') > 64) return null;
  return ADDRESS.test(address) ? address.toLowerCase() : null;
}
