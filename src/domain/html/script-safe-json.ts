const replacements: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `value` as JSON that can sit inside a `<script type="application/json">` element: the element
 * ends at the first `</script` (and `<!--` changes how it is parsed), so every `<`, `>` and `&`
 * is written as its \u escape, which JSON.parse reads back as the same character. Any text a
 * visitor typed (a homeowner's address) stays data. Line and paragraph separators are escaped
 * too, so the output is also valid inside JavaScript source.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => replacements[character] ?? character);
}
