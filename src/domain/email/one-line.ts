/**
 * Text made one header line: line breaks and tabs become spaces, runs of spaces one, ends trimmed.
 * A subject is one header line: a line break from an address must not start another header.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
