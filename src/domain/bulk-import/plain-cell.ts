/**
 * A cell without surrounding white space. Most cells have none, so trim() (a builtin call, costly
 * when made for every cell of 300,000 rows) only runs when an end is not printable ASCII.
 */
export function trimCell(value: string): string {
  if (value === '') return value;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  return first > 32 && first < 127 && last > 32 && last < 127 ? value : value.trim();
}

// A character other than printable ASCII, or one of . : @ < & (see isPlainText).
const NOT_PLAIN = /[^\x20-\x25\x27-\x2d\x2f-\x39\x3b\x3d-\x3f\x41-\x7e]/;

/**
 * True when every character is printable ASCII other than '.', ':', '@', '<' and '&'. Such text
 * holds no invisible character (hasNoInvisibleCharacters refuses none of printable ASCII) and
 * carries no link or markup (carriesLinkOrMarkup needs one of those five): one pattern test where
 * most names and addresses would take two.
 */
export function isPlainText(text: string): boolean {
  return !NOT_PLAIN.test(text);
}
