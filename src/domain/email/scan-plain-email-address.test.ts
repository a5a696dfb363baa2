import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEmailAddressByPatterns } from './parse-email-address';
import { scanPlainEmailAddress } from './scan-plain-email-address';

// Characters that decide an address's fate: every class of the patterns, their edges, spaces the
// trim removes, angle brackets and quotes of the display-name form, letters beyond ASCII.
const decisive = fc.constantFrom(
  ...'aAzZmM09-._+@@@..<>"\' \t\r\n,;:[]()\\!#$%&*/=?^`{|}~xn',
  '\u00a0',
  '\ufeff',
  'é',
  'ø',
  'ễ',
  '\u0000',
  '\u007f',
  '\u0080',
);
const label = fc.stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,70}[a-zA-Z0-9])?$/);
const almostAddress = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{0,70}$/),
    fc.array(label, { minLength: 0, maxLength: 4 }),
    fc.oneof(fc.stringMatching(/^[a-zA-Z]{0,70}$/), fc.constant('xn--bcher-kva'), label),
  )
  .map(([local, labels, top]) => `${local}@${[...labels, top].join('.')}`);
const values = fc.oneof(
  fc.string({ unit: decisive, maxLength: 30 }),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.emailAddress(),
  almostAddress,
  // Long ones, about the 64- and 254-character limits.
  fc
    .tuple(fc.integer({ min: 55, max: 70 }), fc.integer({ min: 170, max: 260 }))
    .map(([local, total]) => `${'a'.repeat(local)}@${'b'.repeat(Math.max(1, total - local - 5))}.com`),
  // Mutations of an address: a character of the decisive kind put anywhere.
  fc.tuple(fc.emailAddress(), fc.nat(), decisive).map(([address, at, character]) => {
    const where = at % (address.length + 1);
    return address.slice(0, where) + character + address.slice(where);
  }),
);

describe('scanPlainEmailAddress', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['Ann.Lee+offers@Example.COM', 'ann.lee+offers@example.com'],
    ["o'neil@sub.example.co.uk", "o'neil@sub.example.co.uk"],
    ['søren.1@example.com', null],
    ['ann@exämple.com', null],
    ['', undefined],
    [' ann@example.com', undefined],
    ['Ann <ann@example.com>', undefined],
    ['Jösé <jose@example.com>', undefined],
    ['ann@xn--bcher-kva.example', 'ann@xn--bcher-kva.example'],
    ['ann@example.xn--p1ai', undefined],
    ['ann@localhost', undefined],
    ['a..b@example.com', undefined],
    [`${'a'.repeat(65)}@example.com`, undefined],
  ])('%j → %j', (value, expected) => {
    expect(scanPlainEmailAddress(value)).toBe(expected);
  });

  it('answers only what the full parser answers', () => {
    fc.assert(
      fc.property(values, (value) => {
        const quick = scanPlainEmailAddress(value);
        if (quick !== undefined) expect(quick).toBe(parseEmailAddressByPatterns(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers the plain addresses itself', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (value) => {
        const expected = parseEmailAddressByPatterns(value);
        // fast-check's addresses include quoted-free dot-atoms with xn-- or digit top labels.
        if (expected !== null && /\.[a-z]{2,63}$/i.test(value) && value.length <= 254)
          expect(scanPlainEmailAddress(value)).toBe(expected);
      }),
      { numRuns: 5_000 },
    );
  });
});
