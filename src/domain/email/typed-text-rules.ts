// A scheme (`https://`, `mailto:` with its address), `www.`, a host name with a path or port
// (`evil.example/login`, `evil.example:8080`), a bare host name ending in a known top-level
// domain (`evil.com`), or an e-mail address: mail clients turn each of these into a link.
const LINK =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|javascript|data):|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+|\/)|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|us|me|app|xyz|top|site|online|link|click|ru|cn)\b|[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
// An HTML tag or comment, or a character reference, which an HTML part might render.
const MARKUP = /<\s*\/?\s*[a-z!][^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i;
// Every link above holds '.', ':' or '@', and markup '<' or '&': text without them is plain at
// once (most names and many addresses), which keeps the check cheap in a 300,000-row import.
const MAY_CARRY = /[.:@<&]/;

/**
 * True when text a user typed would carry a link or markup into an e-mail: only plain words
 * may go from a user's fields (an address, a note, a subject) into a message to someone else,
 * so an account cannot use ours to send phishing. An ordinary street address or note is plain.
 */
export function carriesLinkOrMarkup(text: string): boolean {
  return MAY_CARRY.test(text) && (LINK.test(text) || MARKUP.test(text));
}
